import { randomUUID } from 'node:crypto'
import { competitionStream, type EntryEvent } from '@prizes/contracts'
import { createLogger } from '@prizes/platform'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { readCheckpoint } from '../checkpoints'
import { allProjections } from '../projections'
import { startProjections } from '../runner'
import { createReadSideTestDatabase, type ReadSideTestDatabase } from '../testing/database'
import { closedAndDrawn, competitionDetails, competitionEvent } from '../testing/fixtures'
import { type RebuildProgress, rebuildProjections } from './rebuild'

let db: ReadSideTestDatabase
const logger = createLogger({ level: 'silent' })

beforeAll(async () => {
  db = await createReadSideTestDatabase('projection_rebuild')
})
afterAll(async () => {
  await db.drop()
})

async function writeHistory(prefix: string, count: number) {
  let position = undefined as Awaited<ReturnType<typeof db.store.append>>['position'] | undefined
  for (let i = 0; i < count; i += 1) {
    const id = `${prefix}-${i}`
    const events = [
      competitionEvent({
        type: 'CompetitionCreated',
        data: {
          competitionId: id,
          details: competitionDetails({ title: `Prize ${i}` }),
          featured: i % 3 === 0,
        },
      }),
      competitionEvent({
        type: 'CompetitionRevised',
        data: {
          competitionId: id,
          details: competitionDetails({ title: `Prize ${i} (revised)`, totalTickets: 50 + i }),
        },
      }),
    ]
    if (i % 2 === 0)
      events.push(competitionEvent({ type: 'CompetitionPublished', data: { competitionId: id } }))
    if (i % 4 === 0) {
      events.push(
        competitionEvent({ type: 'CompetitionFeaturedSet', data: { competitionId: id, featured: false } }),
      )
    }
    const result = await db.store.append(competitionStream(id), events, { expectedRevision: 'noStream' })
    position = result.position
    await db.store.append(`other-${id}`, [{ type: 'SomethingUnrelatedHappened', data: {} }], {
      expectedRevision: 'noStream',
    })
  }
  if (!position) throw new Error('no history written')
  return position
}

const snapshot = () => db.knex('competitions').orderBy('id').select()

/** A competition whose entries go every way: paid, released, paid late, refunded; then drawn. */
async function writeEntries(id: string) {
  const entry = (entryId: string, quantity: number, first: number) => {
    const ids = { competitionId: id, entryId }
    const intent = { amountPence: 100 * quantity, paymentIntentId: `pi_${entryId}` }
    const reserve: EntryEvent = {
      type: 'TicketsReserved',
      data: {
        ...ids,
        ...intent,
        userId: `u-${quantity}`,
        quantity,
        answer: '4',
        expiresAt: '2030-01-01T09:10:00.000Z',
      },
    }
    const ticketNumbers = Array.from({ length: quantity }, (_, i) => first + i)
    const allocate: EntryEvent = {
      type: 'TicketsAllocated',
      data: {
        ...ids,
        ...intent,
        userId: `u-${quantity}`,
        ticketNumbers,
        entryReference: `R-${id}-${first}`,
        answer: '4',
        answerCorrect: quantity % 2 === 0,
      },
    }
    const release: EntryEvent = { type: 'ReservationReleased', data: { ...ids, reason: 'expired' } }
    const refund: EntryEvent = {
      type: 'EntryRefunded',
      data: {
        ...ids,
        ...intent,
        paymentIntentId: `pi_${entryId}`,
        refundId: `re_${entryId}`,
        reason: 'test',
      },
    }
    return { reserve, allocate, release, refund }
  }
  const [a, b, c, d] = [
    entry(randomUUID(), 2, 1),
    entry(randomUUID(), 1, 3),
    entry(randomUUID(), 3, 4),
    entry(randomUUID(), 4, 7),
  ]
  const events = [
    competitionEvent({
      type: 'CompetitionCreated',
      data: { competitionId: id, details: competitionDetails(), featured: false },
    }),
    competitionEvent({ type: 'CompetitionPublished', data: { competitionId: id } }),
    ...[
      a.reserve,
      b.reserve,
      a.allocate,
      b.release,
      c.reserve,
      c.release,
      c.allocate,
      d.reserve,
      d.allocate,
      d.refund,
      ...closedAndDrawn(id, { entryId: c.allocate.data.entryId, userId: 'u-3', ticket: 4 }),
    ].map((e) => competitionEvent(e)),
  ]
  return (await db.store.append(competitionStream(id), events, { expectedRevision: 'noStream' })).position
}

describe('rebuildProjections', () => {
  test('rebuilding leaves the rows the live projection built, and its checkpoint at the head', async () => {
    const live = await startProjections({
      store: db.store,
      knex: db.knex,
      logger,
      projections: allProjections,
    })
    const head = await writeHistory('r', 30)
    await live.waitForPosition(head, { timeoutMs: 10_000 })
    await live.stop()
    const built = await snapshot()
    expect(built).toHaveLength(30)

    const progress: RebuildProgress[] = []
    const summary = await rebuildProjections({
      store: db.store,
      knex: db.knex,
      projections: allProjections,
      names: ['competitions'],
      countFirst: true,
      pageSize: 25,
      onProgress: (p) => progress.push(p),
    })

    expect(await snapshot()).toEqual(built)
    expect(summary).toMatchObject({ projections: ['competitions'], events: 30 * 2 + 15 + 8, position: head })
    expect(summary.eventsPerSecond).toBeGreaterThan(0)
    expect(progress.map((p) => p.events)).toEqual([0, 25, 50, 75, 83])
    expect(progress.every((p) => p.total === 83)).toBe(true)
    expect(await readCheckpoint(db.knex, 'competitions')).toEqual(head)
  })

  test('a rebuild while the live runner is running leaves the same rows, and the runner carries on', async () => {
    const live = await startProjections({
      store: db.store,
      knex: db.knex,
      logger,
      projections: allProjections,
    })
    try {
      const head = await writeHistory('concurrent', 10)
      await live.waitForPosition(head, { timeoutMs: 10_000 })
      const built = await snapshot()

      const rebuilding = rebuildProjections({
        store: db.store,
        knex: db.knex,
        projections: allProjections,
        names: 'all',
        pageSize: 10,
      })
      const later = await writeHistory('during', 5)
      await rebuilding
      await live.waitForPosition(later, { timeoutMs: 10_000 })

      const rows = await snapshot()
      expect(rows.filter((r) => !String(r.id).startsWith('during-'))).toEqual(built)
      expect(rows.filter((r) => String(r.id).startsWith('during-'))).toHaveLength(5)
    } finally {
      await live.stop()
    }
  })

  test('entries and sold counts rebuild to what the live runner built', async () => {
    const live = await startProjections({
      store: db.store,
      knex: db.knex,
      logger,
      projections: allProjections,
    })
    let head = await writeEntries('entries-0')
    for (let i = 1; i < 5; i += 1) head = await writeEntries(`entries-${i}`)
    await live.waitForPosition(head, { timeoutMs: 10_000 })
    await live.stop()
    const entries = () => db.knex('entries').orderBy('id').select()
    const built = { competitions: await snapshot(), entries: await entries() }
    expect(built.entries).toHaveLength(20)
    expect(
      built.competitions.filter((r) => String(r.id).startsWith('entries-')).map((r) => r.sold_tickets),
    ).toEqual([9, 9, 9, 9, 9])

    await rebuildProjections({
      store: db.store,
      knex: db.knex,
      projections: allProjections,
      names: 'all',
      pageSize: 7,
    })

    expect({ competitions: await snapshot(), entries: await entries() }).toEqual(built)
  })

  test('an unknown projection name is refused with the valid names, before anything is emptied', async () => {
    const before = await snapshot()
    await expect(
      rebuildProjections({
        store: db.store,
        knex: db.knex,
        projections: allProjections,
        names: ['competitons'],
      }),
    ).rejects.toThrow(
      'Unknown projection "competitons". Valid names: competitions, entries, draws, draw_certificates, competition_events, users, platform_stats, settings_history, contact_messages, responsible_play, parked_event_actions, all',
    )
    expect(await snapshot()).toEqual(before)
  })
})
