import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { usePublicSettings } from '../../../api/get-public-settings'
import { isMaintenance } from '../../../api/maintenance'
import { endSession, sessionStore, setSessionUser } from '../../../stores/session-store'
import { profileQueryOptions } from '../api/get-profile'

/**
 * SPEC section 4: at start the session is restored from the cookie's token through the profile
 * call; if that fails the user is logged out and the token removed, without a message. During
 * maintenance a user's profile call is refused for the maintenance, not for the token: the
 * session waits (the maintenance page shows) and is restored once the site is open again.
 */
export function useSessionRestore(): void {
  const queryClient = useQueryClient()
  const { status } = useSnapshot(sessionStore)
  const maintenance = usePublicSettings().data?.maintenanceMode === true

  // biome-ignore lint/correctness/useExhaustiveDependencies: `maintenance` turning off asks again.
  useEffect(() => {
    if (status !== 'restoring') return
    let current = true
    queryClient.fetchQuery(profileQueryOptions()).then(
      (user) => {
        if (current) setSessionUser(user)
      },
      (error: unknown) => {
        if (current && !isMaintenance(error)) endSession()
      },
    )
    return () => {
      current = false
    }
  }, [status, queryClient, maintenance])
}
