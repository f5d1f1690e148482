import { randomBytes } from 'node:crypto'
import {
  cancelCompetition,
  createCommandHandler,
  createCompetition,
  createInMemoryDrawSeeds,
  publishCompetition,
} from '@prizes/command-service'
import { competitionStream, entryEvents } from '@prizes/contracts'
import { createPostgresEventStore, type PostgresEventStore } from '@prizes/event-store'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import { createKnex, createLogger, usePersonalDataKey } from '@prizes/platform'
import { allProjections, rebuildProjections } from '@prizes/projections'
import type { Knex } from 'knex'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Buyer, CallFailed, purchase, signUpGuest } from '../bench/purchase-client'
import { benchCompetitionDetails } from '../bench/purchases'
import { auditTickets } from '../bench/ticket-audit'
import {
  type MailInbox,
  type PlatformUnderTest,
  settled,
  snapshotTables,
  spawnMailInbox,
  spawnPlatformOn,
  waitUntil,
} from './crash-harness'

/**
 * The platform killed with SIGKILL in the middle of a purchase storm and again in the middle of
 * a cancellation's refunds, each time started again on the same database (issue 10's crash
 * test). Every kill is placed by waiting for progress in the database, never by a timer.
 */

const logger = createLogger({ level: 'silent' })
const buyers = 8
const totalTickets = 400
/** The offline provider's card form allocates a paid reservation if confirm-payment never came. */
const reservationMinutes = '1'

let database: TestDatabase
let store: PostgresEventStore
let knex: Knex
let mail: MailInbox
let platform: PlatformUnderTest | undefined
let competitionId: string
let title: string

/**
 * The keys production takes from the environment, the same at every start, as an operator's
 * would be: a restarted platform reads what the killed one wrote. The test's own rebuild below
 * opens the users' keys with the same personal-data key.
 */
const keys = Object.fromEntries(
  ['DRAW_SEED_KEY', 'JWT_SECRET', 'TOKEN_SECRET', 'PERSONAL_DATA_KEY'].map((name) => [
    name,
    randomBytes(32).toString('hex'),
  ]),
)

const start = async () => {
  platform = await spawnPlatformOn(database.url, mail.smtpUrl, {
    RESERVATION_MINUTES: reservationMinutes,
    ...keys,
  })
  return platform.url
}

beforeAll(async () => {
  database = await createTestDatabase('crash')
  store = createPostgresEventStore({ connectionString: database.url })
  knex = createKnex(database.url)
  mail = await spawnMailInbox()
})

afterAll(async () => {
  await platform?.stop()
  await mail?.stop()
  await knex?.destroy()
  await store?.close()
  await database?.drop()
})

async function competitionEvents() {
  return store.readStream(competitionStream(competitionId))
}

async function allocations() {
  return (await competitionEvents()).flatMap((event) =>
    event.type === 'TicketsAllocated' ? [entryEvents.TicketsAllocated.parse(event.data)] : [],
  )
}

const count = async (sql: string) => {
  const result = await knex.raw<{ rows: Array<{ n: number }> }>(`select count(*)::int as n ${sql}`)
  return result.rows[0]?.n ?? 0
}

/** The provider's intents that took the money. */
const succeededIntents = async () =>
  (await knex('offline_payment_intents').where({ status: 'succeeded' }).select('id')).map((row) =>
    String(row.id),
  )

/** Each buyer buys again and again until the platform stops answering (it was killed) or sells out. */
async function buyUntilTheEnd(baseUrl: string, buyer: Buyer, index: number): Promise<number> {
  let bought = 0
  for (let i = 0; ; i += 1) {
    try {
      const numberOfEntries = 1 + ((index + i) % 3)
      await purchase(baseUrl, buyer, { competitionId, numberOfEntries, answer: '4' })
      bought += 1
    } catch (error) {
      // A refusal (sold out, closed) or a dead platform ends this buyer; anything else is a bug.
      if (error instanceof CallFailed && error.status < 500) return bought
      if (error instanceof TypeError) return bought
      throw error
    }
  }
}

/** The confirmation emails MailDev caught, by the entry reference in their subject. */
async function confirmationsByReference(): Promise<Map<string, number>> {
  const byReference = new Map<string, number>()
  for (const email of await mail.all()) {
    const reference = email.subject.match(
      /^\[TEST MODE\] Entry received: .* \(([A-Z0-9]+-\d{4}-\d{6})\)$/,
    )?.[1]
    if (reference) byReference.set(reference, (byReference.get(reference) ?? 0) + 1)
  }
  return byReference
}

describe('kill -9 and restart', () => {
  it('allocates every confirmed payment exactly once and sends every confirmation', async () => {
    const url = await start()
    const now = new Date()
    const handler = createCommandHandler({ store, logger })
    const admin = { actor: { system: 'crash-test' }, now }
    title = `Crash test ${randomBytes(3).toString('hex')}`
    ;({ competitionId } = await createCompetition(
      handler,
      { details: { ...benchCompetitionDetails(now), title, totalTickets } },
      admin,
    ))
    await publishCompetition(handler, { competitionId }, admin, createInMemoryDrawSeeds())

    const run = randomBytes(3).toString('hex')
    const people = await Promise.all(Array.from({ length: buyers }, (_, i) => signUpGuest(url, run, i)))
    const storm = Promise.all(people.map((buyer, i) => buyUntilTheEnd(url, buyer, i)))
    await waitUntil('30 allocations before the kill', async () => (await allocations()).length >= 30, {
      everyMs: 20,
    })
    await platform?.kill()
    const bought = await storm
    const beforeRestart = await allocations()
    expect(bought.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1)

    const restarted = await start()
    // Confirmed at the provider but cut off before allocation: the expiry reactor reconciles it.
    await waitUntil(
      'every succeeded payment allocated',
      async () => {
        const paid = await succeededIntents()
        const allocated = new Set((await allocations()).map((a) => a.paymentIntentId))
        return paid.every((id) => allocated.has(id))
      },
      { timeoutMs: 100_000, everyMs: 250 },
    )
    await waitUntil('the reactors and the outbox to settle', () => settled(restarted), {
      timeoutMs: 30_000,
      everyMs: 1000,
    })

    const events = await competitionEvents()
    const audit = auditTickets(events, totalTickets)
    expect(audit).toMatchObject({ oversold: 0, duplicateNumbers: 0, outOfRange: 0 })
    const allocated = await allocations()
    expect(allocated.length).toBeGreaterThanOrEqual(beforeRestart.length)
    const paid = await succeededIntents()
    for (const intent of paid) {
      expect(allocated.filter((a) => a.paymentIntentId === intent)).toHaveLength(1)
    }
    expect(allocated.every((a) => a.paymentIntentId && paid.includes(a.paymentIntentId))).toBe(true)

    const confirmations = await confirmationsByReference()
    const missing = allocated.filter((a) => !confirmations.has(a.entryReference))
    expect(missing.map((a) => a.entryReference)).toEqual([])
    expect(await count("from mail_outbox where status <> 'sent'")).toBe(0)
  }, 150_000)

  it('refunds every entry exactly once and emails each entrant when killed during a cancellation', async () => {
    const entries = await allocations()
    expect(entries.length).toBeGreaterThanOrEqual(30)
    const handler = createCommandHandler({ store, logger })
    await cancelCompetition(
      handler,
      { competitionId, reason: 'The venue closed' },
      { actor: { system: 'crash-test' }, now: new Date() },
    )
    const killAt = Math.floor(entries.length / 3)
    await waitUntil(
      `${killAt} refunds before the kill`,
      async () => (await count('from offline_payment_refunds')) >= killAt,
      {
        everyMs: 5,
      },
    )
    await platform?.kill()
    const refundsAtKill = await count('from offline_payment_refunds')
    expect(refundsAtKill).toBeLessThan(entries.length)

    const url = await start()
    await waitUntil(
      'every entry refunded',
      async () =>
        (await competitionEvents()).filter((e) => e.type === 'EntryRefunded').length >= entries.length,
      { timeoutMs: 30_000, everyMs: 100 },
    )
    await waitUntil('the reactors and the outbox to settle', () => settled(url), {
      timeoutMs: 30_000,
      everyMs: 1000,
    })

    const refundRows = await knex('offline_payment_refunds').select('payment_intent_id', 'idempotency_key')
    const refunded = (await competitionEvents()).flatMap((event) =>
      event.type === 'EntryRefunded' ? [entryEvents.EntryRefunded.parse(event.data)] : [],
    )
    for (const entry of entries) {
      expect(refundRows.filter((row) => row.payment_intent_id === entry.paymentIntentId)).toHaveLength(1)
      expect(refunded.filter((r) => r.entryId === entry.entryId)).toHaveLength(1)
    }
    expect(refundRows).toHaveLength(entries.length)

    const cancellations = (await mail.all()).filter((email) =>
      email.subject.startsWith('[TEST MODE] Competition cancelled'),
    )
    const unmailed = entries.filter(
      (entry) => !cancellations.some((email) => email.text.includes(entry.entryReference)),
    )
    expect(unmailed.map((entry) => entry.entryReference)).toEqual([])
    expect(await count("from mail_outbox where status <> 'sent'")).toBe(0)

    // The read models, built live across both kills, equal a rebuild from the log.
    await platform?.stop()
    platform = undefined
    const tables = allProjections.flatMap((projection) => projection.tables)
    const live = await snapshotTables(knex, tables)
    usePersonalDataKey(Buffer.from(String(keys.PERSONAL_DATA_KEY), 'hex'))
    await rebuildProjections({ store, knex, projections: allProjections, names: 'all' })
    expect(await snapshotTables(knex, tables)).toEqual(live)
  }, 90_000)
})
