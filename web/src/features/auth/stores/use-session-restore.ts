import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { profileQueryOptions } from '../api/get-profile'
import { endSession, sessionStore, setSessionUser } from './session-store'

/**
 * SPEC section 4: at start the session is restored from the cookie's token through the profile
 * call; if that fails the user is logged out and the token removed, without a message.
 */
export function useSessionRestore(): void {
  const queryClient = useQueryClient()
  const { status } = useSnapshot(sessionStore)

  useEffect(() => {
    if (status !== 'restoring') return
    let current = true
    queryClient.fetchQuery(profileQueryOptions()).then(
      (user) => {
        if (current) setSessionUser(user)
      },
      () => {
        if (current) endSession()
      },
    )
    return () => {
      current = false
    }
  }, [status, queryClient])
}
