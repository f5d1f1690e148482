import { ApiError } from '../../../../lib/api-client'

/** The code of the error the analytics calls throw, without asking, when there is no session token. */
export const noTokenCode = 'NO_AUTH_TOKEN'

/** SPEC section 8, "Analytics load errors", word for word. */
export const analyticsLoadMessages = {
  noToken: 'No authentication token found',
  network: 'Network error. Please check your connection.',
  401: 'Authentication failed. Please log in again.',
  403: 'Access denied. Admin privileges required.',
  404: 'Analytics endpoint not found.',
  500: 'Server error. Please try again later.',
} as const

const isAbort = (error: unknown) =>
  typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError'

/**
 * What the Analytics tab's banner says for a failed load, or null for an aborted request (which
 * is ignored). No answer at all (offline, or no answer within the 10 s limit) is a network error;
 * other statuses than the spec's named ones read 'API Error (status): message'.
 */
export function analyticsLoadMessage(error: unknown): string | null {
  if (isAbort(error)) return null
  if (!(error instanceof ApiError)) {
    return `API Error (unknown): ${error instanceof Error && error.message ? error.message : 'Unknown error'}`
  }
  if (error.code === noTokenCode) return analyticsLoadMessages.noToken
  if (error.status === 0) return analyticsLoadMessages.network
  if (error.status === 401 || error.status === 403 || error.status === 404 || error.status === 500) {
    return analyticsLoadMessages[error.status]
  }
  return `API Error (${error.status}): ${error.message}`
}
