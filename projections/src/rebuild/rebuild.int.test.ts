import { competitionStream } from '@prizes/contracts'
import { createLogger } from '@prizes/platform'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { readCheckpoint } from '../checkpoints'
import { allProjections } from '../projections'
import { startProjections } from '../runner'
import { createReadSideTestDatabase, type ReadSideTestDatabase } from '../testing/database'
import { competitionDetails, competitionEvent } from '../testing/fixtures'
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
    await db.store.append(`user-${id}`, [{ type: 'UserRegistered', data: {} }], {
      expectedRevision: 'noStream',
    })
  }
  if (!position) throw new Error('no history written')
  return position
}

const snapshot = () => db.knex('competitions').orderBy('id').select()

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

  test('an unknown projection name is refused with the valid names, before anything is emptied', async () => {
    const before = await snapshot()
    await expect(
      rebuildProjections({
        store: db.store,
        knex: db.knex,
        projections: allProjections,
        names: ['competitons'],
      }),
    ).rejects.toThrow('Unknown projection "competitons". Valid names: competitions, all')
    expect(await snapshot()).toEqual(before)
  })
})
