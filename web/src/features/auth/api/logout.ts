import { apiClient } from '../../../lib/api-client'

const timeoutMs = 10_000

/**
 * Ends the session on the server, so a copy of its token stops working too. The token is given
 * rather than read from the cookie, which logout clears at once.
 */
export function logout(token: string) {
  return apiClient.call('logout', { timeoutMs, headers: { Authorization: `Bearer ${token}` } })
}
