import { sessionMessages } from '@prizes/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { endSession, sessionStore } from '../../../stores/session-store'
import { closeOverlay, showSnackbar } from '../../../stores/ui-store'
import { logout } from '../api/logout'

/**
 * SPEC section 4: logout clears local state and the token; and (issue 23) asks the server to
 * end the session, so a copied token stops working too. Local state goes at once, whatever the
 * server answers: an ended or expired session has nothing left to end.
 */
export function useLogout() {
  const queryClient = useQueryClient()
  return () => {
    const token = sessionStore.token
    if (token) logout(token).catch(() => {})
    endSession()
    queryClient.removeQueries({ queryKey: ['auth'] })
    closeOverlay()
    showSnackbar(sessionMessages.loggedOut, { severity: 'success' })
  }
}
