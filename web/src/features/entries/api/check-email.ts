import { apiClient } from '../../../lib/api-client'

const timeoutMs = 20_000

/** Signed out, the entry flow asks first whether the email already has an account. */
export async function checkEmail(email: string): Promise<{ exists: boolean }> {
  const { exists } = await apiClient.call('checkEmail', { timeoutMs, body: { email } })
  return { exists }
}
