import { siteName } from '@prizes/contracts'
import { useEffect } from 'react'

/** Each route names itself in the tab and for screen readers announcing the new page. */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    document.title = title
      ? `${title} – ${siteName}`
      : `${siteName} – skill-based prize competitions in the UK and Ireland`
  }, [title])
}
