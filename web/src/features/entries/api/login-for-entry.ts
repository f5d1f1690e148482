import type { SessionUser } from '@prizes/contracts'
import { apiClient } from '../../../lib/api-client'

const timeoutMs = 20_000

/** The Account Found prompt's login; the caller starts the session with the answer. */
export async function loginForEntry(
  email: string,
  password: string,
): Promise<{ user: SessionUser; token: string }> {
  const { user, token } = await apiClient.call('loginForEntry', { timeoutMs, body: { email, password } })
  return { user, token }
}
