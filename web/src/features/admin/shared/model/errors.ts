import { ApiError } from '../../../../lib/api-client'

/** The reason a call failed: the server's message, else what the client could tell. */
export function reasonOf(error: unknown): string {
  if (error instanceof Error && error.message !== '') return error.message
  return 'Unknown error'
}

/** SPEC section 8: 'Failed to …: reason'. */
export const failureMessage = (action: string, error: unknown) => `${action}: ${reasonOf(error)}`

/** The server could not reach drand and asks the admin for the sealed round's value. */
export const publicRandomnessRequired = 'PUBLIC_RANDOMNESS_REQUIRED'

export const needsRandomness = (error: unknown) =>
  error instanceof ApiError && error.code === publicRandomnessRequired
