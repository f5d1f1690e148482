import { breakAt } from '@prizes/domain'
import type { Knex } from 'knex'
import type { StreamStore } from '../command-handler'
import { userIdByEmail } from '../users/email-index'
import { loadUserState } from '../users/user-stream'
import { breakMatching, personHashes } from './people'

/**
 * Whether marketing email to this address must not go: its account, or its person under another
 * account of the same inbox, is on a break (or excluded for good). A break means no marketing of
 * any kind, whatever the person subscribed to.
 */
export async function marketingPausedFor(
  deps: {
    readonly knex: Knex
    readonly store: Pick<StreamStore, 'readStream'>
    readonly secrets?: { readonly oneTimeTokens: Buffer }
  },
  email: string,
  now: Date,
): Promise<boolean> {
  // A person's break, under whichever account of this inbox they took it (issue 23).
  if (deps.secrets) {
    const person = { email, firstName: '', lastName: '', address: '', dateOfBirth: null }
    if (await breakMatching(deps.knex, personHashes(deps.secrets.oneTimeTokens, person), now)) return true
  }
  const userId = await userIdByEmail(deps.knex, email)
  if (userId === undefined) return false
  const user = await loadUserState(deps.store, userId)
  return user.status === 'registered' && breakAt(user.play, now) !== undefined
}
