import { breakAt } from '@prizes/domain'
import type { Knex } from 'knex'
import type { StreamStore } from '../command-handler'
import { userIdByEmail } from '../users/email-index'
import { loadUserState } from '../users/user-stream'

/**
 * Whether marketing email to this address must not go: its account is on a break (or excluded
 * for good). A break means no marketing of any kind, whatever the person subscribed to.
 */
export async function marketingPausedFor(
  deps: { readonly knex: Knex; readonly store: Pick<StreamStore, 'readStream'> },
  email: string,
  now: Date,
): Promise<boolean> {
  const userId = await userIdByEmail(deps.knex, email)
  if (userId === undefined) return false
  const user = await loadUserState(deps.store, userId)
  return user.status === 'registered' && breakAt(user.play, now) !== undefined
}
