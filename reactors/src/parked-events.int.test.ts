import {
  mapCommandError,
  parkedEventsRouter,
  runEntryCommand,
  silentLogger,
} from '@prizes/command-service/testing'
import {
  allocatePaidEntry,
  type EntryCommands,
  entryCommandsOf,
  parkedEventsTable,
} from '@prizes/command-service/use-cases'
import { competitionStream, type ParkedEvent, parkedEventStream } from '@prizes/contracts'
import type { Position } from '@prizes/event-store'
import { createApp, createKnexRateLimiter, issueSessionToken, loadSecrets } from '@prizes/platform'
import { type Served, serve } from '@prizes/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRefundReactor, refundReactorName } from './entries/refund-reactor'
import { type EntryReactorHarness, startEntryReactorHarness } from './entries/test-harness'
import { type Reactor, startReactor } from './runner'

/**
 * The admin's parked events over real HTTP on a real PostgreSQL: the refund reactor parks what
 * it cannot handle and moves on; an admin lists it, retries it (still failing: it stays parked
 * with the new reason; the cause fixed: handled and resolved as retried, the refund recorded
 * once) or resolves it by hand with a reason, kept with who did it. Admins only.
 */

let harness: EntryReactorHarness
let served: Served
let reactor: Reactor
const tokens = { admin: '', user: '' }
const adminId = '00000000-0000-4000-9000-00000000ad02'
/** Entries whose refund cannot be recorded yet: the cause an admin fixes before retrying. */
const broken = new Set<string>()
/** Entries whose recording waits for a gate to open: a retry held in flight. */
const gates = new Map<string, Promise<void>>()

beforeAll(async () => {
  harness = await startEntryReactorHarness('parked_events', 600_000)
  const secrets = await loadSecrets(harness.knex)
  const real = entryCommandsOf(harness.deps)
  const commands: EntryCommands = {
    ...real,
    async recordRefund(input, context) {
      if (broken.has(input.entryId)) throw new Error(`entry ${input.entryId} cannot be recorded yet`)
      await gates.get(input.entryId)
      return real.recordRefund(input, context)
    },
  }
  reactor = createRefundReactor({
    store: harness.store,
    knex: harness.knex,
    logger: silentLogger,
    payments: harness.payments,
    commands,
  })
  const router = parkedEventsRouter({
    store: harness.store,
    handler: harness.handler,
    knex: harness.knex,
    secrets,
    limiter: createKnexRateLimiter(harness.knex),
    logger: silentLogger,
    clock: () => new Date(),
    reactors: new Map([[reactor.name, reactor]]),
  })
  served = await serve(
    createApp({
      name: 'command',
      logger: silentLogger,
      mapError: mapCommandError,
      routers: [router],
    }).callback(),
  )
  const session = async (userId: string, role: 'user' | 'admin') => {
    await harness
      .knex('auth_sessions')
      .insert({ user_id: userId, token_version: 0, role, banned: false })
      .onConflict('user_id')
      .merge()
    return issueSessionToken(secrets.jwt, { userId, role, tokenVersion: 0 }, new Date())
  }
  tokens.admin = await session(adminId, 'admin')
  tokens.user = await session((await harness.user()).userId, 'user')
}, 60_000)

afterAll(async () => {
  await served?.close()
  await harness?.close()
})

async function paidEntry() {
  const { competitionId } = await harness.competition()
  const { userId } = await harness.user()
  const reserved = await harness.reserve(competitionId, userId, 1)
  await harness.pay(reserved.paymentIntentId)
  await allocatePaidEntry(harness.deps, { logger: silentLogger })(reserved.paymentIntentId)
  return { competitionId, ...reserved }
}

async function requestRefund(entry: { competitionId: string; entryId: string }): Promise<Position> {
  const result = await runEntryCommand(
    harness.handler,
    {
      type: 'RequestRefund',
      data: { competitionId: entry.competitionId, entryId: entry.entryId, reason: 'Asked by the entrant' },
      metadata: { now: new Date() },
    },
    { actor: { userId: adminId, role: 'admin' }, now: new Date(), reason: 'Asked by the entrant' },
  )
  if (!result.position) throw new Error('the refund request appended nothing')
  return result.position
}

/** Runs the refund reactor until it has dealt with the log up to `position`. */
async function reactUpTo(position: Position): Promise<void> {
  const running = await startReactor({
    store: harness.store,
    knex: harness.knex,
    logger: silentLogger,
    reactor,
    retryDelayMs: 10,
    maxAttempts: 2,
  })
  try {
    await running.waitForPosition(position, { timeoutMs: 15_000 })
  } finally {
    await running.stop()
  }
}

async function parkedIdOf(competitionId: string): Promise<string> {
  const row = await harness
    .knex(parkedEventsTable)
    .where({ consumer: refundReactorName, stream_id: competitionStream(competitionId) })
    .first('id')
  if (!row) throw new Error(`nothing parked for ${competitionId}`)
  return String(row.id)
}

/** What the endpoints answer: a page, an action's event, or an error body. */
interface Answer {
  readonly success: boolean
  readonly code?: string
  readonly events: ParkedEvent[]
  readonly event: ParkedEvent
}

async function call(method: string, path: string, body?: unknown, token: string | null = tokens.admin) {
  const response = await fetch(`${served.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return { status: response.status, body: (await response.json()) as Answer }
}

/** The admin actions the log holds for the refund reactor's parked event of this competition. */
async function actionsOn(competitionId: string) {
  const row = await harness
    .knex(parkedEventsTable)
    .where({ consumer: refundReactorName, stream_id: competitionStream(competitionId) })
    .first('event_id')
  const events = await harness.store.readStream(parkedEventStream(refundReactorName, row.event_id))
  return events.map(({ type, data, metadata }) => ({ type, data, metadata }))
}

const refunded = async (competitionId: string) =>
  (await harness.store.readStream(competitionStream(competitionId))).filter((e) => e.type === 'EntryRefunded')

describe('parked events: the admin sees them and acts', () => {
  it('lists a parked refund; a retry still failing keeps it parked; fixed, a retry handles and resolves it', async () => {
    const entry = await paidEntry()
    broken.add(entry.entryId)
    await reactUpTo(await requestRefund(entry))
    const id = await parkedIdOf(entry.competitionId)

    const open = await call('GET', '/api/admin/parked-events?status=open')
    expect(open.status).toBe(200)
    expect(open.body.events.find((e) => e.id === id)).toMatchObject({
      consumer: refundReactorName,
      eventType: 'EntryRefundRequested',
      reason: `entry ${entry.entryId} cannot be recorded yet`,
      attempts: 2,
      resolvedAt: null,
    })

    const again = await call('POST', `/api/admin/parked-events/${id}/retry`)
    expect(again).toMatchObject({ status: 409, body: { success: false, code: 'PARKED_EVENT_STILL_FAILING' } })
    expect(await harness.knex(parkedEventsTable).where({ id }).first()).toMatchObject({
      attempts: 3,
      resolved_at: null,
      retrying_until: null,
    })

    broken.delete(entry.entryId)
    const retried = await call('POST', `/api/admin/parked-events/${id}/retry`)
    expect(retried.status).toBe(200)
    expect(retried.body.event).toMatchObject({ id, resolution: 'retried', resolvedBy: adminId })
    expect((await refunded(entry.competitionId)).map((e) => e.data)).toMatchObject([
      { entryId: entry.entryId },
    ])
    // The provider refunded once, under the entry's key, however often it was asked.
    expect(
      await harness.knex('offline_payment_refunds').where({ payment_intent_id: entry.paymentIntentId }),
    ).toHaveLength(1)
    const twice = await call('POST', `/api/admin/parked-events/${id}/retry`)
    expect(twice).toMatchObject({ status: 409, body: { code: 'PARKED_EVENT_RESOLVED' } })
    // Both retries are in the audit trail, the admin as their actor; the refused third is not.
    const action = { parkedEventId: id, consumer: refundReactorName, eventType: 'EntryRefundRequested' }
    expect(await actionsOn(entry.competitionId)).toMatchObject([
      {
        type: 'ParkedEventRetried',
        data: { ...action, outcome: 'failed', failure: `entry ${entry.entryId} cannot be recorded yet` },
        metadata: { actor: { userId: adminId, role: 'admin' } },
      },
      {
        type: 'ParkedEventRetried',
        data: { ...action, outcome: 'handled', failure: null },
        metadata: { actor: { userId: adminId, role: 'admin' } },
      },
    ])
  })

  it('resolves a disputed refund by hand with a reason, kept with who did it', async () => {
    const entry = await paidEntry()
    await harness.payments.actAtDashboard(entry.paymentIntentId, 'disputed')
    await reactUpTo(await requestRefund(entry))
    const id = await parkedIdOf(entry.competitionId)

    expect(await call('POST', `/api/admin/parked-events/${id}/resolve`, {})).toMatchObject({
      status: 400,
      body: { success: false },
    })
    const resolved = await call('POST', `/api/admin/parked-events/${id}/resolve`, {
      reason: 'Chargeback accepted at the bank; no refund due',
    })
    expect(resolved.status).toBe(200)
    expect(resolved.body.event).toMatchObject({
      id,
      resolution: 'resolved',
      resolvedBy: adminId,
      resolutionReason: 'Chargeback accepted at the bank; no refund due',
    })
    const stored = await harness.knex(parkedEventsTable).where({ id }).first()
    expect(stored).toMatchObject({ resolved_by: adminId, resolution: 'resolved' })
    expect(await actionsOn(entry.competitionId)).toMatchObject([
      {
        type: 'ParkedEventResolved',
        data: { parkedEventId: id, consumer: refundReactorName, eventType: 'EntryRefundRequested' },
        metadata: {
          actor: { userId: adminId, role: 'admin' },
          reason: 'Chargeback accepted at the bank; no refund due',
        },
      },
    ])
    expect(stored.reason).toContain('disputed')
    expect(await refunded(entry.competitionId)).toHaveLength(0)

    const open = await call('GET', '/api/admin/parked-events')
    expect(open.body.events.map((e) => e.id)).not.toContain(id)
    const done = await call('GET', '/api/admin/parked-events?status=resolved')
    expect(done.body.events[0]).toMatchObject({ id, resolution: 'resolved' })
    expect(await call('POST', `/api/admin/parked-events/${id}/resolve`, { reason: 'again' })).toMatchObject({
      status: 409,
      body: { code: 'PARKED_EVENT_RESOLVED' },
    })
  })

  it('one retry at a time: a second retry or a resolve meanwhile is told it is under way', async () => {
    const entry = await paidEntry()
    broken.add(entry.entryId)
    await reactUpTo(await requestRefund(entry))
    const id = await parkedIdOf(entry.competitionId)
    broken.delete(entry.entryId)
    let open = () => {}
    gates.set(entry.entryId, new Promise<void>((resolve) => (open = resolve)))

    const first = call('POST', `/api/admin/parked-events/${id}/retry`)
    // The first has claimed it once its claim is on the row.
    for (const deadline = Date.now() + 10_000; ; ) {
      const row = await harness.knex(parkedEventsTable).where({ id }).first('retrying_until')
      if (row?.retrying_until) break
      if (Date.now() > deadline) throw new Error('the retry never claimed the event')
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(await call('POST', `/api/admin/parked-events/${id}/retry`)).toMatchObject({
      status: 409,
      body: { code: 'PARKED_EVENT_RETRYING' },
    })
    expect(
      await call('POST', `/api/admin/parked-events/${id}/resolve`, { reason: 'meanwhile' }),
    ).toMatchObject({
      status: 409,
      body: { code: 'PARKED_EVENT_RETRYING' },
    })
    const listed = await call('GET', '/api/admin/parked-events')
    expect(listed.body.events.find((e) => e.id === id)?.retrying).toBe(true)
    open()
    expect((await first).body.event).toMatchObject({ id, resolution: 'retried' })
    expect(await refunded(entry.competitionId)).toHaveLength(1)
  })

  it('admins only, with bounded input: 401, 403, 400 and 404, never 500', async () => {
    expect((await call('GET', '/api/admin/parked-events', undefined, null)).status).toBe(401)
    expect((await call('GET', '/api/admin/parked-events', undefined, tokens.user)).status).toBe(403)
    expect((await call('POST', '/api/admin/parked-events/1/retry', undefined, tokens.user)).status).toBe(403)
    expect(
      (await call('POST', '/api/admin/parked-events/1/resolve', { reason: 'x' }, tokens.user)).status,
    ).toBe(403)
    expect((await call('GET', '/api/admin/parked-events?page=501')).status).toBe(400)
    expect((await call('GET', '/api/admin/parked-events?status=stuck')).status).toBe(400)
    expect((await call('POST', '/api/admin/parked-events/abc/retry')).status).toBe(400)
    expect((await call('POST', '/api/admin/parked-events/99999999999999999999/retry')).status).toBe(400)
    expect(await call('POST', '/api/admin/parked-events/999999999/retry')).toMatchObject({
      status: 404,
      body: { success: false, code: 'PARKED_EVENT_NOT_FOUND' },
    })
    expect(
      (await call('POST', '/api/admin/parked-events/999999999/resolve', { reason: 'x'.repeat(5000) })).status,
    ).toBe(400)
  })
})
