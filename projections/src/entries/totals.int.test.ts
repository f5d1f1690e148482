import { randomUUID } from 'node:crypto'
import { competitionStream, type EntryEvent } from '@prizes/contracts'
import type { RecordedEvent } from '@prizes/event-store'
import { readModelMigrationSource } from '@prizes/read-models'
import type { Knex } from 'knex'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { competitionEventsProjection } from '../competition-events/projection'
import { foldIntoFreshRows } from '../fold'
import { rebuildProjections } from '../rebuild/rebuild'
import { createReadSideTestDatabase, type ReadSideTestDatabase } from '../testing/database'
import {
  type CompetitionStreamEvent,
  closedAndDrawn,
  competitionDetails,
  competitionEvent,
  recorded,
} from '../testing/fixtures'
import { entriesProjection, entryFold } from './projection'

let db: ReadSideTestDatabase
let knex: Knex

beforeAll(async () => {
  db = await createReadSideTestDatabase('competition_counters')
  knex = db.knex
})
afterAll(() => db.drop())
beforeEach(async () => {
  await knex.raw(
    'truncate table entries, competition_entry_totals, competition_events, competition_event_counts',
  )
})

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state / 2 ** 31
  }
}

/**
 * Three competitions' streams interleaved: reservations that expire, fail or are paid (some late,
 * after their release), free entries allocated without a reservation, refunds due, admin refunds
 * requested then completed, and each competition's draw.
 */
function mixOfEvents(seed: number): CompetitionStreamEvent[] {
  const next = random(seed)
  const events: CompetitionStreamEvent[] = []
  const later: CompetitionStreamEvent[][] = []
  const competitions = ['k-1', 'k-2', 'k-3']
  const tickets = new Map(competitions.map((id) => [id, 0]))
  const winners = new Map<string, { entryId: string; userId: string; ticket: number }>()
  for (const id of competitions) {
    events.push({
      type: 'CompetitionCreated',
      data: { competitionId: id, details: competitionDetails({ title: `Prize ${id}` }), featured: false },
    })
  }
  for (let i = 0; i < 120; i++) {
    const competitionId = competitions[Math.floor(next() * competitions.length)] as string
    const entryId = randomUUID()
    const userId = `u-${i % 17}`
    const quantity = 1 + Math.floor(next() * 5)
    const amountPence = 199 * quantity
    const ids = { competitionId, entryId }
    const paymentIntentId = `pi_${entryId}`
    const allocation = (): EntryEvent => {
      const first = (tickets.get(competitionId) ?? 0) + 1
      tickets.set(competitionId, first + quantity - 1)
      if (!winners.has(competitionId)) winners.set(competitionId, { entryId, userId, ticket: first })
      return {
        type: 'TicketsAllocated',
        data: {
          ...ids,
          userId,
          ticketNumbers: Array.from({ length: quantity }, (_, n) => first + n),
          entryReference: `PRZ-${competitionId}-${first}`,
          answer: 'Paris',
          answerCorrect: next() < 0.8,
          amountPence,
          paymentIntentId,
        },
      }
    }
    const lifecycle: EntryEvent[] = []
    const free = next() < 0.1
    if (!free) {
      lifecycle.push({
        type: 'TicketsReserved',
        data: {
          ...ids,
          userId,
          quantity,
          amountPence,
          paymentIntentId,
          answer: 'Paris',
          expiresAt: '2030-01-01T09:10:00.000Z',
        },
      })
    }
    const fate = next()
    if (!free && fate < 0.15) {
      lifecycle.push({ type: 'ReservationReleased', data: { ...ids, reason: 'expired' } })
    } else if (!free && fate < 0.25) {
      lifecycle.push({ type: 'ReservationReleased', data: { ...ids, reason: 'payment_failed' } })
    } else if (!free && fate < 0.3) {
      // Paid after all, after its release: tickets are still given.
      lifecycle.push({ type: 'ReservationReleased', data: { ...ids, reason: 'expired' } }, allocation())
    } else if (!free && fate < 0.38) {
      // Stays reserved: pending.
    } else if (!free && fate < 0.45) {
      lifecycle.push({
        type: 'PaymentRefundDue',
        data: { ...ids, userId, amountPence, paymentIntentId, reason: 'sold_out' },
      })
    } else {
      lifecycle.push(allocation())
      const refund = next()
      if (refund < 0.1) {
        lifecycle.push({
          type: 'EntryRefundRequested',
          data: { ...ids, amountPence, paymentIntentId, reason: 'Asked for it back' },
        })
      } else if (refund < 0.25) {
        lifecycle.push(
          {
            type: 'EntryRefundRequested',
            data: { ...ids, amountPence, paymentIntentId, reason: 'Asked for it back' },
          },
          {
            type: 'EntryRefunded',
            data: {
              ...ids,
              amountPence,
              paymentIntentId,
              refundId: `re_${entryId}`,
              reason: 'Asked for it back',
            },
          },
        )
      }
    }
    // The first event now, the rest interleaved with other entries' events.
    const [first, ...rest] = lifecycle
    if (first) events.push(first)
    later.push(rest)
    if (next() < 0.5) events.push(...(later.shift() ?? []))
  }
  for (const rest of later) events.push(...rest)
  for (const [competitionId, winner] of winners) events.push(...closedAndDrawn(competitionId, winner))
  return events
}

/** The counters as kept, and as a fresh count over every row gives them. */
async function counters() {
  const kept = await knex('competition_entry_totals')
    .orderBy('competition_id')
    .select('competition_id', 'entries', 'paid', 'pending', 'revenue_pence', 'tickets_sold')
  const { rows: counted } = await knex.raw(
    `select competition_id, count(*)::int as entries,
       (count(*) filter (where payment_status = 'paid'))::int as paid,
       (count(*) filter (where payment_status = 'pending'))::int as pending,
       coalesce(sum(amount_pence) filter (where payment_status = 'paid'), 0)::int as revenue_pence,
       coalesce(sum(quantity) filter (where payment_status = 'paid'), 0)::int as tickets_sold
     from entries group by competition_id order by competition_id`,
  )
  const events = await knex('competition_event_counts').orderBy('competition_id').select()
  const { rows: eventsCounted } = await knex.raw(
    `select competition_id, count(*)::int as events from competition_events group by competition_id
     order by competition_id`,
  )
  return { kept: { entries: kept, events }, counted: { entries: counted, events: eventsCounted } }
}

/** The live path: pages of the runner's two projections, each in a transaction. */
const applyPage = (page: readonly RecordedEvent[]) =>
  knex.transaction(async (trx) => {
    const ours = (handles: readonly string[]) => page.filter((e) => handles.includes(e.type))
    await entriesProjection.applyBatch?.(trx, ours(entriesProjection.handles))
    await competitionEventsProjection.applyBatch?.(trx, ours(competitionEventsProjection.handles))
  })

describe('per-competition counters', () => {
  test('match a fresh count after a mix of events delivered in pages, with replays', async () => {
    const history = recorded(mixOfEvents(7))
    const next = random(11)
    let at = 0
    while (at < history.length) {
      const size = 1 + Math.floor(next() * 12)
      // Pages overlap: the runner redelivers what it already applied after a restart.
      const from = Math.max(0, at - Math.floor(next() * 6))
      await applyPage(history.slice(from, at + size))
      at += size
    }
    // The whole log again, and single events already applied: none of them moves a counter.
    await applyPage(history)
    for (const event of history.filter((_, i) => i % 7 === 0)) await applyPage([event])

    const { kept, counted } = await counters()
    expect(kept).toEqual(counted)
    expect(counted.entries).toHaveLength(3)
    // The mix reaches every status the counters tell apart.
    const statuses = await knex('entries').distinct('status').pluck('status')
    expect(statuses.sort()).toEqual(
      ['allocated', 'refund_due', 'refund_pending', 'refunded', 'released', 'reserved'].sort(),
    )
    const total = counted.entries.reduce((sum: number, row: { entries: number }) => sum + row.entries, 0)
    expect(total).toBe(120)
  })

  test("move by the difference between an entry's old and new status, and not on a replay", async () => {
    const entryId = randomUUID()
    const ids = { competitionId: 'k-9', entryId }
    const paymentIntentId = `pi_${entryId}`
    const history = recorded([
      {
        type: 'TicketsReserved',
        data: {
          ...ids,
          userId: 'u-1',
          quantity: 2,
          amountPence: 598,
          paymentIntentId,
          answer: 'Paris',
          expiresAt: '2030-01-01T09:10:00.000Z',
        },
      },
      {
        type: 'TicketsAllocated',
        data: {
          ...ids,
          userId: 'u-1',
          ticketNumbers: [1, 2],
          entryReference: 'PRZ-k9-1',
          answer: 'Paris',
          answerCorrect: true,
          amountPence: 598,
          paymentIntentId,
        },
      },
      {
        type: 'EntryRefundRequested',
        data: { ...ids, amountPence: 598, paymentIntentId, reason: 'Duplicate' },
      },
    ])
    const totals = () =>
      knex('competition_entry_totals')
        .where({ competition_id: 'k-9' })
        .first('entries', 'paid', 'pending', 'revenue_pence', 'tickets_sold')
    const [reserve, allocate, refund] = history as [RecordedEvent, RecordedEvent, RecordedEvent]
    await applyPage([reserve])
    expect(await totals()).toEqual({ entries: 1, paid: 0, pending: 1, revenue_pence: 0, tickets_sold: 0 })
    await applyPage([allocate])
    await applyPage([reserve, allocate])
    expect(await totals()).toEqual({ entries: 1, paid: 1, pending: 0, revenue_pence: 598, tickets_sold: 2 })
    await applyPage([refund])
    await applyPage([allocate])
    expect(await totals()).toEqual({ entries: 1, paid: 0, pending: 0, revenue_pence: 0, tickets_sold: 0 })
    expect(await knex('competition_event_counts').where({ competition_id: 'k-9' }).first('events')).toEqual({
      events: 3,
    })
  })

  test('a rebuild writer builds the same counters, whatever it keeps in memory', async () => {
    const history = recorded(mixOfEvents(23))
    for (const limits of [undefined, { cachedRows: 0, writtenKeys: 1 }]) {
      await knex.raw('truncate table entries, competition_entry_totals')
      const write = foldIntoFreshRows(entryFold, limits)
      for (let i = 0; i < history.length; i += 16) {
        await knex.transaction((trx) =>
          write(
            trx,
            history.slice(i, i + 16).filter((e) => entriesProjection.handles.includes(e.type)),
          ),
        )
      }
      const { kept, counted } = await counters()
      expect(kept.entries).toEqual(counted.entries)
      expect(counted.entries).toHaveLength(3)
    }
  })

  test('are rebuilt with their tables and swapped in with them', async () => {
    const events = mixOfEvents(5)
    for (const id of ['k-1', 'k-2', 'k-3']) {
      const stream = events.filter((e) => e.data.competitionId === id).map((e) => competitionEvent(e))
      await db.store.append(competitionStream(id), stream, { expectedRevision: 'noStream' })
    }
    // Counters as a bug might have left them: the rebuild counts afresh.
    await knex('competition_entry_totals').insert({ competition_id: 'k-1', entries: 999 })
    await knex('competition_event_counts').insert({ competition_id: 'k-1', events: 999 })
    await rebuildProjections({
      store: db.store,
      knex,
      projections: [entriesProjection, competitionEventsProjection],
      names: 'all',
      pageSize: 25,
    })
    const { kept, counted } = await counters()
    expect(kept).toEqual(counted)
    expect(counted.events.reduce((sum: number, row: { events: number }) => sum + row.events, 0)).toBe(
      events.length,
    )
  })

  test('are counted afresh from the rows already there when the migration adds them', async () => {
    await applyPage(recorded(mixOfEvents(31)))
    const migrations = { migrationSource: readModelMigrationSource, tableName: 'read_model_migrations' }
    // Back to before the counters' migration (and whatever came after it), then up again.
    while (await knex.schema.hasTable('competition_entry_totals')) await knex.migrate.down(migrations)
    await knex.migrate.up(migrations)
    const { kept, counted } = await counters()
    expect(kept).toEqual(counted)
    expect(counted.entries).toHaveLength(3)
  })
})
