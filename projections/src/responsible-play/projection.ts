import { spendingAlertEvents, spendingAlertStream, userEvents, userStreamPrefix } from '@prizes/contracts'
import type { RecordedEvent } from '@prizes/event-store'
import type { Knex } from 'knex'
import { type Apply, dispatch, on } from '../appliers'
import { eventTime, type Projection } from '../projection'

export const userResponsiblePlayTable = 'user_responsible_play'
export const responsiblePlayChangesTable = 'responsible_play_changes'
export const spendingAlertChangesTable = 'spending_alert_changes'

/**
 * The audit row of one change (who, when, what), once per revision, and the user's standing row
 * changed only by a newer revision than it holds: a replay changes nothing.
 */
async function record(
  trx: Knex.Transaction,
  event: RecordedEvent,
  userId: string,
  set: Record<string, unknown>,
): Promise<void> {
  const revision = event.revision.toString()
  await trx(responsiblePlayChangesTable)
    .insert({
      user_id: userId,
      revision,
      type: event.type,
      occurred_at: eventTime(event),
      actor: JSON.stringify(event.metadata.actor ?? null),
      data: JSON.stringify(event.data),
    })
    .onConflict(['user_id', 'revision'])
    .ignore()
  await trx(userResponsiblePlayTable)
    .insert({ user_id: userId, ...set, last_revision: revision })
    .onConflict('user_id')
    .merge({ ...set, last_revision: revision })
    .where(`${userResponsiblePlayTable}.last_revision`, '<', revision)
}

const userAppliers = {
  SpendingLimitSet: on(userEvents.SpendingLimitSet, (trx, event, data) =>
    record(trx, event, data.userId, {
      limit_pence: data.limitPence,
      pending: false,
      pending_limit_pence: null,
      pending_effective_at: null,
    }),
  ),
  SpendingLimitIncreaseRequested: on(userEvents.SpendingLimitIncreaseRequested, (trx, event, data) =>
    record(trx, event, data.userId, {
      limit_pence: data.currentLimitPence,
      pending: true,
      pending_limit_pence: data.limitPence,
      pending_effective_at: data.effectiveAt,
    }),
  ),
  SpendingLimitSkipped: on(userEvents.SpendingLimitSkipped, (trx, event, data) =>
    record(trx, event, data.userId, {}),
  ),
  BreakTaken: on(userEvents.BreakTaken, (trx, event, data) =>
    record(trx, event, data.userId, { break_ends_at: data.endsAt, break_permanent: data.endsAt === null }),
  ),
  UnconfirmedPlayDropped: on(userEvents.UnconfirmedPlayDropped, (trx, event, data) =>
    record(trx, event, data.userId, {
      limit_pence: data.limitPence,
      pending: data.pending !== null,
      pending_limit_pence: data.pending?.limitPence ?? null,
      pending_effective_at: data.pending?.effectiveAt ?? null,
      break_ends_at: data.break?.endsAt ?? null,
      break_permanent: data.break !== null && data.break.endsAt === null,
    }),
  ),
  AccountHeldForReview: on(userEvents.AccountHeldForReview, (trx, event, data) =>
    record(trx, event, data.userId, { held_for_review: true }),
  ),
  AccountReviewCleared: on(userEvents.AccountReviewCleared, (trx, event, data) =>
    record(trx, event, data.userId, { held_for_review: false }),
  ),
} satisfies Record<string, Apply>

const applyUserEvent = dispatch(userAppliers)

async function apply(trx: Knex.Transaction, event: RecordedEvent): Promise<void> {
  if (event.streamId === spendingAlertStream && event.type === 'SpendingAlertThresholdChanged') {
    const { thresholdPence } = spendingAlertEvents.SpendingAlertThresholdChanged.parse(event.data)
    await trx(spendingAlertChangesTable)
      .insert({
        revision: event.revision.toString(),
        threshold_pence: thresholdPence,
        occurred_at: eventTime(event),
        actor: JSON.stringify(event.metadata.actor ?? null),
        reason: typeof event.metadata.reason === 'string' ? event.metadata.reason : null,
      })
      .onConflict('revision')
      .ignore()
    return
  }
  if (event.streamId.startsWith(userStreamPrefix)) await applyUserEvent(trx, event)
}

/**
 * Responsible play for the admin: each user's monthly limit, pending increase and break, the
 * audit trail of their changes, and the spending alert threshold with its changes.
 */
export const responsiblePlayProjection: Projection = {
  name: 'responsible_play',
  handles: [...Object.keys(userAppliers), ...Object.keys(spendingAlertEvents)],
  tables: [userResponsiblePlayTable, responsiblePlayChangesTable, spendingAlertChangesTable],
  apply,
}
