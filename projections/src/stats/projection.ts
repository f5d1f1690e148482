import { entryEvents, userEvents } from '@prizes/contracts'
import type { RecordedEvent } from '@prizes/event-store'
import type { Knex } from 'knex'
import { eventTime, type Projection } from '../projection'

export const statsUsersTable = 'stats_users'
export const statsEntriesTable = 'stats_entries'
export const statsDailyTable = 'stats_daily'
export const statsTotalsTable = 'stats_totals'

const totalColumns = ['users', 'verified', 'entries', 'paid', 'pending', 'revenue_pence'] as const
const dailyColumns = ['new_users', 'entries_created', 'revenue_pence'] as const
type Totals = Record<(typeof totalColumns)[number], number>
type Daily = Record<(typeof dailyColumns)[number], number>

/** The UTC day of the event, as `yyyy-mm-dd`. */
export const dayOf = (event: RecordedEvent): string => eventTime(event).toISOString().slice(0, 10)

type EntryState = 'pending' | 'released' | 'paid' | 'refunded'
interface EntryKey {
  state: EntryState
  amount_pence: number
}

/**
 * A page folded in memory: the keyed rows it touches (read once, up front), and the counters'
 * deltas. A counter moves only when a keyed row changes state, so an event already reflected in
 * the rows (a replay) moves nothing.
 */
class Fold {
  readonly users = new Map<string, { verified: boolean } | undefined>()
  readonly entries = new Map<string, EntryKey | undefined>()
  readonly changedUsers = new Set<string>()
  readonly changedEntries = new Set<string>()
  readonly totals: Totals = { users: 0, verified: 0, entries: 0, paid: 0, pending: 0, revenue_pence: 0 }
  readonly daily = new Map<string, Daily>()

  add(delta: Partial<Totals>): void {
    for (const [column, value] of Object.entries(delta)) this.totals[column as keyof Totals] += value
  }
  addDaily(day: string, delta: Partial<Daily>): void {
    const row = this.daily.get(day) ?? { new_users: 0, entries_created: 0, revenue_pence: 0 }
    for (const [column, value] of Object.entries(delta)) row[column as keyof Daily] += value
    this.daily.set(day, row)
  }
  setEntry(id: string, key: EntryKey): void {
    this.entries.set(id, key)
    this.changedEntries.add(id)
  }
  createEntry(event: RecordedEvent, id: string, key: EntryKey): void {
    this.setEntry(id, key)
    this.addDaily(dayOf(event), { entries_created: 1 })
  }
  /** Money counted as revenue comes off it, on the day of the refund. */
  refund(event: RecordedEvent, id: string): void {
    const current = this.entries.get(id)
    if (!current || current.state === 'refunded') return
    this.setEntry(id, { ...current, state: 'refunded' })
    if (current.state === 'paid') {
      this.add({ paid: -1, revenue_pence: -current.amount_pence })
      this.addDaily(dayOf(event), { revenue_pence: -current.amount_pence })
    } else if (current.state === 'pending') {
      this.add({ pending: -1 })
    }
  }
}

type Step = (fold: Fold, event: RecordedEvent) => void
interface Handler {
  /** The user or entry the event is about: its keyed row is read before folding. */
  key(data: unknown): { user: string } | { entry: string }
  step: Step
}

function handler<S extends { parse(data: unknown): unknown }>(
  schema: S,
  key: (data: ReturnType<S['parse']>) => { user: string } | { entry: string },
  step: (fold: Fold, event: RecordedEvent, data: ReturnType<S['parse']>) => void,
): Handler {
  const parse = (data: unknown) => schema.parse(data) as ReturnType<S['parse']>
  return { key: (data) => key(parse(data)), step: (fold, event) => step(fold, event, parse(event.data)) }
}

const handlers: Record<string, Handler> = {
  UserRegistered: handler(
    userEvents.UserRegistered,
    (data) => ({ user: data.userId }),
    (fold, event, data) => {
      if (fold.users.get(data.userId)) return
      fold.users.set(data.userId, { verified: data.emailVerified })
      fold.changedUsers.add(data.userId)
      fold.add({ users: 1, verified: data.emailVerified ? 1 : 0 })
      fold.addDaily(dayOf(event), { new_users: 1 })
    },
  ),
  EmailVerified: handler(
    userEvents.EmailVerified,
    (data) => ({ user: data.userId }),
    (fold, _event, data) => {
      const current = fold.users.get(data.userId)
      if (!current || current.verified) return
      fold.users.set(data.userId, { verified: true })
      fold.changedUsers.add(data.userId)
      fold.add({ verified: 1 })
    },
  ),
  // An erased account is no longer a member: the verified count (the home page's members) drops.
  UserErased: handler(
    userEvents.UserErased,
    (data) => ({ user: data.userId }),
    (fold, _event, data) => {
      const current = fold.users.get(data.userId)
      if (!current?.verified) return
      fold.users.set(data.userId, { verified: false })
      fold.changedUsers.add(data.userId)
      fold.add({ verified: -1 })
    },
  ),
  TicketsReserved: handler(
    entryEvents.TicketsReserved,
    (data) => ({ entry: data.entryId }),
    (fold, event, data) => {
      if (fold.entries.get(data.entryId)) return
      fold.createEntry(event, data.entryId, { state: 'pending', amount_pence: data.amountPence })
      fold.add({ entries: 1, pending: 1 })
    },
  ),
  ReservationReleased: handler(
    entryEvents.ReservationReleased,
    (data) => ({ entry: data.entryId }),
    (fold, _event, data) => {
      const current = fold.entries.get(data.entryId)
      if (current?.state !== 'pending') return
      fold.setEntry(data.entryId, { ...current, state: 'released' })
      fold.add({ pending: -1 })
    },
  ),
  TicketsAllocated: handler(
    entryEvents.TicketsAllocated,
    (data) => ({ entry: data.entryId }),
    (fold, event, data) => {
      const current = fold.entries.get(data.entryId)
      const paid = { state: 'paid', amount_pence: data.amountPence } as const
      if (!current) {
        fold.createEntry(event, data.entryId, paid)
        fold.add({ entries: 1 })
      } else if (current.state === 'pending' || current.state === 'released') {
        fold.setEntry(data.entryId, paid)
        if (current.state === 'pending') fold.add({ pending: -1 })
      } else {
        return
      }
      fold.add({ paid: 1, revenue_pence: data.amountPence })
      fold.addDaily(dayOf(event), { revenue_pence: data.amountPence })
    },
  ),
  PaymentRefundDue: handler(
    entryEvents.PaymentRefundDue,
    (data) => ({ entry: data.entryId }),
    (fold, event, data) => fold.refund(event, data.entryId),
  ),
  EntryRefunded: handler(
    entryEvents.EntryRefunded,
    (data) => ({ entry: data.entryId }),
    (fold, event, data) => fold.refund(event, data.entryId),
  ),
}
// A postal entry counts as an entry taken (its data is an allocation's, for no money).
handlers.PostalEntryRecorded = handlers.TicketsAllocated as Handler

/** `column = table.column + excluded.column` for each counter. */
const adding = (trx: Knex.Transaction, table: string, columns: readonly string[]) =>
  Object.fromEntries(columns.map((c) => [c, trx.raw('??.?? + excluded.??', [table, c, c])]))

/**
 * A page in a few statements: read the keyed users and entries it touches (locked), fold, then
 * write the changed keyed rows, the days' counters and the totals, one statement each.
 */
async function applyPage(trx: Knex.Transaction, events: readonly RecordedEvent[]): Promise<void> {
  const known = events.filter((event) => handlers[event.type])
  if (known.length === 0) return
  const userIds = new Set<string>()
  const entryIds = new Set<string>()
  for (const event of known) {
    const key = handlers[event.type]?.key(event.data)
    if (key && 'user' in key) userIds.add(key.user)
    else if (key) entryIds.add(key.entry)
  }
  const fold = new Fold()
  if (userIds.size > 0) {
    const rows: { user_id: string; verified: boolean }[] = await trx(statsUsersTable)
      .whereIn('user_id', [...userIds])
      .forUpdate()
      .select('user_id', 'verified')
    for (const row of rows) fold.users.set(row.user_id, { verified: row.verified })
  }
  if (entryIds.size > 0) {
    const rows: { entry_id: string; state: EntryState; amount_pence: string | number }[] = await trx(
      statsEntriesTable,
    )
      .whereIn('entry_id', [...entryIds])
      .forUpdate()
      .select('entry_id', 'state', 'amount_pence')
    for (const row of rows) {
      fold.entries.set(row.entry_id, { state: row.state, amount_pence: Number(row.amount_pence) })
    }
  }
  for (const event of known) handlers[event.type]?.step(fold, event)

  if (fold.changedUsers.size > 0) {
    const rows = [...fold.changedUsers].map((id) => ({
      user_id: id,
      verified: fold.users.get(id)?.verified ?? false,
    }))
    await trx(statsUsersTable).insert(rows).onConflict('user_id').merge(['verified'])
  }
  if (fold.changedEntries.size > 0) {
    const rows = [...fold.changedEntries].map((id) => ({ entry_id: id, ...fold.entries.get(id) }))
    await trx(statsEntriesTable).insert(rows).onConflict('entry_id').merge(['state', 'amount_pence'])
  }
  if (fold.daily.size > 0) {
    const rows = [...fold.daily].map(([day, counts]) => ({ day, ...counts }))
    await trx(statsDailyTable)
      .insert(rows)
      .onConflict('day')
      .merge(adding(trx, statsDailyTable, dailyColumns))
  }
  if (totalColumns.some((column) => fold.totals[column] !== 0)) {
    await trx(statsTotalsTable)
      .insert({ id: 1, ...fold.totals })
      .onConflict('id')
      .merge(adding(trx, statsTotalsTable, totalColumns))
  }
}

/**
 * The admin's platform stats (SPEC section 3): totals and per-day counters, moved only when a
 * user's or an entry's keyed row changes state, so a replayed event changes nothing.
 */
export const statsProjection: Projection = {
  name: 'platform_stats',
  handles: Object.keys(handlers),
  tables: [statsUsersTable, statsEntriesTable, statsDailyTable, statsTotalsTable],
  apply: (trx, event) => applyPage(trx, [event]),
  applyBatch: applyPage,
}
