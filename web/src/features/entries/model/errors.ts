import { ApiError, clientErrorCodes } from '../../../lib/api-client'

/** Codes whose message the client wrote ("Request failed (404)"), not the server. */
const clientWritten: ReadonlySet<string> = new Set([clientErrorCodes.invalidResponse, clientErrorCodes.http])

/**
 * SPEC section 8: show the server's message, else the flow's fallback. A failure whose message
 * is our own client's wording becomes a message-less error, so the flow falls back.
 */
export function withServerMessage(error: unknown): Error {
  if (error instanceof ApiError && !clientWritten.has(error.code)) return error
  return new Error('')
}

/** Runs a call, rethrowing its failure as `withServerMessage` sees it. */
export async function serverMessages<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    throw withServerMessage(error)
  }
}
