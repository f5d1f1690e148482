import { randomUUID } from 'node:crypto'
import type { EntryEvent } from '@prizes/contracts'
import type { RecordedEvent } from '@prizes/event-store'
import type { Knex } from 'knex'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { entryFold } from './entries/projection'
import { foldIntoFreshRows, foldIntoRows } from './fold'
import { createReadSideTestDatabase, type ReadSideTestDatabase } from './testing/database'
import { closedAndDrawn, recorded } from './testing/fixtures'

let db: ReadSideTestDatabase
let knex: Knex

beforeAll(async () => {
  db = await createReadSideTestDatabase('fold_fresh_rows')
  knex = db.knex
})
afterAll(() => db.drop())
beforeEach(async () => {
  await knex.raw('truncate table entries')
})

const [alice, bob, carol] = [randomUUID(), randomUUID(), randomUUID()]
const ids = (entryId: string, userId: string) => ({ competitionId: 'c1', entryId, userId })
const reserved = (entryId: string, userId: string): EntryEvent => ({
  type: 'TicketsReserved',
  data: {
    ...ids(entryId, userId),
    quantity: 1,
    amountPence: 299,
    paymentIntentId: `pi_${entryId}`,
    answer: 'Paris',
    expiresAt: '2030-01-01T09:10:00.000Z',
  },
})
const allocated = (entryId: string, userId: string, ticket: number): EntryEvent => ({
  type: 'TicketsAllocated',
  data: {
    ...ids(entryId, userId),
    ticketNumbers: [ticket],
    entryReference: `PRZ-${ticket}`,
    answer: 'Paris',
    answerCorrect: true,
    amountPence: 299,
    paymentIntentId: `pi_${entryId}`,
  },
})

/** Entries whose later events come long after their first: refunds, a late payment, the draw. */
const history = recorded([
  reserved(alice, 'u-alice'),
  reserved(bob, 'u-bob'),
  allocated(alice, 'u-alice', 1),
  { type: 'ReservationReleased', data: { competitionId: 'c1', entryId: bob, reason: 'expired' } },
  reserved(carol, 'u-carol'),
  allocated(bob, 'u-bob', 2),
  allocated(carol, 'u-carol', 3),
  {
    type: 'EntryRefunded',
    data: {
      competitionId: 'c1',
      entryId: carol,
      amountPence: 299,
      paymentIntentId: `pi_${carol}`,
      refundId: 're_1',
      reason: 'requested',
    },
  },
  ...closedAndDrawn('c1', { entryId: alice, userId: 'u-alice', ticket: 1 }),
])

const rows = () => knex('entries').orderBy('id').select()

async function inPages(
  write: (trx: Knex.Transaction, events: readonly RecordedEvent[]) => Promise<void>,
  size: number,
) {
  for (let i = 0; i < history.length; i += size) {
    await knex.transaction((trx) => write(trx, history.slice(i, i + size)))
  }
}

describe('foldIntoFreshRows', () => {
  test('builds the rows foldIntoRows builds, whatever it keeps in memory', async () => {
    await inPages((trx, events) => foldIntoRows(trx, entryFold, events), 1)
    const expected = await rows()
    expect(Object.fromEntries(expected.map((r) => [r.user_id, [r.status, r.won_at !== null]]))).toEqual({
      'u-alice': ['allocated', true],
      'u-bob': ['allocated', false],
      'u-carol': ['refunded', false],
    })
    const limits = [
      { cachedRows: 100, writtenKeys: 100 },
      // Rows fall out of memory at once: they are read back.
      { cachedRows: 0, writtenKeys: 100 },
      // It no longer knows what it wrote either: every row it does not hold is looked for.
      { cachedRows: 0, writtenKeys: 1 },
    ]
    for (const limit of limits) {
      for (const size of [1, 3, history.length]) {
        await knex.raw('truncate table entries')
        await inPages(foldIntoFreshRows(entryFold, limit), size)
        expect(await rows(), `${JSON.stringify(limit)}, pages of ${size}`).toEqual(expected)
      }
    }
  })

  test('a row it wrote but no longer holds is not inserted twice', async () => {
    const write = foldIntoFreshRows(entryFold, { cachedRows: 0, writtenKeys: 100 })
    const [reserve, , allocate] = history
    if (!reserve || !allocate) throw new Error('fixture')
    await knex.transaction((trx) => write(trx, [reserve]))
    await knex.transaction((trx) => write(trx, [allocate]))
    expect((await rows()).map((r) => [r.id, r.status])).toEqual([[alice, 'allocated']])
  })
})
