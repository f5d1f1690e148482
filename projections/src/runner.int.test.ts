import { randomUUID } from 'node:crypto'
import { competitionStream, type EntryEvent } from '@prizes/contracts'
import { comparePositions, positionToString, type RecordedEvent } from '@prizes/event-store'
import { createLogger } from '@prizes/platform'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { readCheckpoint, readCheckpointRow } from './checkpoints'
import { competitionsProjection } from './competitions/projection'
import type { Projection } from './projection'
import { allProjections } from './projections'
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

const streams = (applied: ReadonlyArray<{ event: RecordedEvent }>) => applied.map((a) => a.event.streamId)

/** A silent logger whose projection children share one spied `error`. */
function spiedLogger() {
  const logger = createLogger({ level: 'silent' })
  const child = logger.child({})
  const errors = vi.spyOn(child, 'error')
  // pino types a child by its custom levels; ours has none, so the two shapes are the same.
  vi.spyOn(logger, 'child').mockReturnValue(child as unknown as ReturnType<typeof logger.child>)
  return { logger, errors }
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
      const { position } = await db.store.append(
        'other-1',
        [{ type: 'SomethingUnrelatedHappened', data: {} }],
        {
          expectedRevision: 'noStream',
        },
      )
      await running.waitForPosition(position, { timeoutMs: 10_000 })
    } finally {
      await running.stop()
    }
  })

  test('a projection that cannot apply an event stops alone, says so once, and tries again after a restart', async () => {
    const failing = spyProjection(
      'spy-fails',
      ['CompetitionCreated'],
      (e) => e.streamId === competitionStream('bad'),
    )
    const healthy = spyProjection('spy-healthy', ['CompetitionCreated'])
    const projections = [failing.projection, healthy.projection]
    const first = spiedLogger()
    const running = await startProjections({
      store: db.store,
      knex: db.knex,
      logger: first.logger,
      projections,
    })
    let stuckAt: Date | undefined
    const { position: good } = await createCompetition('before-bad')
    const { position: bad } = await createCompetition('bad')
    try {
      const { position: after } = await createCompetition('after-bad')
      await running.waitForPosition(after, { timeoutMs: 10_000 })
      const [fails, ok] = running.status()
      expect(fails).toMatchObject({
        name: 'spy-fails',
        position: positionToString(good),
        failed: {
          position: positionToString(bad),
          type: 'CompetitionCreated',
          error: 'cannot apply CompetitionCreated',
        },
      })
      stuckAt = fails?.failed?.at
      expect(ok).toEqual({ name: 'spy-healthy', position: positionToString(after), failed: null })
      expect(streams(failing.applied)).toContain(competitionStream('before-bad'))
      expect(streams(failing.applied)).not.toContain(competitionStream('after-bad'))
      expect(streams(healthy.applied)).toContain(competitionStream('after-bad'))
      const { position: later } = await createCompetition('later')
      await running.waitForPosition(later, { timeoutMs: 10_000 })
      expect(first.errors).toHaveBeenCalledTimes(1)
      expect(first.errors.mock.calls[0]?.[0]).toMatchObject({
        position: positionToString(bad),
        eventType: 'CompetitionCreated',
      })
    } finally {
      await running.stop()
    }
    const second = spiedLogger()
    const restarted = await startProjections({
      store: db.store,
      knex: db.knex,
      logger: second.logger,
      projections,
    })
    try {
      const { position } = await createCompetition('after-restart')
      await restarted.waitForPosition(position, { timeoutMs: 10_000 })
      expect(second.errors).toHaveBeenCalledTimes(1)
      const [fails] = restarted.status()
      expect(fails?.failed?.position).toBe(positionToString(bad))
      expect(fails?.failed?.at.getTime()).toBeGreaterThan(stuckAt?.getTime() ?? Number.POSITIVE_INFINITY)
      expect(streams(failing.applied)).not.toContain(competitionStream('after-restart'))
    } finally {
      await restarted.stop()
    }
  })

  test('a stuck projection that applies its event after a restart is cleared and carries on', async () => {
    let fixed = false
    const spy = spyProjection(
      'spy-fixed',
      ['CompetitionCreated'],
      (e) => !fixed && e.streamId === competitionStream('fixable'),
    )
    const running = await startProjections({
      store: db.store,
      knex: db.knex,
      logger,
      projections: [spy.projection],
    })
    const { position } = await createCompetition('fixable')
    await running.waitForPosition(position, { timeoutMs: 10_000 })
    await running.stop()
    expect((await readCheckpointRow(db.knex, 'spy-fixed')).failed).toMatchObject({
      position: positionToString(position),
    })
    fixed = true
    const restarted = await startProjections({
      store: db.store,
      knex: db.knex,
      logger,
      projections: [spy.projection],
    })
    try {
      const { position: next } = await createCompetition('after-fix')
      await restarted.waitForPosition(next, { timeoutMs: 10_000 })
      expect(restarted.status()).toEqual([
        { name: 'spy-fixed', position: positionToString(next), failed: null },
      ])
      expect(await readCheckpointRow(db.knex, 'spy-fixed')).toEqual({ position: next, failed: null })
      expect(streams(spy.applied).slice(-2)).toEqual([
        competitionStream('fixable'),
        competitionStream('after-fix'),
      ])
    } finally {
      await restarted.stop()
    }
  })

  test('an event the entries table cannot hold stops entries alone; the other read models carry on', async () => {
    const entry = (entryId: string, amountPence: number): EntryEvent => ({
      type: 'TicketsReserved',
      data: {
        competitionId: 'overflow',
        entryId,
        userId: 'u-1',
        quantity: 1,
        amountPence,
        paymentIntentId: `pi_${entryId}`,
        answer: 'Paris',
        expiresAt: '2030-01-01T09:10:00.000Z',
      },
    })
    const [tooDear, fine] = [randomUUID(), randomUUID()]
    const { position: created } = await createCompetition('overflow')
    // Appended beneath the contracts: `amount_pence` is an integer column, and 2^31 overflows
    // it whether or not the contract bounds the amount (then the parse fails instead).
    const { position: bad } = await db.store.append(
      competitionStream('overflow'),
      [competitionEvent(entry(tooDear, 2 ** 31))],
      { expectedRevision: 0n },
    )
    const { position: after } = await db.store.append(
      competitionStream('overflow'),
      [
        competitionEvent(entry(fine, 299)),
        competitionEvent({ type: 'CompetitionPublished', data: { competitionId: 'overflow' } }),
      ],
      { expectedRevision: 1n },
    )
    const expected = {
      position: positionToString(bad),
      type: 'TicketsReserved',
      error: expect.stringMatching(/./),
    }
    for (const round of ['first start', 'restart']) {
      const { logger: spied, errors } = spiedLogger()
      const running = await startProjections({
        store: db.store,
        knex: db.knex,
        logger: spied,
        projections: allProjections,
      })
      try {
        await running.waitForPosition(after, { timeoutMs: 10_000 })
        const status = new Map(running.status().map((s) => [s.name, s]))
        // The platform stats read the same reservations, so the bad event stops them too.
        for (const name of ['entries', 'platform_stats']) {
          expect(status.get(name), `${name} after ${round}`).toMatchObject({ failed: expected })
          expect(status.get(name)?.position, round).not.toBe(positionToString(after))
        }
        for (const name of ['competitions', 'competition_events', 'draws', 'users']) {
          expect(status.get(name)?.failed, `${name} after ${round}`).toBeNull()
        }
        expect(errors, round).toHaveBeenCalledTimes(2)
        for (const [logged] of errors.mock.calls) {
          expect(logged, round).toMatchObject({
            position: positionToString(bad),
            eventType: 'TicketsReserved',
          })
        }
      } finally {
        await running.stop()
      }
    }
    expect((await readCheckpointRow(db.knex, 'entries')).failed).toMatchObject(expected)
    expect(await db.knex('competitions').where({ id: 'overflow' }).first()).toMatchObject({
      status: 'active',
    })
    const audit = await db
      .knex('competition_events')
      .where({ competition_id: 'overflow' })
      .orderBy('revision')
    expect(audit.map((r) => r.type)).toEqual([
      'CompetitionCreated',
      'TicketsReserved',
      'TicketsReserved',
      'CompetitionPublished',
    ])
    expect(await db.knex('entries').whereIn('id', [tooDear, fine])).toEqual([])
    expect(comparePositions(created, bad)).toBeLessThan(0)
  })
})
