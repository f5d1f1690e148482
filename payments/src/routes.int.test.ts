import Router from '@koa/router'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import { createApp, createKnex, createLogger, jsonBody, sessionKeys } from '@prizes/platform'
import { serve } from '@prizes/platform/testing'
import type { Knex } from 'knex'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOfflinePaymentProvider, type OfflinePaymentProvider } from './offline/offline-provider'
import { offlinePaymentsRouter } from './offline/offline-router'
import { testCards } from './offline/test-cards'
import type { PaymentProvider, ProviderEvent } from './port'
import { paymentsRouter } from './routes'
import { createStripePaymentProvider } from './stripe/stripe-provider'
import { migrateOfflinePaymentTables } from './testing/offline-tables'

const silentLogger = createLogger({ level: 'silent' })

let database: TestDatabase
let knex: Knex
let offline: OfflinePaymentProvider
const closers: (() => Promise<void>)[] = []

beforeAll(async () => {
  database = await createTestDatabase('payment_routes')
  knex = createKnex(database.url)
  await migrateOfflinePaymentTables(knex)
  offline = createOfflinePaymentProvider({ knex, now: () => new Date('2030-06-15T10:00:00.000Z') })
})

afterAll(async () => {
  for (const close of closers) await close()
  await knex?.destroy()
  await database?.drop()
})

/** Serves the routers as the command app will, recording what the callbacks were told. */
async function start(provider: PaymentProvider, extra: (calls: Calls) => Router[] = () => []) {
  const calls: Calls = { succeeded: [], failed: [], providerEvents: [], failNext: false }
  const onSucceeded = async (id: string) => {
    if (calls.failNext) {
      calls.failNext = false
      throw new Error('allocation is down')
    }
    calls.succeeded.push(id)
  }
  const onFailed = async (id: string) => void calls.failed.push(id)
  const onProviderEvent = async (event: ProviderEvent) => void calls.providerEvents.push(event)
  const app = createApp({
    name: 'payments-test',
    logger: silentLogger,
    // Routers that parse JSON come first, as in the command app: the webhook must still see raw bytes.
    routers: [
      ...extra(calls),
      jsonRouter(),
      paymentsRouter({ provider, onSucceeded, onFailed, onProviderEvent, logger: silentLogger }),
    ],
  })
  const server = await serve(app.callback())
  closers.push(server.close)
  const call = async (method: string, path: string, body?: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body }),
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }
  return { calls, call, onSucceeded }
}

/** Another router with a JSON parser of its own, like the auth and entries routers. */
function jsonRouter(): Router {
  const router = new Router()
  router.use(jsonBody())
  router.post('/api/elsewhere', (ctx) => {
    ctx.body = { received: ctx.request.body }
  })
  return router
}

interface Calls {
  succeeded: string[]
  failed: string[]
  providerEvents: ProviderEvent[]
  failNext: boolean
}

const newIntent = () =>
  offline.createIntent({ amountPence: 500, metadata: { entryId: 'e' }, idempotencyKey: crypto.randomUUID() })
const cardBody = (cardNumber: string, authentication?: string) =>
  JSON.stringify({ cardNumber, expiry: '12/34', cvc: '123', authentication })

describe('offline payments over HTTP', () => {
  const startOffline = () =>
    start(offline, (calls) => [
      offlinePaymentsRouter({
        provider: offline,
        onSucceeded: async (id) => {
          if (calls.failNext) {
            calls.failNext = false
            throw new Error('allocation is down')
          }
          calls.succeeded.push(id)
        },
        onProviderEvent: async () => 'recorded',
        logger: silentLogger,
        secrets: { jwt: sessionKeys(Buffer.alloc(32, 7)) },
        knex,
      }),
    ])

  it('tells the web the offline provider is active, in test mode', async () => {
    const { call } = await startOffline()
    expect(await call('GET', '/api/config')).toEqual({
      status: 200,
      body: { success: true, payments: { provider: 'offline', publishableKey: null, testMode: true } },
    })
  })

  it('confirms a good card and allocates; a repeat answers succeeded and allocates idempotently again', async () => {
    const { call, calls } = await startOffline()
    const intent = await newIntent()
    const path = `/api/test-payments/${intent.id}/confirm`
    expect(await call('POST', path, cardBody('4242 4242 4242 4242'))).toEqual({
      status: 200,
      body: { status: 'succeeded', message: 'Payment succeeded' },
    })
    expect((await call('POST', path, cardBody(testCards.succeeds))).body.status).toBe('succeeded')
    expect(calls.succeeded).toEqual([intent.id, intent.id])
  })

  it('answers a decline and the authentication step without allocating', async () => {
    const { call, calls } = await startOffline()
    const declined = await newIntent()
    expect(
      await call('POST', `/api/test-payments/${declined.id}/confirm`, cardBody(testCards.declined)),
    ).toEqual({
      status: 200,
      body: { status: 'declined', message: 'Your card was declined.' },
    })
    const secure = await newIntent()
    const path = `/api/test-payments/${secure.id}/confirm`
    expect((await call('POST', path, cardBody(testCards.requiresAuthentication))).body.status).toBe(
      'requires_action',
    )
    expect(calls.succeeded).toEqual([])
    const approved = cardBody(testCards.requiresAuthentication, 'approved')
    expect((await call('POST', path, approved)).body.status).toBe('succeeded')
    expect(calls.succeeded).toEqual([secure.id])
    expect((await call('POST', path, cardBody(testCards.requiresAuthentication, 'maybe'))).status).toBe(400)
  })

  it('still answers succeeded when capturing and allocating fails, since the card is authorised and retries follow', async () => {
    const { call, calls } = await startOffline()
    const intent = await newIntent()
    calls.failNext = true
    expect(
      (await call('POST', `/api/test-payments/${intent.id}/confirm`, cardBody(testCards.succeeds))).body,
    ).toEqual({ status: 'succeeded', message: 'Payment succeeded' })
    expect((await offline.retrieveIntent(intent.id)).status).toBe('requires_capture')
  })

  it('refuses a malformed card, an unknown intent and a cancelled one', async () => {
    const { call } = await startOffline()
    const intent = await newIntent()
    const bad = await call(
      'POST',
      `/api/test-payments/${intent.id}/confirm`,
      JSON.stringify({ cardNumber: '4242', expiry: '13/99', cvc: '12' }),
    )
    expect(bad.status).toBe(400)
    expect(bad.body.fieldErrors).toMatchObject({
      expiry: ['Expiry must be MM/YY'],
      cvc: ['CVC must be 3 or 4 digits'],
    })
    const unknown = await call(
      'POST',
      '/api/test-payments/pi_offline_nope/confirm',
      cardBody(testCards.succeeds),
    )
    expect(unknown).toMatchObject({ status: 404, body: { code: 'PAYMENT_NOT_FOUND' } })
    await offline.cancelIntent(intent.id)
    const late = await call('POST', `/api/test-payments/${intent.id}/confirm`, cardBody(testCards.succeeds))
    expect(late).toMatchObject({
      status: 409,
      body: { message: 'This payment has expired. Please start your entry again.' },
    })
  })

  it('refuses every webhook: nobody sends the offline provider notifications', async () => {
    const { call, calls } = await startOffline()
    const forged = await call('POST', '/api/payments/webhook', '{"type":"payment_intent.succeeded"}', {
      'stripe-signature': 't=1,v1=00',
    })
    expect(forged.status).toBe(400)
    expect(calls.succeeded).toEqual([])
  })
})

describe('Stripe webhook over HTTP', () => {
  const webhookSecret = 'whsec_route_test'
  const stripe = new Stripe('sk_test_unused', {
    httpClient: Stripe.createFetchHttpClient(async () => {
      throw new Error('no network in tests')
    }),
    maxNetworkRetries: 0,
  })
  const provider = createStripePaymentProvider({
    secretKey: 'sk_test_unused',
    publishableKey: 'pk_test_publishable',
    webhookSecret,
    stripe,
  })
  // Unusual spacing: it verifies only if the bytes reach the check exactly as sent.
  const payload = (type: string) =>
    `{\n  "id": "evt_1",  "object": "event", "type": "${type}",\n  "data": {"object": {"id": "pi_777", "object": "payment_intent"}}\n}`
  const signed = (body: string) => ({
    'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: body, secret: webhookSecret }),
  })

  it('gives the publishable key to the web', async () => {
    const { call } = await start(provider)
    expect((await call('GET', '/api/config')).body).toEqual({
      success: true,
      payments: { provider: 'stripe', publishableKey: 'pk_test_publishable', testMode: true },
    })
  })

  it('hands a verified success or authorisation to onSucceeded and a failure to onFailed, answering received', async () => {
    const { call, calls } = await start(provider)
    const succeeded = payload('payment_intent.succeeded')
    expect(await call('POST', '/api/payments/webhook', succeeded, signed(succeeded))).toEqual({
      status: 200,
      body: { received: true },
    })
    const authorised = payload('payment_intent.amount_capturable_updated')
    expect((await call('POST', '/api/payments/webhook', authorised, signed(authorised))).status).toBe(200)
    const failed = payload('payment_intent.payment_failed')
    expect((await call('POST', '/api/payments/webhook', failed, signed(failed))).status).toBe(200)
    const other = payload('charge.updated')
    expect((await call('POST', '/api/payments/webhook', other, signed(other))).status).toBe(200)
    expect(calls).toMatchObject({ succeeded: ['pi_777', 'pi_777'], failed: ['pi_777'] })
  })

  it('refuses a tampered body or a missing signature with 400 and calls nothing', async () => {
    const { call, calls } = await start(provider)
    const body = payload('payment_intent.succeeded')
    const tampered = await call(
      'POST',
      '/api/payments/webhook',
      body.replace('pi_777', 'pi_888'),
      signed(body),
    )
    expect(tampered.status).toBe(400)
    expect((await call('POST', '/api/payments/webhook', body)).status).toBe(400)
    expect(calls.succeeded).toEqual([])
  })

  it('answers 500 when allocating fails, so Stripe delivers again; the repeat allocates', async () => {
    const { call, calls } = await start(provider)
    const body = payload('payment_intent.succeeded')
    calls.failNext = true
    expect((await call('POST', '/api/payments/webhook', body, signed(body))).status).toBe(500)
    expect((await call('POST', '/api/payments/webhook', body, signed(body))).status).toBe(200)
    expect(calls.succeeded).toEqual(['pi_777'])
  })
})
