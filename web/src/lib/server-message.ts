import { ApiError, clientErrorCodes } from './api-client'

/** Codes whose message was written by the client, not the server. */
const withoutServerMessage: ReadonlySet<string> = new Set([
  clientErrorCodes.invalidResponse,
  clientErrorCodes.http,
])

/** SPEC section 8: the server's message is shown, else the fallback for that action. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError && !withoutServerMessage.has(error.code) && error.message !== '') {
    return error.message
  }
  return fallback
}
