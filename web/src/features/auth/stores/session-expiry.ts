import { errorCodes, sessionMessages } from '@prizes/contracts'
import { ApiError } from '../../../lib/api-client'
import { endSession, sessionStore } from '../../../stores/session-store'
import { openOverlay, showSnackbar } from '../../../stores/ui-store'

/**
 * A signed-in call answered "not signed in" (the session was ended elsewhere: a password change
 * on another device, a ban): end it here too and offer the login, instead of leaving a header
 * that claims a session the server no longer honours. A failed restore stays silent (SPEC
 * section 4), so only a live session is ended this way.
 */
export function endSessionIfRefused(error: unknown): void {
  if (!(error instanceof ApiError) || error.status !== 401 || error.code !== errorCodes.unauthorized) return
  if (sessionStore.status !== 'signed-in') return
  endSession()
  showSnackbar(error.message || sessionMessages.sessionExpired, { severity: 'warning' })
  openOverlay({ kind: 'accounts', intent: 'sign-in' })
}
