import { sessionMessages } from '@prizes/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { closeOverlay, showSnackbar } from '../../../stores/ui-store'
import { endSession } from './session-store'

/** SPEC section 4: logout clears local state and the token; nothing is called. */
export function useLogout() {
  const queryClient = useQueryClient()
  return () => {
    endSession()
    queryClient.removeQueries({ queryKey: ['auth'] })
    closeOverlay()
    showSnackbar(sessionMessages.loggedOut, { severity: 'success' })
  }
}
