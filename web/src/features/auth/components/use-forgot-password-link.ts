import { useEffect } from 'react'
import { useLocation, useSearch } from 'wouter'
import { openOverlay } from '../../../stores/ui-store'

/** `/?forgot-password=true` (where the reset page sends people who need a new link) opens the dialog once. */
export function useForgotPasswordLink(): void {
  const search = useSearch()
  const [, navigate] = useLocation()
  useEffect(() => {
    if (new URLSearchParams(search).get('forgot-password') !== 'true') return
    openOverlay({ kind: 'forgot-password' })
    // Dropped from the address so a reload or a shared link does not open it again.
    navigate('/', { replace: true })
  }, [search, navigate])
}
