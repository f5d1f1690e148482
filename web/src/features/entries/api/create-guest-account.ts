import type { EntrySubmission, SessionUser } from '@prizes/contracts'
import { apiClient } from '../../../lib/api-client'

const timeoutMs = 20_000

/** An account for someone entering without one, signed in at once (SPEC section 4, entry flow). */
export async function createGuestAccount(
  submission: EntrySubmission,
  tempPassword: string,
): Promise<{ user: SessionUser; token: string }> {
  const { firstName, lastName, email, phone, address } = submission
  // The details step asks a guest for it (issue 24); the server refuses an account without one.
  const dateOfBirth = submission.dateOfBirth ?? ''
  const { user, token } = await apiClient.call('createGuestAccount', {
    timeoutMs,
    body: {
      firstName,
      lastName,
      email,
      phone,
      address,
      dateOfBirth,
      tempPassword,
      source: 'competition_entry',
    },
  })
  return { user, token }
}
