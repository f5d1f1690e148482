import {
  type Actor,
  actor as actorSchema,
  competitionStream,
  userDeletedRefundReason,
} from '@prizes/contracts'
import { competitionDecider, EntryNotRefundable } from '@prizes/domain'
import { type PaymentProvider, RefundRefused } from '@prizes/payments'
import type { Logger } from '@prizes/platform'
import type { Knex } from 'knex'
import type { CommandHandler } from '../command-handler'
import { recordRefund, releaseReservation } from '../entries/entries'
import { cancelQuietly } from '../entries/replace'
import { refundIdempotencyKey } from '../reactors/entries/refund-reactor'

/**
 * The refunds a deleted user is owed (issue 11): every paid, unrefunded entry of theirs in a
 * competition still open (active) is refunded in full through the payment provider and recorded
 * as EntryRefunded with reason `user_deleted`, the deleting admin in its metadata. Entries in
 * closed, drawing or completed competitions are not refunded: their tickets stay in the sealed
 * list, which holds only ticket numbers and references, never personal data. Cancelled
 * competitions are refunded by their own reactor.
 *
 * Crash safety: the plan (`user_erasure_refunds`) is written before any money moves, and the
 * deletion's request and the reactor on UserErased both settle it. A repeat calls the provider
 * under the same key as every other refund of the entry (`refund-<entryId>`), which answers the
 * same refund, and the domain records one refund per entry: no refund is lost or made twice.
 */

export const erasureRefundsTable = 'user_erasure_refunds'

export interface ErasureRefundDeps {
  readonly handler: CommandHandler
  readonly knex: Knex
  readonly payments: PaymentProvider
  readonly logger: Logger
}

interface PlanRow {
  readonly entry_id: string
  readonly competition_id: string
  readonly payment_intent_id: string
  readonly actor: unknown
  readonly reason: string
  readonly refund_id: string | null
  readonly outcome: 'refunded' | 'skipped' | null
}

/**
 * Plans the refunds of the user's paid entries in active competitions, from the entries read
 * model through its `(user_id, payment_status)` index: the work grows with this user's entries,
 * never with everyone's. Planning again adds only what is new.
 */
export async function planErasureRefunds(
  knex: Knex,
  userId: string,
  by: { readonly actor: Actor; readonly reason: string },
): Promise<void> {
  const { rows } = await knex.raw<{ rows: { ready: boolean }[] }>(
    'select to_regclass(?) is not null and to_regclass(?) is not null as ready',
    ['entries', 'competitions'],
  )
  if (!rows[0]?.ready) throw new Error('the entries read model is not there yet')
  await knex.raw(
    `insert into ${erasureRefundsTable}
       (entry_id, user_id, competition_id, payment_intent_id, amount_pence, actor, reason)
     select e.id, e.user_id, e.competition_id, e.payment_intent_id, e.amount_pence, ?::jsonb, ?
       from entries e join competitions c on c.id = e.competition_id
      where e.user_id = ? and e.payment_status = 'paid' and e.status = 'allocated'
        and e.payment_intent_id is not null and e.amount_pence > 0 and c.status = 'active'
     on conflict (entry_id) do nothing`,
    [JSON.stringify(by.actor), by.reason, userId],
  )
}

/** Reservations released per read of the entries read model (a keyset page). */
const releasePage = 100

/**
 * Gives up the erased user's open reservations (`user_erased`) and cancels their intents with
 * the provider, so their tickets go back on sale and nobody pays for them. Found through the
 * entries read model's `(user_id, payment_status)` index: `pending` is exactly `reserved`, so
 * the work grows with this user's reservations in flight (one per competition at most), never
 * with anyone's entries. Run after UserErased; the caller waits for the read models to show it,
 * so every reservation made before the erasure is found.
 *
 * The race with a confirmation is settled by the competition stream, which takes one of the two
 * first: released first, the entry remembers why and its payment is owed back and refunded
 * (`allocateTickets`); allocated first, the release records nothing and the entry, now paid,
 * is put in the deletion's refund plan here, from the stream's own state (the read model may
 * not show the allocation yet). A reservation made after the erasure (a request in flight) is
 * not found here, but its payment can only be confirmed after the erasure, which confirmation
 * sees on the user's stream: owed back too. Either way no money is kept without a refund.
 */
export async function releaseErasedUserReservations(
  deps: ErasureRefundDeps,
  userId: string,
  by: { readonly actor: Actor; readonly reason: string },
): Promise<void> {
  let after = ''
  for (;;) {
    const page: { id: string; competition_id: string }[] = await deps
      .knex('entries')
      .where({ user_id: userId, payment_status: 'pending' })
      .andWhere('id', '>', after)
      .orderBy('id')
      .limit(releasePage)
      .select('id', 'competition_id')
    for (const row of page) await releaseOne(deps, userId, row.competition_id, row.id, by)
    const last = page.at(-1)
    if (page.length < releasePage || last === undefined) return
    after = last.id
  }
}

async function releaseOne(
  deps: ErasureRefundDeps,
  userId: string,
  competitionId: string,
  entryId: string,
  by: { readonly actor: Actor; readonly reason: string },
): Promise<void> {
  const context = { actor: by.actor, now: new Date(), reason: by.reason }
  const { state } = await releaseReservation(deps, { competitionId, entryId, reason: 'user_erased' }, context)
  const entry = state.exists ? state.entries.get(entryId) : undefined
  if (!state.exists || entry === undefined || entry.paymentIntentId === null) return
  if (entry.status === 'paid') {
    // Confirmed just before the release: a paid entry like any other the deletion refunds.
    if (state.status !== 'active' || entry.amountPence <= 0) return
    await deps.knex.raw(
      `insert into ${erasureRefundsTable}
         (entry_id, user_id, competition_id, payment_intent_id, amount_pence, actor, reason)
       values (?, ?, ?, ?, ?, ?::jsonb, ?)
       on conflict (entry_id) do nothing`,
      [
        entryId,
        userId,
        competitionId,
        entry.paymentIntentId,
        entry.amountPence,
        JSON.stringify(by.actor),
        by.reason,
      ],
    )
    return
  }
  // Released now or before: nobody should still pay its intent (a payment that does is owed back).
  if (entry.status === 'released' || entry.status === 'failed' || entry.status === 'reserved')
    await cancelQuietly(deps, entry.paymentIntentId)
}

/** Some of a deleted user's refunds the provider refused (disputed): they stay owed in the plan. */
export class ErasureRefundsRefused extends Error {
  constructor(readonly refusals: readonly RefundRefused[]) {
    super(refusals.map((refusal) => refusal.message).join('; '), { cause: refusals[0] })
    this.name = 'ErasureRefundsRefused'
  }
}

/**
 * Settles every planned refund of the user still owed; answers how many of their entries the
 * deletion refunded (now or by an earlier run): `deletedEntries`. A provider failure throws
 * (the caller retries); an entry the competition sealed meanwhile is left for a later run. A
 * refund the provider refuses leaves that entry owed and the others settled, then throws
 * ErasureRefundsRefused.
 */
export async function settleErasureRefunds(deps: ErasureRefundDeps, userId: string): Promise<number> {
  const plan: PlanRow[] = await deps.knex(erasureRefundsTable).where({ user_id: userId }).orderBy('entry_id')
  let refunded = 0
  const refused: RefundRefused[] = []
  for (const row of plan) {
    try {
      const outcome = row.outcome ?? (await settle(deps, row))
      if (outcome === 'refunded') refunded += 1
    } catch (error) {
      if (!(error instanceof RefundRefused)) throw error
      deps.logger.error({ err: error, entryId: row.entry_id }, 'deleted user: refund refused by the provider')
      refused.push(error)
    }
  }
  if (refused.length > 0) throw new ErasureRefundsRefused(refused)
  return refunded
}

async function settle(deps: ErasureRefundDeps, row: PlanRow): Promise<PlanRow['outcome']> {
  const { knex, payments } = deps
  const log = deps.logger.child({ entryId: row.entry_id, competitionId: row.competition_id })
  const mark = (outcome: 'refunded' | 'skipped', note: string | null) =>
    knex(erasureRefundsTable)
      .where({ entry_id: row.entry_id })
      .whereNull('outcome')
      .update({ outcome, note, settled_at: knex.fn.now() })
      .then(() => outcome)

  let refundId = row.refund_id
  if (refundId === null) {
    // The domain's word, not the read model's: only a paid entry of an active competition.
    const state = await deps.handler.load(competitionStream(row.competition_id), competitionDecider)
    const entry = state.exists ? state.entries.get(row.entry_id) : undefined
    if (entry?.status === 'refunded') return mark('refunded', 'refunded before the deletion settled')
    if (!state.exists || state.status !== 'active' || entry?.status !== 'paid') {
      log.info({ status: state.exists ? state.status : 'none' }, 'deleted user: entry no longer refundable')
      return mark('skipped', 'the competition is no longer open')
    }
    const refund = await payments.refund({
      paymentIntentId: row.payment_intent_id,
      idempotencyKey: refundIdempotencyKey(row.entry_id),
    })
    refundId = refund.id
    await knex(erasureRefundsTable).where({ entry_id: row.entry_id }).update({ refund_id: refundId })
  }
  const parsedActor = actorSchema.safeParse(row.actor)
  try {
    await recordRefund(
      deps,
      {
        competitionId: row.competition_id,
        entryId: row.entry_id,
        refundId,
        reason: userDeletedRefundReason,
      },
      {
        actor: parsedActor.success ? parsedActor.data : { system: 'user-deletion' },
        now: new Date(),
        reason: row.reason,
      },
    )
  } catch (error) {
    if (!(error instanceof EntryNotRefundable)) throw error
    // Refunded by the provider, but the competition sealed its tickets in between: the domain
    // records it once the draw is complete, on the next settling of this plan.
    log.error({ err: error, refundId }, 'deleted user: refund made, not yet recordable')
    return null
  }
  log.info({ refundId }, 'deleted user: entry refunded')
  return mark('refunded', null)
}
