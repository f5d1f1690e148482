import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import {
  createCommandHandler,
  createCompetition,
  createInMemoryDrawSeeds,
  publishCompetition,
} from '@prizes/command-service'
import { competitionStream } from '@prizes/contracts'
import {
  comparePositions,
  createPostgresEventStore,
  type PostgresEventStore,
  positionFromString,
} from '@prizes/event-store'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import { consumerLeaseClass, createKnex, createLogger, freePort } from '@prizes/platform'
import type { Knex } from 'knex'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, purchase, signUpGuest } from '../bench/purchase-client'
import { benchCompetitionDetails } from '../bench/purchases'
import { type MailInbox, settled, spawnMailInbox, waitUntil } from '../crash/crash-harness'

/**
 * The production topology's consumers (issue 12): a command service that runs no reactors, and
 * two consumers processes on one database. One holds every lease; killed with SIGKILL, the
 * other takes them over and carries on from the checkpoints: a reservation's expiry timer set
 * by the dead one fires in the survivor, new events are projected and emailed about, once.
 */

const processes = (name: string) => fileURLToPath(new URL(`../processes/${name}.ts`, import.meta.url))
const logger = createLogger({ level: 'silent' })
/** Reservations last 6 seconds here, so an expiry is watched, not waited for. */
const reservationMinutes = '0.1'
/** The projections and the ten reactors. */
const consumerCount = 11

interface LogLine {
  readonly msg?: string
  readonly leases?: string[]
}

interface Spawned {
  readonly child: ChildProcess
  readonly exited: Promise<unknown>
  /** Resolves with the first log line `match` accepts; fails if the process exits first. */
  line(match: (line: LogLine) => boolean): Promise<LogLine>
  kill(signal: NodeJS.Signals): Promise<void>
}

/** A process of the platform (`runtime/src/processes`), its JSON log lines watched. */
function spawnProcess(name: string, env: Record<string, string>): Spawned {
  const child = spawn(process.execPath, ['--import', 'tsx', processes(name)], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = once(child, 'exit')
  const seen: LogLine[] = []
  const waiting = new Set<() => void>()
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (text) => {
    try {
      seen.push(JSON.parse(text) as LogLine)
    } catch {
      return
    }
    for (const wake of waiting) wake()
  })
  return {
    child,
    exited,
    line: (match) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = seen.find(match)
          if (!found) return
          waiting.delete(check)
          resolve(found)
        }
        waiting.add(check)
        check()
        void exited.then(() => reject(new Error(`${name} exited before logging what was awaited`)))
      }),
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      await exited
    },
  }
}

let database: TestDatabase
let store: PostgresEventStore
let knex: Knex
let mail: MailInbox
let dataDir: string
const spawned: Spawned[] = []

beforeAll(async () => {
  database = await createTestDatabase('consumers_processes')
  store = createPostgresEventStore({ connectionString: database.url })
  await store.migrate()
  knex = createKnex(database.url)
  mail = await spawnMailInbox()
  dataDir = await mkdtemp(path.join(tmpdir(), 'prizes-consumers-'))
})

afterAll(async () => {
  await Promise.all(spawned.map((process) => process.kill('SIGTERM')))
  await mail?.stop()
  await knex?.destroy()
  await store?.close()
  await database?.drop()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

const baseEnv = () => ({
  DATABASE_URL: database.url,
  SMTP_URL: mail.smtpUrl,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  RESERVATION_MINUTES: reservationMinutes,
})

/** The consumers process, once it has said which leases it took. */
async function startConsumersProcess(): Promise<{ process: Spawned; leases: string[]; url: string }> {
  const port = await freePort()
  const consumers = spawnProcess('consumers', {
    ...baseEnv(),
    LEASE_RETRY_MS: '100',
    CONSUMERS_PORT: String(port),
  })
  spawned.push(consumers)
  const ready = await consumers.line((line) => line.msg === 'consumer leases held by this process')
  return { process: consumers, leases: ready.leases ?? [], url: `http://127.0.0.1:${port}` }
}

/** The lease holders PostgreSQL knows of: each holder's application name, with how many it holds. */
async function leaseHolders(): Promise<Record<string, number>> {
  const { rows } = await knex.raw<{ rows: Array<{ holder: string; n: number }> }>(
    `select a.application_name as holder, count(*)::int as n
       from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where l.locktype = 'advisory' and l.granted and l.classid = ?::int::oid
      group by a.application_name`,
    [consumerLeaseClass],
  )
  return Object.fromEntries(rows.map((row) => [row.holder, row.n]))
}

async function competitionEvents(competitionId: string) {
  return store.readStream(competitionStream(competitionId))
}

describe('consumers processes', () => {
  it('one runs every consumer; killed with SIGKILL, the other takes over from the checkpoints and expires what it had in hand', async () => {
    const port = await freePort()
    const commandService = spawnProcess('command-service', {
      ...baseEnv(),
      COMMAND_SERVICE_PORT: String(port),
    })
    spawned.push(commandService)
    await commandService.line((line) => line.msg?.startsWith('command service listening') === true)
    const url = `http://127.0.0.1:${port}`

    const now = new Date()
    const handler = createCommandHandler({ store, logger })
    const admin = { actor: { system: 'consumers-test' }, now }
    const { competitionId } = await createCompetition(
      handler,
      { details: { ...benchCompetitionDetails(now), title: `Leases ${randomBytes(3).toString('hex')}` } },
      admin,
    )
    await publishCompetition(handler, { competitionId }, admin, createInMemoryDrawSeeds())
    const buyer = await signUpGuest(url, randomBytes(3).toString('hex'), 0)
    // The command service ran no reactor: none registered its checkpoint, none holds a lease.
    expect(await knex('reactor_checkpoints').count<Array<{ count: number }>>({ count: '*' })).toEqual([
      { count: 0 },
    ])
    expect(await leaseHolders()).toEqual({})

    const first = await startConsumersProcess()
    expect(first.leases).toHaveLength(consumerCount)
    const second = await startConsumersProcess()
    expect(second.leases).toEqual([])
    const holders = await leaseHolders()
    expect(Object.values(holders)).toEqual([consumerCount])
    const [firstHolder] = Object.keys(holders)

    const { token, ...person } = buyer
    const reserved = await call(url, 'createPaymentIntent', {
      token,
      body: {
        competitionId,
        numberOfEntries: 1,
        skillQuestionAnswer: '4',
        ...person,
        agreedToTerms: true,
        subscribedToNewsletter: false,
      },
    })
    const reservation = (await competitionEvents(competitionId)).find(
      (event) =>
        event.type === 'TicketsReserved' &&
        (event.data as { paymentIntentId: string }).paymentIntentId === reserved.paymentIntentId,
    )
    if (!reservation) throw new Error('no TicketsReserved for the payment intent')
    // The first process has the reservation in hand (its expiry timer set) once its checkpoint is
    // past it; killed then, well before the reservation is due.
    await waitUntil(
      'the expiry reactor to check the reservation in',
      async () => {
        const row = await knex('reactor_checkpoints').where({ name: 'reservation-expiry' }).first('position')
        const position = row?.position ? positionFromString(String(row.position)) : undefined
        return position !== undefined && comparePositions(position, reservation.position) >= 0
      },
      { everyMs: 20 },
    )
    const entryId = (reservation.data as { entryId: string }).entryId
    const releases = async () =>
      (await competitionEvents(competitionId)).filter(
        (event) =>
          event.type === 'ReservationReleased' && (event.data as { entryId: string }).entryId === entryId,
      )
    expect(await releases()).toEqual([])
    await first.process.kill('SIGKILL')

    const taken = await waitUntil(
      'the second consumers process to take every lease',
      async () => {
        const now = await leaseHolders()
        return Object.values(now).join() === String(consumerCount) && !(firstHolder && firstHolder in now)
          ? now
          : undefined
      },
      { timeoutMs: 20_000, everyMs: 50 },
    )
    expect(Object.keys(taken)).toHaveLength(1)

    // The survivor rebuilt the timer from the log and releases the reservation when due.
    await waitUntil('the reservation to expire', async () => (await releases()).length > 0, {
      timeoutMs: 20_000,
    })

    // After the takeover: a purchase is confirmed by email, once, through the survivor.
    await purchase(url, buyer, { competitionId, numberOfEntries: 2, answer: '4' })
    await waitUntil('every consumer to catch up and the outbox to empty', () => settled(url), {
      timeoutMs: 30_000,
      everyMs: 1000,
    })
    const confirmations = (await mail.all()).filter((email) =>
      email.subject.startsWith('Your entry is confirmed'),
    )
    expect(confirmations).toHaveLength(1)
    expect(await releases()).toHaveLength(1)
    expect(
      (await competitionEvents(competitionId)).filter((event) => event.type === 'TicketsAllocated'),
    ).toHaveLength(1)
  })
})
