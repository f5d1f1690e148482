import { useEffect, useRef } from 'react'
import { useSnapshot } from 'valtio'
import { sessionStore } from '../../stores/session-store'
import { openOverlay, showSnackbar } from '../../stores/ui-store'

/** The query value emails link with (`/?dashboard=entries`); the dashboard itself has no route. */
const dashboardParam = 'dashboard'

/**
 * Opens the user dashboard when the page was opened from an email's dashboard link: at once
 * when signed in, else after asking to sign in first. The value is taken off the address so a
 * reload or a shared URL does not open it again.
 */
export function useDashboardLink(): void {
  const { status } = useSnapshot(sessionStore)
  const pending = useRef(false)

  useEffect(() => {
    const url = new URL(window.location.href)
    if (!url.searchParams.has(dashboardParam)) return
    url.searchParams.delete(dashboardParam)
    history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`)
    pending.current = true
  }, [])

  useEffect(() => {
    if (!pending.current || status === 'restoring') return
    if (status === 'signed-in') {
      pending.current = false
      openOverlay({ kind: 'dashboard' })
      return
    }
    // Signed out: sign in first; the dashboard opens once the session starts.
    openOverlay({ kind: 'accounts', intent: 'sign-in' })
    showSnackbar('Please sign in to see your dashboard.', { severity: 'info' })
  }, [status])
}
