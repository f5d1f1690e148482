import { randomUUID } from 'node:crypto'
import { competitionStream } from '@prizes/contracts'
import { competitionDecider, eligibleFromEntries } from '@prizes/domain'
import {
  createStripePaymentProvider,
  type OfflinePaymentProvider,
  type StripePaymentProvider,
} from '@prizes/payments'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminHarness, startAdminHarness } from '../admin/test-harness'
import { createCommandHandler } from '../command-handler'
import { closeCompetition } from '../competitions/lifecycle'
import { silentLogger } from '../testing/fixtures'

/**
 * The provider's own word about a payment, over real HTTP on a real PostgreSQL: Stripe's
 * `charge.refunded`, `charge.dispute.created` and `charge.dispute.closed` (signed with the
 * webhook secret as Stripe signs them), and the offline TEST control that makes the offline
 * provider send their equivalents. Each marks the entry, keeps it out of a draw not yet sealed,
 * and has one effect however often it is delivered.
 *
 * The Stripe app runs on the offline provider's intents (no network here) with the Stripe
 * adapter's own webhook verification: the route, the signature, the mapping of a charge or a
 * dispute to its intent and the use case are the real ones.
 */

const webhookSecret = 'whsec_provider_events'
const stripeAdapter = createStripePaymentProvider({
  secretKey: 'sk_test_unused',
  publishableKey: 'pk_test_unused',
  webhookSecret,
  stripe: new Stripe('sk_test_unused', {
    httpClient: Stripe.createFetchHttpClient(async () => {
      throw new Error('no network in tests')
    }),
    maxNetworkRetries: 0,
  }),
})
const stripeOnOffline = (offline: OfflinePaymentProvider): StripePaymentProvider => ({
  ...offline,
  name: 'stripe',
  publishableKey: 'pk_test_unused',
  verifyWebhook: stripeAdapter.verifyWebhook,
})

let stripe: AdminHarness
let offline: AdminHarness

beforeAll(async () => {
  ;[stripe, offline] = await Promise.all([
    startAdminHarness('provider_events_stripe', { activePayments: stripeOnOffline }),
    startAdminHarness('provider_events_offline'),
  ])
}, 120_000)

afterAll(async () => {
  await Promise.all([stripe?.close(), offline?.close()])
})

/** A paid entry of a new competition of its own: its ids. */
async function paidEntry(harness: AdminHarness, numberOfEntries = 2) {
  const admin = await harness.admin()
  const competitionId = await harness.competition(admin, { status: 'active' })
  const entrant = await harness.paidEntry(competitionId, numberOfEntries)
  const entryId = (await harness.events(competitionId)).find((e) => e.type === 'TicketsAllocated')?.data
    .entryId
  if (typeof entryId !== 'string') throw new Error('no allocation')
  return { ...entrant, competitionId, entryId, admin }
}

async function entryState(harness: AdminHarness, competitionId: string, entryId: string) {
  const handler = createCommandHandler({ store: harness.store, logger: silentLogger })
  const state = await handler.load(competitionStream(competitionId), competitionDecider)
  if (!state.exists) throw new Error('no competition')
  return { state, entry: state.entries.get(entryId) }
}

/** Closes the competition and answers how many tickets its seal holds. */
async function sealedTickets(harness: AdminHarness, competitionId: string): Promise<number> {
  const handler = createCommandHandler({ store: harness.store, logger: silentLogger })
  const admin = { actor: { userId: randomUUID(), role: 'admin' as const }, now: harness.clock.now() }
  await closeCompetition(handler, { competitionId, reason: 'admin' }, admin)
  const closed = (await harness.events(competitionId)).find((e) => e.type === 'CompetitionClosed')
  const seal = closed?.data.seal as { eligibleTickets: number } | undefined
  if (!seal) throw new Error('not closed')
  return seal.eligibleTickets
}

const typesOf = async (harness: AdminHarness, competitionId: string) =>
  (await harness.events(competitionId)).map((e) => e.type)

function stripeEvent(id: string, type: string, object: Record<string, unknown>): string {
  return JSON.stringify({ id, object: 'event', type, data: { object } })
}

async function webhook(body: string, secret = webhookSecret) {
  const response = await fetch(`${stripe.url}/api/payments/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: body, secret }),
    },
    body,
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

const charge = (paymentIntentId: string, refunded = true) => ({
  id: `ch_${randomUUID().slice(0, 8)}`,
  object: 'charge',
  payment_intent: paymentIntentId,
  refunded,
  refunds: { object: 'list', data: [{ id: 're_dashboard_1', object: 'refund' }] },
})
const dispute = (paymentIntentId: string, status: string, id = 'dp_test_1') => ({
  id,
  object: 'dispute',
  charge: 'ch_x',
  payment_intent: paymentIntentId,
  reason: 'fraudulent',
  status,
})

describe("Stripe's webhook", () => {
  it('charge.refunded refunds the entry once, as the provider, with no refund of ours, and keeps it out of the seal', async () => {
    const entry = await paidEntry(stripe)
    const body = stripeEvent('evt_refund_1', 'charge.refunded', charge(entry.paymentIntentId))
    expect(await webhook(body)).toEqual({ status: 200, body: { received: true } })
    expect(await webhook(body)).toEqual({ status: 200, body: { received: true } })
    // Delivered again under a new event id (Stripe resends nothing so, but a second refund
    // notification for the same charge must not refund twice either).
    const other = stripeEvent('evt_refund_2', 'charge.refunded', charge(entry.paymentIntentId))
    expect((await webhook(other)).status).toBe(200)
    const events = await stripe.events(entry.competitionId)
    const refunds = events.filter((e) => e.type === 'EntryRefunded')
    expect(refunds).toHaveLength(1)
    expect(refunds[0]?.data).toMatchObject({
      entryId: entry.entryId,
      refundId: 're_dashboard_1',
      reason: 'refunded at the payment provider',
    })
    const metadata = await stripe.metadata(entry.competitionId)
    expect(metadata.at(-1)).toMatchObject({ actor: { system: 'stripe' }, causationId: 'evt_refund_1' })
    expect(await stripe.providerRefunds(entry.paymentIntentId)).toBe(0)
    expect((await entryState(stripe, entry.competitionId, entry.entryId)).entry?.status).toBe('refunded')
    expect(await sealedTickets(stripe, entry.competitionId)).toBe(0)
  })

  it('a partial refund changes nothing', async () => {
    const entry = await paidEntry(stripe)
    const body = stripeEvent('evt_partial', 'charge.refunded', charge(entry.paymentIntentId, false))
    expect((await webhook(body)).status).toBe(200)
    expect(await typesOf(stripe, entry.competitionId)).not.toContain('EntryRefunded')
  })

  it('a dispute takes the entry out; won, it stands again; the opening replayed after that changes nothing', async () => {
    const entry = await paidEntry(stripe)
    const created = stripeEvent(
      'evt_dp_created',
      'charge.dispute.created',
      dispute(entry.paymentIntentId, 'needs_response'),
    )
    expect((await webhook(created)).status).toBe(200)
    expect((await entryState(stripe, entry.competitionId, entry.entryId)).entry?.status).toBe('disputed')
    const closedWon = stripeEvent(
      'evt_dp_won',
      'charge.dispute.closed',
      dispute(entry.paymentIntentId, 'won'),
    )
    expect((await webhook(closedWon)).status).toBe(200)
    expect(await webhook(created)).toEqual({ status: 200, body: { received: true } })
    expect((await webhook(closedWon)).status).toBe(200)
    const { entry: after, state } = await entryState(stripe, entry.competitionId, entry.entryId)
    expect(after?.status).toBe('paid')
    expect(eligibleFromEntries(state)).toHaveLength(2)
    const types = await typesOf(stripe, entry.competitionId)
    expect(types.filter((t) => t === 'EntryDisputed')).toHaveLength(1)
    expect(types.filter((t) => t === 'EntryDisputeClosed')).toHaveLength(1)
    expect(await sealedTickets(stripe, entry.competitionId)).toBe(2)
  })

  it('a dispute open at the close keeps the entry out of the seal; lost, the entry is refunded as a chargeback', async () => {
    const entry = await paidEntry(stripe)
    const created = stripeEvent(
      'evt_dp2_created',
      'charge.dispute.created',
      dispute(entry.paymentIntentId, 'needs_response', 'dp_2'),
    )
    expect((await webhook(created)).status).toBe(200)
    expect(await sealedTickets(stripe, entry.competitionId)).toBe(0)
    const lost = stripeEvent(
      'evt_dp2_lost',
      'charge.dispute.closed',
      dispute(entry.paymentIntentId, 'lost', 'dp_2'),
    )
    expect((await webhook(lost)).status).toBe(200)
    expect((await webhook(lost)).status).toBe(200)
    const events = await stripe.events(entry.competitionId)
    expect(events.filter((e) => e.type === 'EntryRefunded').map((e) => e.data)).toEqual([
      expect.objectContaining({ reason: 'chargeback', refundId: 'dp_2', amountPence: 500 }),
    ])
    expect((await entryState(stripe, entry.competitionId, entry.entryId)).entry?.status).toBe('refunded')
  })

  it('answers 2xx for a charge of no entry of ours, and 400 for a bad signature', async () => {
    const unknown = stripeEvent('evt_unknown', 'charge.refunded', charge('pi_not_ours'))
    expect(await webhook(unknown)).toEqual({ status: 200, body: { received: true } })
    const noIntent = stripeEvent('evt_no_intent', 'charge.dispute.created', {
      id: 'dp_9',
      object: 'dispute',
      payment_intent: null,
    })
    expect((await webhook(noIntent)).status).toBe(200)
    expect((await webhook(unknown, 'whsec_wrong')).status).toBe(400)
  })
})

describe('the offline TEST control', () => {
  const send = (paymentIntentId: string, body: unknown, token?: string) =>
    offline.call('POST', `/api/admin/test-payments/${paymentIntentId}/events`, body, token)

  it('refunds at the provider: the entry is refunded, out of the seal; the provider refuses a second refund', async () => {
    const entry = await paidEntry(offline)
    const answer = await send(entry.paymentIntentId, { type: 'charge.refunded' }, entry.admin)
    expect(answer).toMatchObject({ status: 200, body: { success: true, outcome: 'recorded' } })
    expect(String(answer.body.eventId)).toMatch(/^evt_offline_/)
    const again = await send(entry.paymentIntentId, { type: 'charge.refunded' }, entry.admin)
    expect(again).toMatchObject({ status: 409, body: { success: false } })
    const metadata = await offline.metadata(entry.competitionId)
    expect(metadata.at(-1)).toMatchObject({ actor: { system: 'offline' } })
    expect((await typesOf(offline, entry.competitionId)).filter((t) => t === 'EntryRefunded')).toHaveLength(1)
    expect(await sealedTickets(offline, entry.competitionId)).toBe(0)
  })

  it('opens and closes disputes: won reinstates, lost refunds as a chargeback', async () => {
    const entry = await paidEntry(offline)
    const opened = await send(entry.paymentIntentId, { type: 'charge.dispute.created' }, entry.admin)
    expect(opened).toMatchObject({ status: 200, body: { outcome: 'recorded' } })
    expect((await send(entry.paymentIntentId, { type: 'charge.dispute.created' }, entry.admin)).status).toBe(
      409,
    )
    expect((await entryState(offline, entry.competitionId, entry.entryId)).entry?.status).toBe('disputed')
    const won = await send(
      entry.paymentIntentId,
      { type: 'charge.dispute.closed', outcome: 'won' },
      entry.admin,
    )
    expect(won).toMatchObject({ status: 200, body: { outcome: 'recorded' } })
    expect((await entryState(offline, entry.competitionId, entry.entryId)).entry?.status).toBe('paid')
    expect(
      (await send(entry.paymentIntentId, { type: 'charge.dispute.closed', outcome: 'won' }, entry.admin))
        .status,
    ).toBe(409)
    await send(
      entry.paymentIntentId,
      { type: 'charge.dispute.created', reason: 'product_not_received' },
      entry.admin,
    )
    const lost = await send(
      entry.paymentIntentId,
      { type: 'charge.dispute.closed', outcome: 'lost' },
      entry.admin,
    )
    expect(lost).toMatchObject({ status: 200, body: { outcome: 'recorded' } })
    const events = await offline.events(entry.competitionId)
    expect(events.filter((e) => e.type === 'EntryRefunded').map((e) => e.data.reason)).toEqual(['chargeback'])
    expect(events.filter((e) => e.type === 'EntryDisputed').map((e) => e.data.reason)).toEqual([
      'fraudulent',
      'product_not_received',
    ])
  })

  it('is for admins only, refuses a payment not taken, bad input and an unknown payment', async () => {
    const entry = await paidEntry(offline)
    expect((await send(entry.paymentIntentId, { type: 'charge.refunded' })).status).toBe(401)
    expect((await send(entry.paymentIntentId, { type: 'charge.refunded' }, entry.token)).status).toBe(403)
    expect(
      (await send(entry.paymentIntentId, { type: 'charge.dispute.closed', outcome: 'maybe' }, entry.admin))
        .status,
    ).toBe(400)
    expect((await send('pi_offline_nope', { type: 'charge.refunded' }, entry.admin)).status).toBe(404)
    const reserved = await offline.reservation(entry.competitionId)
    expect((await send(reserved.paymentIntentId, { type: 'charge.refunded' }, entry.admin)).status).toBe(409)
  })

  it('does not exist with Stripe configured', async () => {
    const admin = await stripe.admin()
    expect(
      (await stripe.call('POST', '/api/admin/test-payments/pi_x/events', { type: 'charge.refunded' }, admin))
        .status,
    ).toBe(404)
  })
})
