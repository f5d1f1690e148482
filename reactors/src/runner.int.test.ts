import { randomUUID } from 'node:crypto'
import { migrateReactorTables } from '@prizes/command-service/use-cases'
import {
  createPostgresEventStore,
  type PostgresEventStore,
  positionToString,
  type RecordedEvent,
} from '@prizes/event-store'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import { createKnex, createLogger } from '@prizes/platform'
import type { Knex } from 'knex'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type Reactor, startReactor } from './runner'
import {
  readReactorCheckpoint,
  recordReactorFailure,
  registerReactor,
  writeReactorCheckpoint,
} from './tables'

const logger = createLogger({ level: 'silent' })
let database: TestDatabase
let store: PostgresEventStore
let knex: Knex

beforeAll(async () => {
  database = await createTestDatabase('reactor_runner')
  store = createPostgresEventStore({ connectionString: database.url })
  await store.migrate()
  knex = createKnex(database.url)
  await migrateReactorTables(knex)
})

afterAll(async () => {
  await knex?.destroy()
  await store?.close()
  await database?.drop()
})

const checkpointRow = (name: string) =>
  knex('reactor_checkpoints').where({ name }).first<Record<string, unknown> | undefined>()

async function append(type: string, label: string) {
  const streamId = `thing-${randomUUID()}`
  const appended = await store.append(streamId, [{ type, data: { label } }], { expectedRevision: 'noStream' })
  return { ...appended, streamId }
}

/** Waits until a checkpoint write sits in the slow trigger's pg_sleep. */
async function checkpointWriteUnderWay() {
  const deadline = Date.now() + 5_000
  for (;;) {
    const { rows } = await knex.raw<{ rows: unknown[] }>(
      "select 1 from pg_stat_activity where wait_event = 'PgSleep' and query ilike '%reactor_checkpoints%'",
    )
    if (rows.length > 0) return
    if (Date.now() > deadline) throw new Error('no checkpoint write got under way')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

/** Records what it reacted to; throws for an event while `failing` says so. */
function spyReactor(name: string, failing: (event: RecordedEvent) => boolean = () => false) {
  const seen: string[] = []
  const reactor: Reactor = {
    name,
    filter: { eventTypes: ['Wanted'] },
    async react(event) {
      if (failing(event)) throw new Error('not now')
      seen.push(String((event.data as { label: string }).label))
    },
  }
  return { reactor, seen }
}

describe('startReactor', () => {
  it('reacts to its event types only, in order, and resumes from its checkpoint', async () => {
    const { reactor, seen } = spyReactor(`resume-${randomUUID()}`)
    await append('Wanted', 'a')
    await append('Other', 'x')
    const b = await append('Wanted', 'b')
    const first = await startReactor({ store, knex, logger, reactor })
    await first.waitForPosition(b.position, { timeoutMs: 10_000 })
    await first.stop()
    expect(seen).toEqual(['a', 'b'])
    expect(await readReactorCheckpoint(knex, reactor.name)).toEqual(b.position)

    const c = await append('Wanted', 'c')
    const second = await startReactor({ store, knex, logger, reactor })
    await second.waitForPosition(c.position, { timeoutMs: 10_000 })
    await second.stop()
    expect(seen).toEqual(['a', 'b', 'c'])
  })

  it('retries a failing event and holds the ones behind it until it succeeds', async () => {
    let failures = 2
    const { reactor, seen } = spyReactor(`retry-${randomUUID()}`, (event) => {
      const label = (event.data as { label: string }).label
      if (label !== 'flaky' || failures === 0) return false
      failures -= 1
      return true
    })
    const start = await append('Wanted', 'before')
    const running = await startReactor({ store, knex, logger, reactor, retryDelayMs: 10 })
    await running.waitForPosition(start.position, { timeoutMs: 10_000 })
    await append('Wanted', 'flaky')
    const last = await append('Wanted', 'after')
    await running.waitForPosition(last.position, { timeoutMs: 10_000 })
    await running.stop()
    expect(failures).toBe(0)
    expect(seen.slice(-2)).toEqual(['flaky', 'after'])
  })

  it('records while an event fails (since when, which, why) and clears it once it succeeds', async () => {
    let failing = true
    const label = `flaky-${randomUUID()}`
    const { reactor } = spyReactor(
      `recorded-${randomUUID()}`,
      (event) => failing && (event.data as { label: string }).label === label,
    )
    const running = await startReactor({
      store,
      knex,
      logger,
      reactor,
      retryDelayMs: 10,
      maxRetryDelayMs: 20,
    })
    expect(await checkpointRow(reactor.name)).toMatchObject({
      position: null,
      handles: ['Wanted'],
      failing_since: null,
    })
    const flaky = await append('Wanted', label)
    await vi.waitFor(
      async () => expect((await checkpointRow(reactor.name))?.last_error).toBe('not now'),
      // A live event can wait for the store's visibility rule while other transactions are open.
      { timeout: 10_000 },
    )
    const [event] = await store.readStream(flaky.streamId)
    expect(await checkpointRow(reactor.name)).toMatchObject({
      failing_since: expect.any(Date),
      failed_event_id: event?.id,
      failed_position: positionToString(flaky.position),
    })
    failing = false
    await running.waitForPosition(flaky.position, { timeoutMs: 10_000 })
    await running.stop()
    expect(await checkpointRow(reactor.name)).toMatchObject({
      failing_since: null,
      last_error: null,
      failed_event_id: null,
      failed_position: null,
    })
  })

  it('checkpoints an event handled while the previous checkpoint was being written', async () => {
    const { reactor, seen } = spyReactor(`burst-${randomUUID()}`)
    // Each write of this reactor's checkpoint takes 200 ms, so the second event is handled during one.
    await knex.raw(`
      create or replace function slow_checkpoint() returns trigger language plpgsql as $$
      begin
        if new.name = '${reactor.name}' and new.position is not null then perform pg_sleep(0.2); end if;
        return new;
      end $$;
      create or replace trigger slow_checkpoint before insert or update on reactor_checkpoints
        for each row execute function slow_checkpoint();
    `)
    const running = await startReactor({ store, knex, logger, reactor, checkpointEveryMs: 0 })
    try {
      const first = await append('Wanted', 'first')
      await running.waitForPosition(first.position)
      await checkpointWriteUnderWay()
      const second = await append('Wanted', 'second')
      await running.waitForPosition(second.position)
      expect(seen.slice(-2)).toEqual(['first', 'second'])
      const want = positionToString(second.position)
      const savedNow = async () => {
        const saved = await readReactorCheckpoint(knex, reactor.name)
        return saved === 'start' ? 'start' : positionToString(saved)
      }
      let saved = await savedNow()
      for (
        const deadline = Date.now() + 5_000;
        saved !== want && Date.now() < deadline;
        saved = await savedNow()
      ) {
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      expect(saved).toBe(want)
    } finally {
      await running.stop()
      await knex.raw('drop trigger if exists slow_checkpoint on reactor_checkpoints')
    }
  })

  it('reaches a position past the last event it handles', async () => {
    const { reactor } = spyReactor(`idle-${randomUUID()}`)
    const other = await append('Other', 'y')
    const running = await startReactor({ store, knex, logger, reactor })
    await expect(running.waitForPosition(other.position, { timeoutMs: 10_000 })).resolves.toBeUndefined()
    await running.stop()
  })
})

describe('writeReactorCheckpoint', () => {
  it('clears a failure up to the new position only, and never moves back', async () => {
    const name = `checkpoints-${randomUUID()}`
    await registerReactor(knex, name, { eventTypes: ['Wanted'] })
    const first = await append('Wanted', 'first')
    const second = await append('Wanted', 'second')
    const [failing] = await store.readStream(second.streamId)
    if (!failing) throw new Error('no event')
    await recordReactorFailure(knex, name, failing, new Error('not now'))

    // The checkpoint of an earlier event, saved late, says nothing about the later one failing.
    await writeReactorCheckpoint(knex, name, first.position)
    expect(await checkpointRow(name)).toMatchObject({
      position: positionToString(first.position),
      failed_position: positionToString(second.position),
      last_error: 'not now',
    })

    await writeReactorCheckpoint(knex, name, second.position)
    expect(await checkpointRow(name)).toMatchObject({
      position: positionToString(second.position),
      failing_since: null,
      failed_position: null,
      last_error: null,
    })

    // An instance that lost its lease saves its last position late: the newer one stays.
    await writeReactorCheckpoint(knex, name, first.position)
    expect(await readReactorCheckpoint(knex, name)).toEqual(second.position)
  })
})
