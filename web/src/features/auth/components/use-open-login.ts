import { useLocation } from 'wouter'
import { openOverlay } from '../../../stores/ui-store'

/** "Back to Login" and "Go to Login" on the pages: home, with the auth modal open on Login. */
export function useOpenLogin() {
  const [, navigate] = useLocation()
  return (email?: string) => {
    navigate('/')
    openOverlay(
      email ? { kind: 'accounts', intent: 'sign-in', email } : { kind: 'accounts', intent: 'sign-in' },
    )
  }
}
