import { authErrorCodes, authMessages } from '@prizes/contracts'
import { ApiError, clientErrorCodes, clientErrorMessages } from '../../../lib/api-client'
import { messageOf } from '../../../lib/server-message'
import { authFallbacks } from './messages'

/** Login refused until the address is verified: by code, or by wording from an older server. */
export function isEmailNotVerified(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === authErrorCodes.emailNotVerified || /verify your email/i.test(error.message))
  )
}

const noResponse: ReadonlySet<string> = new Set([clientErrorCodes.network, clientErrorCodes.timeout])

/** SPEC section 8, verification page: what went wrong following a verification link. */
export function verificationFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return authMessages.invalidVerificationToken
  if (noResponse.has(error.code)) return clientErrorMessages.network
  if (error.status >= 500) return authFallbacks.verificationServerError
  return messageOf(error, authMessages.invalidVerificationToken)
}

/** Whether a reset link failed because of the link (ask for a new one) or because nobody answered (try again). */
export function isLinkProblem(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500
}
