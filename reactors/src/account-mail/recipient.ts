import { userStream } from '@prizes/contracts'
import type { EventStore } from '@prizes/event-store'
import type { Logger } from '@prizes/platform'
import type { UserKeyReader } from '../user-keys'
import { readRecipient } from './mail-reactor'
import { foldUserMailView } from './user-view'

/**
 * Where to email a user about their entry or competition: their address and first name,
 * decrypted with their key. Nobody (logged, and the reactor moves on without an email) when the
 * user is unknown or erased, their key is gone, or their details cannot be decrypted.
 */
export async function entrantRecipient(
  on: { readonly store: Pick<EventStore, 'readStream'>; readonly userKeys: UserKeyReader },
  userId: string,
  log: Logger,
): Promise<{ to: string; firstName: string | undefined } | undefined> {
  const user = foldUserMailView(await on.store.readStream(userStream(userId)))
  if (!user || user.erased) return void log.info({ userId }, 'no such user, or erased; no email')
  const key = await on.userKeys.read(userId)
  if (!key) return void log.info({ reason: 'the user was erased (no key)' }, 'no email')
  return readRecipient(key, user.personal.email, user.personal.firstName, log)
}
