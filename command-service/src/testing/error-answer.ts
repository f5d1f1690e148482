import { isCodedError } from '@prizes/contracts'
import { replyTo } from '@prizes/platform'

/** How the error middleware answers a thrown error (status and body, flat); undefined if untyped. */
export function answerOf(error: unknown) {
  if (!isCodedError(error)) return undefined
  const { status, body, retryAfterSeconds } = replyTo(error)
  return { status, ...body, retryAfterSeconds }
}
