import { randomUUID } from 'node:crypto'
import { type CompetitionChangeNotice, competitionChangesChannel } from '@prizes/contracts'
import { positionToString, type RecordedEvent } from '@prizes/event-store'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import { createKnex } from '@prizes/platform'
import { migrateReadModels } from '@prizes/read-models'
import type { Knex } from 'knex'
import pg from 'pg'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { applyEvents } from '../runner/apply-events'
import { type CompetitionStreamEvent, competitionDetails, recorded } from '../testing/fixtures'
import { competitionsProjection } from './projection'

let db: TestDatabase
let knex: Knex
let listener: pg.Client
const heard: string[] = []
let onHeard: (() => void) | undefined

beforeAll(async () => {
  db = await createTestDatabase('competition_announcements')
  knex = createKnex(db.url)
  await migrateReadModels(knex)
  listener = new pg.Client({ connectionString: db.url })
  await listener.connect()
  listener.on('notification', (message) => {
    heard.push(message.payload ?? '')
    onHeard?.()
  })
  await listener.query(`listen ${competitionChangesChannel}`)
})
afterAll(async () => {
  await listener.end()
  await knex.destroy()
  await db.drop()
})
beforeEach(async () => {
  await knex('competitions').truncate()
  heard.length = 0
})

const given = (events: Parameters<typeof applyEvents>[2]) =>
  knex.transaction((trx) => applyEvents(trx, competitionsProjection, events))

/**
 * Every notice committed so far: a marker notified after them arrives after them (PostgreSQL
 * delivers notifications in commit order), so nothing is waited for by the clock.
 */
async function noticesSoFar(): Promise<CompetitionChangeNotice[]> {
  const marker = `marker-${randomUUID()}`
  const arrived = new Promise<void>((resolve) => {
    onHeard = () => {
      if (heard.includes(marker)) resolve()
    }
  })
  await knex.raw('select pg_notify(?, ?)', [competitionChangesChannel, marker])
  await arrived
  const notices = heard.filter((payload) => !payload.startsWith('marker-')).map((p) => JSON.parse(p))
  heard.length = 0
  return notices
}

function positionAt(events: readonly RecordedEvent[], index: number): string {
  const event = events[index]
  if (!event) throw new Error(`no event ${index}`)
  return positionToString(event.position)
}

const created = (id: string): CompetitionStreamEvent => ({
  type: 'CompetitionCreated',
  data: { competitionId: id, details: competitionDetails({ totalTickets: 100 }), featured: false },
})
const published = (id: string): CompetitionStreamEvent => ({
  type: 'CompetitionPublished',
  data: { competitionId: id },
})
const allocated = (id: string, ticketNumbers: number[]): CompetitionStreamEvent => ({
  type: 'TicketsAllocated',
  data: {
    competitionId: id,
    entryId: randomUUID(),
    userId: 'u1',
    ticketNumbers,
    entryReference: `PRZ-2030-${String(ticketNumbers[0]).padStart(6, '0')}`,
    answer: 'Paris',
    answerCorrect: true,
    amountPence: 299 * ticketNumbers.length,
    paymentIntentId: `pi_${randomUUID()}`,
  },
})

describe('competition changes announced by the projection', () => {
  test('publication and each page of sales are announced with the figures and the page position', async () => {
    const events = recorded([created('c1'), published('c1'), allocated('c1', [1, 2]), allocated('c1', [3])])
    await given(events.slice(0, 2))
    expect(await noticesSoFar()).toEqual([
      {
        id: 'c1',
        sold_tickets: 0,
        free_entries: 0,
        total_tickets: 100,
        status: 'active',
        position: positionAt(events, 1),
      },
    ])

    await given(events.slice(2))
    const [sale, ...more] = await noticesSoFar()
    expect(more).toEqual([])
    expect(sale).toMatchObject({ id: 'c1', sold_tickets: 3, status: 'active' })
    expect(sale?.position).toBe(positionAt(events, 3))
  })

  test('a replayed page changes no row and announces nothing', async () => {
    const events = recorded([created('c1'), published('c1'), allocated('c1', [1])])
    await given(events)
    expect(await noticesSoFar()).toHaveLength(1)
    await given(events)
    expect(await noticesSoFar()).toEqual([])
  })

  test('drafts are never announced, and a page rolled back announces nothing', async () => {
    const events = recorded([
      created('draft'),
      { type: 'CompetitionCancelled', data: { competitionId: 'draft', reason: 'Not needed' } },
      created('c1'),
      published('c1'),
    ])
    await given(events.slice(0, 3))
    expect(await noticesSoFar()).toEqual([])

    await expect(
      knex.transaction(async (trx) => {
        await applyEvents(trx, competitionsProjection, events.slice(3))
        throw new Error('the page fails after its rows')
      }),
    ).rejects.toThrow('the page fails')
    expect(await noticesSoFar()).toEqual([])
  })

  test('closing and cancelling a public competition are announced as status changes', async () => {
    const events = recorded([
      created('c1'),
      published('c1'),
      allocated('c1', [1]),
      created('c2'),
      published('c2'),
      {
        type: 'CompetitionClosed',
        data: {
          competitionId: 'c1',
          reason: 'end_date',
          seal: { eligibleTickets: 1, listHash: 'a'.repeat(64) },
          randomness: { source: 'drand', round: 1000 },
        },
      },
      { type: 'CompetitionCancelled', data: { competitionId: 'c2', reason: 'Prize gone' } },
    ])
    await given(events.slice(0, 5))
    expect(await noticesSoFar()).toHaveLength(2)
    await given(events.slice(5, 6))
    expect(await noticesSoFar()).toEqual([
      expect.objectContaining({ id: 'c1', sold_tickets: 1, status: 'closed' }),
    ])
    await given(events.slice(6))
    expect(await noticesSoFar()).toEqual([expect.objectContaining({ id: 'c2', status: 'cancelled' })])
  })
})
