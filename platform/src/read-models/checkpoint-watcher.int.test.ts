import { type Position, positionToString } from '@prizes/event-store'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import type { Knex } from 'knex'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createKnex } from '../db/knex'
import { createLogger } from '../logger'
import { createCheckpointWatcher } from './checkpoint-watcher'

/**
 * The watcher on a real PostgreSQL, over a checkpoint table shaped as the projections' own
 * (`projection_checkpoints`: a row per projection, its position and the failure it is stuck on).
 */

let database: TestDatabase
let knex: Knex
/** Reads of the checkpoint table, counted from the queries knex sends. */
let reads = 0
const logger = createLogger({ level: 'silent' })

beforeAll(async () => {
  database = await createTestDatabase('checkpoint_watcher')
  knex = createKnex(database.url)
  knex.on('query', (query: { sql: string }) => {
    if (query.sql.includes('projection_checkpoints')) reads += 1
  })
})
afterAll(async () => {
  await knex?.destroy()
  await database?.drop()
})

const at = (commit: number, prepare: number): Position => ({
  commit: BigInt(commit),
  prepare: BigInt(prepare),
})

async function checkpoints(
  rows: Array<{ name: string; position: Position | null; failed?: boolean; handles?: string[] }>,
) {
  await knex('projection_checkpoints').delete()
  await knex('projection_checkpoints').insert(
    rows.map((row) => ({
      name: row.name,
      position: row.position ? positionToString(row.position) : null,
      handles: row.handles ?? ['CompetitionCreated'],
      failed_position: row.failed ? '1/1' : null,
    })),
  )
}

const move = (name: string, position: Position) =>
  knex('projection_checkpoints')
    .where({ name })
    .update({ position: positionToString(position) })

describe('the checkpoint watcher', () => {
  test('with no checkpoint table there is nothing to wait for', async () => {
    const watcher = createCheckpointWatcher({ knex, logger })
    expect(await watcher.waitFor(at(5, 5), 1000)).toBe('reached')
    expect(await watcher.projectedTypes()).toEqual(new Set())
  })

  describe('over the projections’ table', () => {
    beforeAll(async () => {
      await knex.schema.createTable('projection_checkpoints', (t) => {
        t.text('name').primary()
        t.text('position')
        t.specificType('handles', 'text[]')
        t.text('failed_position')
      })
    })
    beforeEach(() => {
      reads = 0
    })

    test('answers once the slowest projection has passed the position, not before', async () => {
      await checkpoints([
        { name: 'fast', position: at(20, 1) },
        { name: 'slow', position: at(9, 7) },
      ])
      const watcher = createCheckpointWatcher({ knex, logger, pollMs: 10 })
      let outcome: string | undefined
      const waiting = watcher.waitFor(at(10, 3), 5000).then((o) => {
        outcome = o
        return o
      })
      // Polled at least twice with the slow one still behind: the wait is still open.
      const readsBefore = reads
      while (reads < readsBefore + 2) await new Promise((resolve) => setTimeout(resolve, 5))
      expect(outcome).toBeUndefined()

      await move('slow', at(10, 3))
      expect(await waiting).toBe('reached')
      // Known now: an earlier position answers without a read.
      const readsAfter = reads
      expect(await watcher.waitFor(at(10, 1), 5000)).toBe('reached')
      expect(reads).toBe(readsAfter)
    })

    test('a projection stuck on a failed event is not waited for; one that has applied nothing is', async () => {
      await checkpoints([
        { name: 'live', position: at(30, 1) },
        { name: 'stuck', position: at(2, 2), failed: true },
      ])
      expect(await createCheckpointWatcher({ knex, logger }).waitFor(at(30, 1), 5000)).toBe('reached')

      await checkpoints([
        { name: 'live', position: at(30, 1) },
        { name: 'new', position: null },
      ])
      expect(await createCheckpointWatcher({ knex, logger }).waitFor(at(3, 1), 100)).toBe('timedOut')
    })

    test('many waiters share one read per poll', async () => {
      await checkpoints([{ name: 'only', position: at(1, 1) }])
      const watcher = createCheckpointWatcher({ knex, logger, pollMs: 50 })
      const started = Date.now()
      const outcomes = await Promise.all(
        Array.from({ length: 500 }, (_, i) => watcher.waitFor(at(2, i), 300)),
      )
      const elapsed = Date.now() - started
      expect(new Set(outcomes)).toEqual(new Set(['timedOut']))
      // One read every 50 ms while they waited (a timer's drift may add one or two), not one each:
      // 500 waiters polling on their own would have made thousands.
      expect(reads).toBeLessThanOrEqual(Math.ceil(elapsed / 50) + 3)
      expect(reads).toBeGreaterThanOrEqual(2)

      await move('only', at(3, 0))
      const idle = reads
      expect(await watcher.waitFor(at(2, 5), 1000)).toBe('reached')
      expect(reads).toBe(idle + 1)
    })

    test('beyond the most waiters, a wait answers busy at once', async () => {
      await checkpoints([{ name: 'only', position: at(1, 1) }])
      const watcher = createCheckpointWatcher({ knex, logger, maxWaiters: 2 })
      const first = watcher.waitFor(at(9, 9), 200)
      const second = watcher.waitFor(at(9, 9), 200)
      expect(await watcher.waitFor(at(9, 9), 200)).toBe('busy')
      expect(await Promise.all([first, second])).toEqual(['timedOut', 'timedOut'])
      // Their places are free again.
      await move('only', at(9, 9))
      expect(await watcher.waitFor(at(9, 9), 1000)).toBe('reached')
    })

    test('the projected event types are every row’s, read again only after the time to live', async () => {
      await checkpoints([
        { name: 'a', position: at(1, 1), handles: ['CompetitionCreated', 'TicketsReserved'] },
        { name: 'b', position: at(1, 1), handles: ['UserRegistered'], failed: true },
      ])
      let now = 0
      const watcher = createCheckpointWatcher({ knex, logger, typesTtlMs: 200, now: () => now })
      expect(await watcher.projectedTypes()).toEqual(
        new Set(['CompetitionCreated', 'TicketsReserved', 'UserRegistered']),
      )
      await knex('projection_checkpoints')
        .where({ name: 'a' })
        .update({ handles: ['SettingsChanged'] })
      const readsBefore = reads
      now = 199
      expect((await watcher.projectedTypes()).has('SettingsChanged')).toBe(false)
      expect(reads).toBe(readsBefore)
      now = 200
      expect((await watcher.projectedTypes()).has('SettingsChanged')).toBe(true)
    })
  })
})
