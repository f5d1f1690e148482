import { entryEvents, userEvents } from '@prizes/contracts'
import type { RecordedEvent } from '@prizes/event-store'
import type { Knex } from 'knex'
import { type Apply, dispatch, on } from '../appliers'
import { eventTime, type Projection } from '../projection'

export const statsUsersTable = 'stats_users'
export const statsEntriesTable = 'stats_entries'
export const statsDailyTable = 'stats_daily'
export const statsTotalsTable = 'stats_totals'

type Totals = Partial<Record<'users' | 'verified' | 'entries' | 'paid' | 'pending' | 'revenue_pence', number>>
type Daily = Partial<Record<'new_users' | 'entries_created' | 'revenue_pence', number>>

/** The UTC day of the event, as `yyyy-mm-dd`. */
export const dayOf = (event: RecordedEvent): string => eventTime(event).toISOString().slice(0, 10)

async function addTotals(trx: Knex.Transaction, delta: Totals): Promise<void> {
  const row = { id: 1, users: 0, verified: 0, entries: 0, paid: 0, pending: 0, revenue_pence: 0, ...delta }
  const set = Object.fromEntries(
    Object.keys(delta).map((column) => [
      column,
      trx.raw('??.?? + excluded.??', [statsTotalsTable, column, column]),
    ]),
  )
  await trx(statsTotalsTable).insert(row).onConflict('id').merge(set)
}

async function addDaily(trx: Knex.Transaction, day: string, delta: Daily): Promise<void> {
  const row = { day, new_users: 0, entries_created: 0, revenue_pence: 0, ...delta }
  const set = Object.fromEntries(
    Object.keys(delta).map((column) => [
      column,
      trx.raw('??.?? + excluded.??', [statsDailyTable, column, column]),
    ]),
  )
  await trx(statsDailyTable).insert(row).onConflict('day').merge(set)
}

interface EntryState {
  readonly state: 'pending' | 'released' | 'paid' | 'refunded'
  readonly amount_pence: number
}

interface StoredEntryState {
  readonly state: EntryState['state']
  readonly amount_pence: string | number
}

async function entryState(trx: Knex.Transaction, entryId: string): Promise<EntryState | undefined> {
  const row: StoredEntryState | undefined = await trx(statsEntriesTable)
    .where({ entry_id: entryId })
    .forUpdate()
    .first('state', 'amount_pence')
  return row && { state: row.state, amount_pence: Number(row.amount_pence) }
}

/** A new entry: counted once, on the day it was made. */
async function createEntry(
  trx: Knex.Transaction,
  event: RecordedEvent,
  entryId: string,
  state: EntryState['state'],
  amountPence: number,
): Promise<void> {
  await trx(statsEntriesTable).insert({ entry_id: entryId, state, amount_pence: amountPence })
  await addDaily(trx, dayOf(event), { entries_created: 1 })
}

/** Money that was counted as revenue comes off it, on the day of the refund. */
async function refund(trx: Knex.Transaction, event: RecordedEvent, entryId: string): Promise<void> {
  const current = await entryState(trx, entryId)
  if (!current || current.state === 'refunded') return
  await trx(statsEntriesTable).where({ entry_id: entryId }).update({ state: 'refunded' })
  if (current.state === 'paid') {
    await addTotals(trx, { paid: -1, revenue_pence: -current.amount_pence })
    await addDaily(trx, dayOf(event), { revenue_pence: -current.amount_pence })
  } else if (current.state === 'pending') {
    await addTotals(trx, { pending: -1 })
  }
}

const appliers: Record<string, Apply> = {
  UserRegistered: on(userEvents.UserRegistered, async (trx, event, data) => {
    const inserted = await trx(statsUsersTable)
      .insert({ user_id: data.userId, verified: data.emailVerified })
      .onConflict('user_id')
      .ignore()
      .returning('user_id')
    if (inserted.length === 0) return
    await addTotals(trx, { users: 1, ...(data.emailVerified ? { verified: 1 } : {}) })
    await addDaily(trx, dayOf(event), { new_users: 1 })
  }),
  EmailVerified: on(userEvents.EmailVerified, async (trx, _event, data) => {
    const changed = await trx(statsUsersTable)
      .where({ user_id: data.userId, verified: false })
      .update({ verified: true })
    if (changed > 0) await addTotals(trx, { verified: 1 })
  }),
  TicketsReserved: on(entryEvents.TicketsReserved, async (trx, event, data) => {
    if (await entryState(trx, data.entryId)) return
    await createEntry(trx, event, data.entryId, 'pending', data.amountPence)
    await addTotals(trx, { entries: 1, pending: 1 })
  }),
  ReservationReleased: on(entryEvents.ReservationReleased, async (trx, _event, data) => {
    const changed = await trx(statsEntriesTable)
      .where({ entry_id: data.entryId, state: 'pending' })
      .update({ state: 'released' })
    if (changed > 0) await addTotals(trx, { pending: -1 })
  }),
  TicketsAllocated: on(entryEvents.TicketsAllocated, async (trx, event, data) => {
    const current = await entryState(trx, data.entryId)
    if (!current) {
      await createEntry(trx, event, data.entryId, 'paid', data.amountPence)
      await addTotals(trx, { entries: 1, paid: 1, revenue_pence: data.amountPence })
    } else if (current.state === 'pending' || current.state === 'released') {
      await trx(statsEntriesTable)
        .where({ entry_id: data.entryId })
        .update({ state: 'paid', amount_pence: data.amountPence })
      await addTotals(trx, {
        paid: 1,
        revenue_pence: data.amountPence,
        ...(current.state === 'pending' ? { pending: -1 } : {}),
      })
    } else {
      return
    }
    await addDaily(trx, dayOf(event), { revenue_pence: data.amountPence })
  }),
  PaymentRefundDue: on(entryEvents.PaymentRefundDue, (trx, event, data) => refund(trx, event, data.entryId)),
  EntryRefunded: on(entryEvents.EntryRefunded, (trx, event, data) => refund(trx, event, data.entryId)),
}

const apply = dispatch(appliers)

/**
 * The admin's platform stats: totals and per-day counters, moved only when a user's or an
 * entry's keyed row changes state, so a replayed event changes nothing.
 */
export const statsProjection: Projection = {
  name: 'platform_stats',
  handles: Object.keys(appliers),
  tables: [statsUsersTable, statsEntriesTable, statsDailyTable, statsTotalsTable],
  apply,
  /** In log order, one event at a time (not yet folded into a few statements). */
  applyBatch: async (trx, events) => {
    for (const event of events) await apply(trx, event)
  },
}
