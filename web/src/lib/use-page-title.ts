import { useEffect } from 'react'
import { siteName } from './site'

/** Each route names itself in the tab and for screen readers announcing the new page. */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    document.title = title
      ? `${title} – ${siteName}`
      : `${siteName} – skill-based prize competitions in the UK and Ireland`
  }, [title])
}
