import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import {
  createPostgresEventStore,
  type Position,
  type PostgresEventStore,
  positionFromString,
  positionToString,
} from '@prizes/event-store'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { createLogger } from '../logger'
import { createLeases, type Leases } from './leases'
import { consumerLeaseClass, createPgLeases, pgLeaseSession } from './pg-lease-session'
import { type RunningConsumer, startConsumer } from './runner'

const logger = createLogger({ level: 'silent' })
const holdLease = fileURLToPath(new URL('./testing/hold-lease.ts', import.meta.url))
/** A takeover is due within a few retries; this bounds the wait on a loaded machine. */
const takeoverMs = 10_000

let database: TestDatabase
let store: PostgresEventStore
let sql: pg.Pool
const running: Leases[] = []

beforeAll(async () => {
  database = await createTestDatabase('consumer_leases')
  store = createPostgresEventStore({ connectionString: database.url })
  await store.migrate()
  sql = new pg.Pool({ connectionString: database.url })
  await sql.query('create table counted (name text, n int, holder text)')
  await sql.query('create table checkpoints (name text primary key, position text not null)')
})

afterAll(async () => {
  await Promise.all(running.map((leases) => leases.stop()))
  await sql?.end()
  await store?.close()
  await database?.drop()
})

function leasesOf(processName: string): Leases {
  const leases = createPgLeases({
    connectionString: database.url,
    logger,
    retryMs: 50,
    connectMs: 5000,
    processName,
  })
  running.push(leases)
  return leases
}

/** Leases whose process cannot reach the database again once its first session is gone. */
function leasesCutOffAfterFirstSession(processName: string): Leases {
  const connect = pgLeaseSession({
    connectionString: database.url,
    connectMs: 5000,
    callMs: 1000,
    retryMs: 50,
    processName,
  })
  let connected = false
  const leases = createLeases({
    connect: async (onLost) => {
      if (connected) throw new Error('cut off')
      connected = true
      return connect(onLost)
    },
    logger,
    retryMs: 50,
  })
  running.push(leases)
  return leases
}

/** The backend of the session holding `processName`'s leases. */
async function leaseBackend(processName: string): Promise<number> {
  const { rows } = await sql.query<{ pid: number }>(
    `select a.pid from pg_stat_activity a join pg_locks l on l.pid = a.pid
      where a.application_name like $1 and l.locktype = 'advisory' and l.classid = $2::int::oid`,
    [`${processName} %`, consumerLeaseClass],
  )
  const pid = rows[0]?.pid
  if (pid === undefined) throw new Error(`${processName} holds no lease`)
  return pid
}

const append = (name: string, n: number) =>
  store.append(`counter-${name}`, [{ type: 'Counted', data: { n } }], { expectedRevision: 'any' })

/**
 * A consumer that records each event it handles with the process that handled it, and its
 * checkpoint with it in one transaction: nothing is handled twice, and a gap would show.
 */
function countingConsumer(name: string, holder: string) {
  let stopped = false
  return {
    stopped: () => stopped,
    consumer: {
      name,
      async start(): Promise<RunningConsumer> {
        const { rows } = await sql.query<{ position: string }>(
          'select position from checkpoints where name = $1',
          [name],
        )
        const from = rows[0] ? positionFromString(rows[0].position) : 'start'
        const consumer = startConsumer({
          store,
          logger,
          kind: 'test',
          members: [{ name, filter: { eventTypes: ['Counted'], streamPrefixes: [`counter-${name}`] }, from }],
          batchSize: 10,
          retryDelayMs: 10,
          maxRetryDelayMs: 50,
          async handle(batch, context) {
            for (const event of batch) {
              if (context.signal.aborted) return
              const client = await sql.connect()
              try {
                await client.query('begin')
                await client.query('insert into counted values ($1, $2, $3)', [
                  name,
                  (event.data as { n: number }).n,
                  holder,
                ])
                await client.query(
                  `insert into checkpoints values ($1, $2)
                   on conflict (name) do update set position = excluded.position`,
                  [name, positionToString(event.position)],
                )
                await client.query('commit')
              } finally {
                client.release()
              }
              context.advance(name, event.position)
            }
          },
        })
        return {
          waitForPosition: consumer.waitForPosition,
          async stop() {
            await consumer.stop()
            stopped = true
          },
        }
      },
    },
  }
}

async function countedBy(name: string): Promise<Array<[number, string]>> {
  const { rows } = await sql.query<{ n: number; holder: string }>(
    'select n, holder from counted where name = $1 order by n',
    [name],
  )
  return rows.map((row) => [row.n, row.holder])
}

async function appendMany(name: string, from: number, to: number): Promise<Position> {
  let last: Position | undefined
  for (let n = from; n <= to; n += 1) last = (await append(name, n)).position
  if (!last) throw new Error('nothing appended')
  return last
}

describe('consumer leases on PostgreSQL', () => {
  test('one of two processes runs the consumer; when its session is terminated it stops at once and the other carries on from the checkpoint', async () => {
    // Terminated, `a` cannot reconnect: it stands for a holder whose database connection died.
    const a = leasesCutOffAfterFirstSession('lease-a')
    const b = leasesOf('lease-b')
    const inA = countingConsumer('terminated', 'a')
    const inB = countingConsumer('terminated', 'b')
    const leaseA = a.hold(inA.consumer)
    const leaseB = b.hold(inB.consumer)
    await a.start()
    await b.start()
    expect(a.held()).toEqual(['terminated'])
    expect(b.held()).toEqual([])

    const first = await appendMany('terminated', 1, 3)
    await leaseA.current()?.waitForPosition(first, { timeoutMs: 10_000 })

    await sql.query('select pg_terminate_backend($1)', [await leaseBackend('lease-a')])
    // The holder notices its session went, and its consumer stops, before anyone takes over.
    await vi.waitFor(() => expect(inA.stopped()).toBe(true), { timeout: takeoverMs })
    await vi.waitFor(() => expect(b.held()).toEqual(['terminated']), { timeout: takeoverMs })
    expect(a.held()).toEqual([])

    const second = await appendMany('terminated', 4, 6)
    const consumer = leaseB.current()
    if (!consumer) throw new Error('b runs no consumer')
    await consumer.waitForPosition(second, { timeoutMs: 10_000 })
    expect(await countedBy('terminated')).toEqual([
      [1, 'a'],
      [2, 'a'],
      [3, 'a'],
      [4, 'b'],
      [5, 'b'],
      [6, 'b'],
    ])
  })

  test('a holder killed with SIGKILL loses its lease to the waiting process within a bounded wait', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', holdLease], {
      env: { ...process.env, DATABASE_URL: database.url, LEASE_NAME: 'killed' },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const exited = once(child, 'exit')
    const lines = createInterface({ input: child.stdout })
    const held = await new Promise<unknown>((resolve, reject) => {
      lines.on('line', (line) => resolve((JSON.parse(line) as { ready: unknown }).ready))
      void exited.then(() => reject(new Error('the lease holder exited before it was ready')))
    })
    expect(held).toEqual(['killed'])

    const waiting = leasesOf('lease-waiting')
    const spy = countingConsumer('killed', 'waiting')
    const lease = waiting.hold(spy.consumer)
    await waiting.start()
    expect(waiting.held()).toEqual([])

    child.kill('SIGKILL')
    await exited
    await vi.waitFor(() => expect(waiting.held()).toEqual(['killed']), { timeout: takeoverMs })
    const last = await appendMany('killed', 1, 2)
    await lease.current()?.waitForPosition(last, { timeoutMs: 10_000 })
    expect(await countedBy('killed')).toEqual([
      [1, 'waiting'],
      [2, 'waiting'],
    ])
  })

  test('a lease is a namespaced two-key advisory lock of the session, gone when it stops', async () => {
    const leases = leasesOf('lease-keys')
    leases.hold({ name: 'keys', start: async () => ({ stop: async () => {} }) })
    await leases.start()
    const { rows } = await sql.query<{ objsubid: number }>(
      `select l.objsubid from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where l.locktype = 'advisory' and l.classid = $1::int::oid and a.application_name like 'lease-keys %'`,
      [consumerLeaseClass],
    )
    expect(rows).toEqual([{ objsubid: 2 }])
    await leases.stop()
    await expect(leaseBackend('lease-keys')).rejects.toThrow('holds no lease')
  })
})
