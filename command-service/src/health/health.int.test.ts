import type { HealthResponse } from '@prizes/contracts'
import { positionToString } from '@prizes/event-store'
import { createLogger, createPgLeases, metricsRegistry, projectionsLeaseName } from '@prizes/platform'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { parkedEventsTable } from '../admin/parked-store'
import { type AdminHarness, startAdminHarness } from '../admin/test-harness'
import { migrateReactorTables } from '../migrations/reactor-tables'
import { silentLogger } from '../testing/fixtures'
import type { ConsumerRow } from './consumers'
import { registerHealthMetrics } from './metrics'

let harness: AdminHarness
let admin: string
/**
 * The projections' checkpoints as the composition root reports them (the read side's table is
 * not the command service's to read): set by each test.
 */
let projectionRows: ConsumerRow[] = []
const projections = async () => projectionRows

const lagLimit = 3

beforeAll(async () => {
  harness = await startAdminHarness('health', {
    health: { reuseMs: 0, lagLimit, reactorStuckAfterMs: 5 * 60 * 1000 },
    projections,
  })
  await migrateReactorTables(harness.knex)
  admin = await harness.admin()
})
afterAll(() => harness.close())

/** Appends `count` events of `type` on a stream of their own; the position of the last. */
async function append(type: string, count: number) {
  const events = Array.from({ length: count }, () => ({ type, data: {} }))
  const { position } = await harness.store.append(`health-${crypto.randomUUID()}`, events, {
    expectedRevision: 'noStream',
  })
  return positionToString(position)
}

async function health(token?: string) {
  const answer = await harness.call('GET', '/api/health', undefined, token)
  return { status: answer.status, body: answer.body as unknown as HealthResponse }
}

const named = (consumers: HealthResponse['projections'], name: string) =>
  consumers.find((c) => c.name === name)

let caughtUp: string

beforeEach(async () => {
  await harness.knex('reactor_checkpoints').delete()
  caughtUp = await append('HealthProbeA', 1)
  await append('HealthProbeB', 2)
  const projection = (name: string, position: string | null, eventTypes: string[]): ConsumerRow => ({
    name,
    position,
    filter: { eventTypes },
    failure: null,
  })
  projectionRows = [
    projection('caught-up', await append('HealthProbeA', 1), ['HealthProbeA']),
    projection('behind', caughtUp, ['HealthProbeB']),
    projection('new', null, ['HealthProbeA', 'HealthProbeB']),
  ]
  // A reactor as the runner registers one (its filter), then caught up to the first probe.
  await harness.knex('reactor_checkpoints').insert({
    name: 'mailer',
    position: caughtUp,
    handles: ['HealthProbeB'],
    stream_prefixes: ['health-'],
  })
})

describe('GET /api/health', () => {
  it('is rate limited per address like the other public calls', async () => {
    const limited = await startAdminHarness('health_limited', {
      rateLimits: {
        health: { perAddress: { max: 2, windowMs: 60_000 }, perEmail: { max: 2, windowMs: 60_000 } },
      },
    })
    try {
      await migrateReactorTables(limited.knex)
      const statuses = []
      for (let i = 0; i < 3; i += 1) statuses.push((await limited.call('GET', '/api/health')).status)
      expect(statuses).toEqual([200, 200, 429])
    } finally {
      await limited.close()
    }
  })

  it('answers 200 with each consumer’s position and lag while none is stuck', async () => {
    const { status, body } = await health()
    expect(status).toBe(200)
    expect(body).toMatchObject({ success: true, status: 'ok' })
    expect(named(body.projections, 'caught-up')).toMatchObject({
      status: 'ok',
      lagEvents: 0,
      lagMs: 0,
      failure: null,
    })
    const behind = named(body.projections, 'behind')
    expect(behind).toMatchObject({ status: 'ok', position: caughtUp, lagEvents: 2, lagCapped: false })
    expect(behind?.lagMs).toBeGreaterThanOrEqual(0)
    // Three of its four events wait; only `lagLimit` are counted.
    expect(named(body.projections, 'new')).toMatchObject({
      position: null,
      lagEvents: lagLimit,
      lagCapped: true,
    })
    expect(named(body.reactors, 'mailer')).toMatchObject({ status: 'ok', position: caughtUp, lagEvents: 2 })
  })

  it('answers 503 naming a projection that stopped on an event, with the error for admins only', async () => {
    projectionRows = projectionRows.map((row) =>
      row.name === 'behind'
        ? {
            ...row,
            failure: {
              since: new Date(),
              position: caughtUp,
              eventId: 'event-1',
              eventType: 'HealthProbeB',
              error: 'value "2147483648" is out of range for type integer',
            },
          }
        : row,
    )
    const publicly = await health()
    expect(publicly.status).toBe(503)
    expect(publicly.body).toMatchObject({ success: false, status: 'stuck' })
    const stuck = named(publicly.body.projections, 'behind')
    expect(stuck).toMatchObject({
      status: 'stuck',
      failure: { position: caughtUp, eventType: 'HealthProbeB' },
    })
    expect(stuck?.failure).not.toHaveProperty('error')
    expect(stuck?.failure).not.toHaveProperty('eventId')
    expect(named(publicly.body.projections, 'caught-up')?.status).toBe('ok')

    const user = await harness.user()
    expect(named((await health(user.token)).body.projections, 'behind')?.failure).not.toHaveProperty('error')
    const asAdmin = await health(admin)
    expect(asAdmin.status).toBe(503)
    expect(named(asAdmin.body.projections, 'behind')?.failure).toMatchObject({
      eventId: 'event-1',
      error: 'value "2147483648" is out of range for type integer',
    })
  })

  it('counts a reactor failing for a moment as failing, and one failing for over 5 minutes as stuck', async () => {
    const failing = (since: Date) =>
      harness.knex('reactor_checkpoints').where({ name: 'mailer' }).update({
        failing_since: since,
        last_error: 'SMTP connection refused',
        failed_event_id: 'event-2',
        failed_position: caughtUp,
      })
    await failing(new Date())
    const brief = await health()
    expect(brief.status).toBe(200)
    expect(named(brief.body.reactors, 'mailer')).toMatchObject({
      status: 'failing',
      failure: { position: caughtUp },
    })

    await failing(new Date(Date.now() - 6 * 60 * 1000))
    const long = await health(admin)
    expect(long.status).toBe(503)
    expect(named(long.body.reactors, 'mailer')).toMatchObject({
      status: 'stuck',
      failure: { eventId: 'event-2', error: 'SMTP connection refused' },
    })
  })

  it('counts each reactor’s open parked events, visible in health and metrics, without answering 503', async () => {
    await harness.knex(parkedEventsTable).delete()
    const parked = (n: number, resolved: boolean) => ({
      consumer: 'mailer',
      event_id: `parked-${n}`,
      position: caughtUp,
      stream_id: 'health-parked',
      stream_revision: n,
      event_type: 'HealthProbeB',
      reason: 'SMTP refused the recipient',
      attempts: 8,
      ...(resolved ? { resolved_at: new Date(), resolved_by: 'admin-1', resolution: 'resolved' } : {}),
    })
    await harness.knex(parkedEventsTable).insert([parked(1, false), parked(2, false), parked(3, true)])
    const { status, body } = await health()
    expect(status).toBe(200)
    expect(body).toMatchObject({ success: true, status: 'ok' })
    expect(named(body.reactors, 'mailer')).toMatchObject({ status: 'ok', parked: 2 })
    expect(named(body.projections, 'behind')).not.toHaveProperty('parked')

    const unregister = registerHealthMetrics({
      store: harness.store,
      knex: harness.knex,
      projections,
      logger: silentLogger,
    })
    try {
      const lines = (await metricsRegistry.metrics())
        .split('\n')
        .filter((line) => line.startsWith('prizes_consumer_parked_events{'))
      expect(lines).toEqual(['prizes_consumer_parked_events{kind="reactor",name="mailer"} 2'])
    } finally {
      unregister()
    }
  })

  it('counts the emails waiting in the outbox and those that gave up, without answering 503', async () => {
    await harness.knex('mail_outbox').delete()
    const queuedAt = new Date('2030-01-10T12:00:00.000Z')
    const email = (id: string, status: string) => ({
      id,
      template: 'entry-confirmation',
      recipient: `${id}@example.com`,
      subject: 'Entry received',
      status,
      created_at: queuedAt,
      next_attempt_at: queuedAt,
    })
    await harness
      .knex('mail_outbox')
      .insert([
        email('waiting', 'pending'),
        { ...email('retrying', 'pending'), attempts: 2, created_at: new Date(queuedAt.getTime() + 1000) },
        { ...email('given-up', 'failed'), attempts: 10, last_error: '550 mailbox unavailable' },
        email('gone', 'sent'),
      ])
    const { status, body } = await health()
    expect(status).toBe(200)
    expect(body.emails).toEqual({ pending: 2, failed: 1, oldestPendingAt: queuedAt.toISOString() })
  })

  it('names the process holding each consumer’s lease, to admins, and none once it lets go', async () => {
    const leases = createPgLeases({
      connectionString: harness.databaseUrl,
      logger: createLogger({ level: 'silent' }),
      retryMs: 50,
      connectMs: 5000,
      processName: 'health-holder',
    })
    for (const name of [projectionsLeaseName, 'mailer']) {
      leases.hold({ name, start: async () => ({ stop: async () => {} }) })
    }
    await leases.start()
    try {
      const asAdmin = await health(admin)
      const holder = expect.stringMatching(new RegExp(`^health-holder .+:${process.pid}$`))
      expect(named(asAdmin.body.reactors, 'mailer')?.holder).toEqual(holder)
      for (const projection of asAdmin.body.projections) expect(projection.holder).toEqual(holder)
      expect(named((await health()).body.reactors, 'mailer')).not.toHaveProperty('holder')
    } finally {
      await leases.stop()
    }
    expect(named((await health(admin)).body.reactors, 'mailer')?.holder).toBeNull()
  })
})
