import { competitionStream } from '@prizes/contracts'
import type { RecordedEvent } from '@prizes/event-store'
import { createLogger } from '@prizes/platform'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { readCheckpoint } from './checkpoints'
import { competitionsProjection } from './competitions/projection'
import type { Projection } from './projection'
import { startProjections } from './runner'
import { createReadSideTestDatabase, type ReadSideTestDatabase } from './testing/database'
import { competitionDetails, competitionEvent } from './testing/fixtures'

let db: ReadSideTestDatabase
const logger = createLogger({ level: 'silent' })

beforeAll(async () => {
  db = await createReadSideTestDatabase('projection_runner')
})
afterAll(async () => {
  await db.drop()
})

const createCompetition = (id: string, featured = false) =>
  db.store.append(
    competitionStream(id),
    [
      competitionEvent({
        type: 'CompetitionCreated',
        data: { competitionId: id, details: competitionDetails(), featured },
      }),
    ],
    { expectedRevision: 'noStream' },
  )

const publish = (id: string, revision: bigint) =>
  db.store.append(
    competitionStream(id),
    [competitionEvent({ type: 'CompetitionPublished', data: { competitionId: id } })],
    { expectedRevision: revision },
  )

/** A projection that only records what it was given, and in which transaction. */
function spyProjection(name: string, handles: readonly string[], fail?: (event: RecordedEvent) => boolean) {
  const applied: Array<{ event: RecordedEvent; trx: object }> = []
  const projection: Projection = {
    name,
    handles,
    tables: [],
    async apply(trx, event) {
      if (fail?.(event)) throw new Error(`cannot apply ${event.type}`)
      applied.push({ event, trx })
    },
  }
  return { projection, applied }
}

describe('startProjections', () => {
  test('builds rows from live events and waits until they are there', async () => {
    const running = await startProjections({
      store: db.store,
      knex: db.knex,
      logger,
      projections: [competitionsProjection],
    })
    try {
      await createCompetition('live-1')
      const { position } = await publish('live-1', 0n)
      await running.waitForPosition(position, { timeoutMs: 10_000 })

      const row = await db.knex('competitions').where({ id: 'live-1' }).first()
      expect(row).toMatchObject({ status: 'active', last_revision: 1 })
      expect(await readCheckpoint(db.knex, 'competitions')).toEqual(position)
    } finally {
      await running.stop()
    }
  })

  test('catches up from its checkpoint in batches and carries on after a restart', async () => {
    const spy = spyProjection('spy-batches', ['CompetitionCreated'])
    for (let i = 0; i < 40; i += 1) await createCompetition(`batch-${i}`)
    const first = await startProjections({
      store: db.store,
      knex: db.knex,
      logger,
      projections: [spy.projection],
    })
    const { position: head } = await createCompetition('batch-last')
    await first.waitForPosition(head, { timeoutMs: 10_000 })
    await first.stop()

    const created = spy.applied.filter((a) => a.event.streamId.startsWith('competition-batch-'))
    expect(created).toHaveLength(41)
    expect(new Set(spy.applied.map((a) => a.trx)).size).toBeLessThan(spy.applied.length)

    const { position: after } = await createCompetition('batch-after-restart')
    const second = await startProjections({
      store: db.store,
      knex: db.knex,
      logger,
      projections: [spy.projection],
    })
    await second.waitForPosition(after, { timeoutMs: 10_000 })
    await second.stop()
    const ids = spy.applied.map((a) => a.event.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(spy.applied.at(-1)?.event.streamId).toBe(competitionStream('batch-after-restart'))
  })

  test('reaching a position of an event no projection handles', async () => {
    const spy = spyProjection('spy-unrelated', ['CompetitionPublished'])
    const running = await startProjections({
      store: db.store,
      knex: db.knex,
      logger,
      projections: [spy.projection],
    })
    try {
      const { position } = await db.store.append('user-1', [{ type: 'UserRegistered', data: {} }], {
        expectedRevision: 'noStream',
      })
      await running.waitForPosition(position, { timeoutMs: 10_000 })
    } finally {
      await running.stop()
    }
  })

  test('a failing event is logged and retried until it applies, never skipped', async () => {
    let failures = 0
    const spy = spyProjection('spy-failing', ['CompetitionCreated'], (event) => {
      if (event.streamId !== competitionStream('flaky') || failures >= 2) return false
      failures += 1
      return true
    })
    const log = createLogger({ level: 'silent' })
    const child = log.child({})
    const errors = vi.spyOn(child, 'error')
    // pino types a child by its custom levels; ours has none, so the two shapes are the same.
    vi.spyOn(log, 'child').mockReturnValueOnce(child as unknown as ReturnType<typeof log.child>)
    const running = await startProjections({
      store: db.store,
      knex: db.knex,
      logger: log,
      projections: [spy.projection],
      retryDelayMs: 10,
    })
    try {
      const { position } = await createCompetition('flaky')
      await running.waitForPosition(position, { timeoutMs: 10_000 })
    } finally {
      await running.stop()
    }
    expect(failures).toBe(2)
    expect(errors).toHaveBeenCalledTimes(2)
    expect(errors.mock.calls[0]?.[0]).toMatchObject({ eventType: 'CompetitionCreated', attempt: 0 })
    expect(spy.applied.map((a) => a.event.streamId)).toContain(competitionStream('flaky'))
  })

  test('waitForPosition fails after its timeout while an event keeps failing', async () => {
    const spy = spyProjection(
      'spy-stuck',
      ['CompetitionCreated'],
      (e) => e.streamId === competitionStream('stuck'),
    )
    const running = await startProjections({
      store: db.store,
      knex: db.knex,
      logger,
      projections: [spy.projection],
      retryDelayMs: 10,
    })
    try {
      const { position } = await createCompetition('stuck')
      await expect(running.waitForPosition(position, { timeoutMs: 300 })).rejects.toThrow(/spy-stuck/)
    } finally {
      await running.stop()
    }
  })
})
