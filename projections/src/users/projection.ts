import { type UserEventType, userEvents } from '@prizes/contracts'
import type { RecordedEvent } from '@prizes/event-store'
import { usersTable } from '@prizes/read-models'
import type { Knex } from 'knex'
import { type Apply, dispatch, on } from '../appliers'
import { eventTime, type Projection } from '../projection'
import { deleteSearchTerms, replaceSearchTerms, userSearchTermsTable } from './search-terms'

/** Changes a user's row once per revision: a replayed event finds a newer revision and does nothing. */
async function update(
  trx: Knex.Transaction,
  event: RecordedEvent,
  userId: string,
  set: object,
): Promise<boolean> {
  const changed = await trx(usersTable)
    .where({ user_id: userId })
    .andWhere('last_revision', '<', event.revision.toString())
    .update({ ...set, last_revision: event.revision.toString() })
  return changed > 0
}

const appliers: { readonly [K in UserEventType]?: Apply } = {
  UserRegistered: on(userEvents.UserRegistered, async (trx, event, data) => {
    const inserted = await trx(usersTable)
      .insert({
        user_id: data.userId,
        role: data.role,
        guest: data.guest,
        source: data.source,
        marketing_emails: data.marketingEmails,
        email_verified: data.emailVerified,
        personal: JSON.stringify(data.personal),
        registered_at: eventTime(event),
        last_revision: event.revision.toString(),
      })
      .onConflict('user_id')
      .ignore()
      .returning('user_id')
    if (inserted.length > 0) await replaceSearchTerms(trx, data.userId, data.personal)
  }),
  EmailVerified: on(userEvents.EmailVerified, (trx, event, data) =>
    update(trx, event, data.userId, { email_verified: true }),
  ),
  EmailUnverified: on(userEvents.EmailUnverified, (trx, event, data) =>
    update(trx, event, data.userId, { email_verified: false }),
  ),
  ProfileUpdated: on(userEvents.ProfileUpdated, async (trx, event, data) => {
    const changed = await update(trx, event, data.userId, { personal: JSON.stringify(data.personal) })
    if (changed) await replaceSearchTerms(trx, data.userId, data.personal)
  }),
  UserBanned: on(userEvents.UserBanned, (trx, event, data) =>
    update(trx, event, data.userId, { banned: true }),
  ),
  UserUnbanned: on(userEvents.UserUnbanned, (trx, event, data) =>
    update(trx, event, data.userId, { banned: false }),
  ),
  UserPromoted: on(userEvents.UserPromoted, (trx, event, data) =>
    update(trx, event, data.userId, { role: 'admin' }),
  ),
  UserDemoted: on(userEvents.UserDemoted, (trx, event, data) =>
    update(trx, event, data.userId, { role: 'user' }),
  ),
  WinnerNameHidden: on(userEvents.WinnerNameHidden, (trx, event, data) =>
    update(trx, event, data.userId, { winner_name_hidden: true }),
  ),
  WinnerNameShown: on(userEvents.WinnerNameShown, (trx, event, data) =>
    update(trx, event, data.userId, { winner_name_hidden: false }),
  ),
  /** The key is gone already; the ciphertext goes too, so nothing here even looks like data. */
  UserErased: on(userEvents.UserErased, async (trx, event, data) => {
    await update(trx, event, data.userId, { personal: null, erased_at: eventTime(event) })
    await deleteSearchTerms(trx, data.userId)
  }),
}

/**
 * Every account with its role and standing, and its personal fields still encrypted under the
 * user's key (the query service decrypts them when it reads; see the 0006 migration).
 */
export const usersProjection: Projection = {
  name: 'users',
  handles: Object.keys(appliers),
  tables: [usersTable, userSearchTermsTable],
  apply: dispatch(appliers),
}
