import { competitionStream, endpoints } from '@prizes/contracts'
import { verifyDraw } from '@prizes/domain'
import type { PaymentProvider } from '@prizes/payments'
import { createApp, issueSessionToken, loadSecrets } from '@prizes/platform'
import { type Served, serve } from '@prizes/platform/testing'
import type { RunningProjections } from '@prizes/projections'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadDrawEvents } from '../competitions/draw-events'
import { cancelCompetition, closeCompetition } from '../competitions/lifecycle'
import { nodeDrawCrypto } from '../competitions/node-draw-crypto'
import { createMailOutbox } from '../mail/outbox'
import { allocatePaidEntry, entryCommandsOf } from '../reactors/entries/entry-commands'
import { refundEmailKey, startRefundEmailReactor } from '../reactors/entries/refund-email-reactor'
import { createRefundReactor, startRefundReactor } from '../reactors/entries/refund-reactor'
import { type EntryReactorHarness, startEntryReactorHarness } from '../reactors/entries/test-harness'
import type { RunningReactor } from '../reactors/runner'
import { silentLogger } from '../testing/fixtures'
import { startReadModels } from '../testing/read-models'
import { type AdminEntryRefundDeps, adminEntryRefundsRouter, refundEntry } from './entry-refunds'
import { loadCompetition } from './view'

/**
 * POST /api/admin/entries/:id/refund on a real PostgreSQL with the offline provider: only a paid,
 * unrefunded entry of an open or cancelled competition; one provider refund and one event however
 * often and however concurrently it is asked; the admin and the reason in the event's metadata;
 * the entrant's email queued once.
 */

let harness: EntryReactorHarness
let projections: RunningProjections
let emails: RunningReactor
let served: Served
let deps: AdminEntryRefundDeps
const tokens = { admin: '', user: '' }
const adminId = '00000000-0000-4000-9000-00000000ad01'

beforeAll(async () => {
  harness = await startEntryReactorHarness('admin_entry_refunds', 600_000)
  projections = await startReadModels(harness)
  const secrets = await loadSecrets(harness.knex)
  deps = {
    ...{ handler: harness.handler, knex: harness.knex, secrets, payments: harness.payments },
    logger: silentLogger,
  }
  served = await serve(
    createApp({ name: 'command', logger: silentLogger, routers: [adminEntryRefundsRouter(deps)] }).callback(),
  )
  emails = await startRefundEmailReactor({
    store: harness.store,
    knex: harness.knex,
    outbox: createMailOutbox(harness.knex),
    publicUrl: 'https://prizes.example.co.uk',
    logger: silentLogger,
    loadCompetition: (competitionId) => loadCompetition(harness.handler, competitionId),
    retryDelayMs: 20,
  })
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
  await emails?.stop()
  await projections?.stop()
  await harness?.close()
})

/** A paid entry of a new open competition, once the entries read model shows it. */
async function paidEntry() {
  const { competitionId, title } = await harness.competition()
  const { userId } = await harness.user()
  const reserved = await harness.reserve(competitionId, userId, 2)
  await harness.pay(reserved.paymentIntentId)
  await allocatePaidEntry(harness.deps, { logger: silentLogger })(reserved.paymentIntentId)
  await projected(competitionId)
  return { competitionId, title, userId, ...reserved }
}

/** A second paid entry of the same competition, so its seal is not empty. */
async function anotherPaidEntry(competitionId: string) {
  const { userId } = await harness.user()
  const reserved = await harness.reserve(competitionId, userId, 3)
  await harness.pay(reserved.paymentIntentId)
  await allocatePaidEntry(harness.deps, { logger: silentLogger })(reserved.paymentIntentId)
  return reserved
}

async function projected(competitionId: string) {
  const last = (await harness.store.readStream(competitionStream(competitionId))).at(-1)
  if (last) await projections.waitForPosition(last.position, { timeoutMs: 10_000 })
}

const refund = async (
  entryId: string,
  body: unknown = { reason: 'Asked by phone' },
  token = tokens.admin,
  at = served,
) => {
  const response = await fetch(`${at.url}/api/admin/entries/${entryId}/refund`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

async function refundedEvents(competitionId: string) {
  const recorded = await harness.store.readStream(competitionStream(competitionId))
  return recorded.filter((event) => event.type === 'EntryRefunded')
}
const providerRefunds = async (paymentIntentId: string) =>
  Number(
    (
      await harness
        .knex('offline_payment_refunds')
        .where({ payment_intent_id: paymentIntentId })
        .first<{ n: string }>(harness.knex.raw('count(*) as n'))
    )?.n,
  )

describe('refunding a paid entry', () => {
  it('refunds through the provider, records the admin and the reason, and emails the entrant once', async () => {
    const entry = await paidEntry()
    const answer = await refund(entry.entryId)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const body = endpoints.adminRefundEntry.response.parse(answer.body)
    expect(body).toMatchObject({ success: true, message: 'Entry refunded', amount: entry.amountPence / 100 })

    const [recorded, ...more] = await refundedEvents(entry.competitionId)
    expect(more).toEqual([])
    expect(recorded?.data).toMatchObject({
      entryId: entry.entryId,
      amountPence: entry.amountPence,
      refundId: body.refundId,
    })
    expect(recorded?.metadata).toMatchObject({
      actor: { userId: adminId, role: 'admin' },
      reason: 'Asked by phone',
    })
    expect(await providerRefunds(entry.paymentIntentId)).toBe(1)

    // Asked again: refused, and nothing more is refunded or recorded.
    const again = await refund(entry.entryId)
    expect(again).toMatchObject({ status: 409, body: { code: 'ENTRY_ALREADY_REFUNDED' } })
    expect(await providerRefunds(entry.paymentIntentId)).toBe(1)
    expect(await refundedEvents(entry.competitionId)).toHaveLength(1)

    if (!recorded) throw new Error('no EntryRefunded')
    await emails.waitForPosition(recorded.position, { timeoutMs: 10_000 })
    const queued = await harness
      .knex('mail_outbox')
      .where({ user_id: entry.userId })
      .select<{ id: string; subject: string; text_body: string }[]>('id', 'subject', 'text_body')
    const refundEmails = queued.filter((email) => email.id === refundEmailKey(entry.entryId))
    expect(refundEmails).toHaveLength(1)
    expect(refundEmails[0]?.subject).toContain(`Entry refunded: ${entry.title}`)
    expect(refundEmails[0]?.text_body).toContain('Reason: Asked by phone')
    expect(refundEmails[0]?.text_body).toContain(`£${(entry.amountPence / 100).toFixed(2)}`)
  })

  it('asked concurrently: one provider refund and one event', async () => {
    const entry = await paidEntry()
    const answers = await Promise.all(Array.from({ length: 5 }, () => refund(entry.entryId)))
    const statuses = answers.map((answer) => answer.status)
    expect(statuses).toContain(200)
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true)
    const refundIds = new Set(answers.filter((a) => a.status === 200).map((a) => a.body.refundId))
    expect(refundIds.size).toBe(1)
    expect(await refundedEvents(entry.competitionId)).toHaveLength(1)
    expect(await providerRefunds(entry.paymentIntentId)).toBe(1)
  })

  it('refunded at the dashboard: recorded with that refund; disputed: 409 REFUND_REFUSED and nothing moves', async () => {
    const atDashboard = await paidEntry()
    await harness.payments.actAtDashboard(atDashboard.paymentIntentId, 'refunded')
    const done = await refund(atDashboard.entryId)
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    const [recorded] = await refundedEvents(atDashboard.competitionId)
    expect(recorded?.data).toMatchObject({ entryId: atDashboard.entryId, refundId: done.body.refundId })
    expect(await providerRefunds(atDashboard.paymentIntentId)).toBe(1)

    const disputed = await paidEntry()
    await harness.payments.actAtDashboard(disputed.paymentIntentId, 'disputed')
    const refused = await refund(disputed.entryId)
    expect(refused).toMatchObject({ status: 409, body: { success: false, code: 'REFUND_REFUSED' } })
    expect(String(refused.body.message)).toContain('Parked events')
    expect(await providerRefunds(disputed.paymentIntentId)).toBe(0)
    expect(await refundedEvents(disputed.competitionId)).toHaveLength(0)
  })

  it('in a cancelled competition too, under the key the cancellation refunds use', async () => {
    const entry = await paidEntry()
    const admin = { actor: { userId: adminId, role: 'admin' as const }, now: new Date() }
    await cancelCompetition(
      harness.handler,
      { competitionId: entry.competitionId, reason: 'No prize' },
      admin,
    )
    expect((await refund(entry.entryId)).status).toBe(200)
    // The cancellation's own refund of the entry (same key) gives back the same refund, not a second.
    const again = await harness.payments.refund({
      paymentIntentId: entry.paymentIntentId,
      idempotencyKey: `refund-${entry.entryId}`,
    })
    const [recorded] = await refundedEvents(entry.competitionId)
    expect(recorded?.data).toMatchObject({ refundId: again.id })
    expect(await providerRefunds(entry.paymentIntentId)).toBe(1)
  })
})

describe('refused', () => {
  it('an entry not paid yet, with a clear message', async () => {
    const { competitionId } = await harness.competition()
    const { userId } = await harness.user()
    const reserved = await harness.reserve(competitionId, userId)
    await projected(competitionId)
    const answer = await refund(reserved.entryId)
    expect(answer).toMatchObject({
      status: 409,
      body: { code: 'ENTRY_NOT_PAID', message: 'Only a paid entry can be refunded' },
    })
    expect(await refundedEvents(competitionId)).toEqual([])
  })

  it('while the competition is closed for its draw: 409, and the provider is not asked', async () => {
    const entry = await paidEntry()
    const admin = { actor: { userId: adminId, role: 'admin' as const }, now: new Date() }
    await closeCompetition(harness.handler, { competitionId: entry.competitionId, reason: 'admin' }, admin)
    const answer = await refund(entry.entryId)
    expect(answer.status).toBe(409)
    expect(answer.body).toMatchObject({ code: 'COMPETITION_NOT_OPEN' })
    expect(String(answer.body.message)).toContain(
      'only while its competition is open or after it is cancelled',
    )
    expect(await providerRefunds(entry.paymentIntentId)).toBe(0)
  })

  it('without a reason 400, an unknown entry 404, a user 403, nobody 401', async () => {
    const entry = await paidEntry()
    expect((await refund(entry.entryId, {})).status).toBe(400)
    expect((await refund(entry.entryId, { reason: '   ' })).status).toBe(400)
    expect((await refund('00000000-0000-4000-9000-0000000000ff')).status).toBe(404)
    expect((await refund(entry.entryId, undefined, tokens.user)).status).toBe(403)
    expect((await refund(entry.entryId, undefined, '')).status).toBe(401)
    expect(await providerRefunds(entry.paymentIntentId)).toBe(0)
  })
})

/** The stream's close: its seal, and whether the entry's tickets are among those it counts. */
async function sealOf(competitionId: string) {
  const recorded = await harness.store.readStream(competitionStream(competitionId))
  const closed = recorded.find((event) => event.type === 'CompetitionClosed')
  if (!closed) throw new Error('no CompetitionClosed')
  const data = closed.data as { seal: { eligibleTickets: number } }
  return { eligibleTickets: data.seal.eligibleTickets, types: recorded.map((event) => event.type) }
}

const admin = () => ({ actor: { userId: adminId, role: 'admin' as const }, now: new Date() })

describe('a refund and a close at the same time', () => {
  it('closed while the provider refunds: the refund stands, is recorded, and the seal leaves the entry out', async () => {
    const entry = await paidEntry()
    await anotherPaidEntry(entry.competitionId) // three tickets
    // The close lands between the refund's check and its record: inside the provider's call.
    const closingProvider: PaymentProvider = {
      ...harness.payments,
      async refund(request) {
        await closeCompetition(
          harness.handler,
          { competitionId: entry.competitionId, reason: 'admin' },
          admin(),
        )
        return harness.payments.refund(request)
      },
    }
    const app = await serve(
      createApp({
        name: 'command',
        logger: silentLogger,
        routers: [adminEntryRefundsRouter({ ...deps, payments: closingProvider })],
      }).callback(),
    )
    try {
      const answer = await refund(entry.entryId, undefined, tokens.admin, app)
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    } finally {
      await app.close()
    }
    expect(await providerRefunds(entry.paymentIntentId)).toBe(1)
    expect(await refundedEvents(entry.competitionId)).toHaveLength(1)
    const seal = await sealOf(entry.competitionId)
    // Only the other entry's three tickets are sealed.
    expect(seal.eligibleTickets).toBe(3)
    expect(seal.types.indexOf('EntryRefundRequested')).toBeLessThan(seal.types.indexOf('CompetitionClosed'))
    // The audit's replay of the log gives the list the seal holds (the draw is still to come).
    const audit = verifyDraw(await loadDrawEvents(harness.store, entry.competitionId), nodeDrawCrypto)
    expect(audit.steps.find((step) => step.check === 'seal')).toMatchObject({ ok: true })
    const state = await loadCompetition(harness.handler, entry.competitionId)
    expect(state.exists && state.status).toBe('closed')
    expect(state.exists && state.entries.get(entry.entryId)?.status).toBe('refunded')
  })

  it('raced many times: money back and off the seal, or refused with no money moved', async () => {
    const outcomes = { refunded: 0, refused: 0 }
    for (let i = 0; i < 12; i += 1) {
      const entry = await paidEntry()
      await anotherPaidEntry(entry.competitionId) // three tickets
      const [answer] = await Promise.all([
        refund(entry.entryId),
        closeCompetition(harness.handler, { competitionId: entry.competitionId, reason: 'admin' }, admin()),
      ])
      const seal = await sealOf(entry.competitionId)
      const moved = await providerRefunds(entry.paymentIntentId)
      if (answer.status === 200) {
        outcomes.refunded += 1
        expect(moved).toBe(1)
        expect(await refundedEvents(entry.competitionId)).toHaveLength(1)
        expect(seal.eligibleTickets).toBe(3)
      } else {
        outcomes.refused += 1
        expect(answer).toMatchObject({ status: 409, body: { code: 'COMPETITION_NOT_OPEN' } })
        expect(moved).toBe(0)
        expect(await refundedEvents(entry.competitionId)).toEqual([])
        expect(seal.eligibleTickets).toBe(3 + 2)
      }
    }
    expect(outcomes.refunded + outcomes.refused).toBe(12)
  }, 120_000)
})

describe('a refund the process did not finish', () => {
  it('stopped between the provider and the record: 503, and the reactor records it, once', async () => {
    const entry = await paidEntry()
    let made: { id: string } | undefined
    const dyingProvider: PaymentProvider = {
      ...harness.payments,
      async refund(request) {
        made = await harness.payments.refund(request)
        throw new Error('the process died here')
      },
    }
    await expect(
      refundEntry(
        { ...deps, payments: dyingProvider },
        { entryId: entry.entryId, reason: 'Asked by phone' },
        admin(),
      ),
    ).rejects.toMatchObject({ status: 503, code: 'REFUND_PENDING' })
    expect(await providerRefunds(entry.paymentIntentId)).toBe(1)
    expect(await refundedEvents(entry.competitionId)).toEqual([])
    const requested = (await harness.store.readStream(competitionStream(entry.competitionId))).find(
      (event) => event.type === 'EntryRefundRequested',
    )
    if (!requested) throw new Error('no EntryRefundRequested')
    expect(requested.metadata).toMatchObject({ actor: { userId: adminId }, reason: 'Asked by phone' })
    // Meanwhile the competition closes: the entry is not on its list, its refund still completes.
    await closeCompetition(harness.handler, { competitionId: entry.competitionId, reason: 'admin' }, admin())
    expect((await sealOf(entry.competitionId)).eligibleTickets).toBe(0)

    const reactorOptions = {
      store: harness.store,
      knex: harness.knex,
      logger: silentLogger,
      payments: harness.payments,
      commands: entryCommandsOf(harness.deps),
      retryDelayMs: 20,
    }
    const running = await startRefundReactor(reactorOptions)
    try {
      await running.waitForPosition(requested.position, { timeoutMs: 10_000 })
    } finally {
      await running.stop()
    }
    const [recorded, ...more] = await refundedEvents(entry.competitionId)
    expect(more).toEqual([])
    expect(recorded?.data).toMatchObject({
      entryId: entry.entryId,
      refundId: made?.id,
      reason: 'Asked by phone',
    })
    expect(recorded?.metadata).toMatchObject({ causationId: requested.id, reason: 'Asked by phone' })

    // Delivered again (a reactor replaying its events): nothing more is refunded or recorded.
    await createRefundReactor(reactorOptions).react(requested)
    expect(await refundedEvents(entry.competitionId)).toHaveLength(1)
    expect(await providerRefunds(entry.paymentIntentId)).toBe(1)
    expect(await refund(entry.entryId)).toMatchObject({
      status: 409,
      body: { code: 'ENTRY_ALREADY_REFUNDED' },
    })
  })

  it('the reactor running beside the admin: one provider refund and one event', async () => {
    const entry = await paidEntry()
    const running = await startRefundReactor({
      store: harness.store,
      knex: harness.knex,
      logger: silentLogger,
      payments: harness.payments,
      commands: entryCommandsOf(harness.deps),
      retryDelayMs: 20,
    })
    try {
      const answers = await Promise.all(Array.from({ length: 3 }, () => refund(entry.entryId)))
      const statuses = answers.map((answer) => answer.status)
      expect(statuses).toContain(200)
      expect(statuses.every((status) => status === 200 || status === 409)).toBe(true)
      const last = (await harness.store.readStream(competitionStream(entry.competitionId))).at(-1)
      if (last) await running.waitForPosition(last.position, { timeoutMs: 10_000 })
    } finally {
      await running.stop()
    }
    expect(await refundedEvents(entry.competitionId)).toHaveLength(1)
    expect(await providerRefunds(entry.paymentIntentId)).toBe(1)
  })
})
