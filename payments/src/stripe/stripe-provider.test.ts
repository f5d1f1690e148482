import Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import {
  InvalidWebhookSignature,
  PaymentIntentNotCapturable,
  PaymentIntentNotFound,
  PaymentProviderUnavailable,
  RefundRefused,
} from '../port'
import { createStripePaymentProvider } from './stripe-provider'

interface SentRequest {
  readonly method: string
  readonly path: string
  readonly form: URLSearchParams
  readonly idempotencyKey: string | null
}

type Reply = { status?: number; body: unknown }

/** A Stripe client whose HTTP goes to `answer` instead of api.stripe.com, recording each request. */
function fakeStripe(answer: (request: SentRequest) => Reply) {
  const sent: SentRequest[] = []
  const fetchFn = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input.toString())
    const headers = new Headers(init?.headers)
    const request: SentRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      form: new URLSearchParams(typeof init?.body === 'string' ? init.body : url.search),
      idempotencyKey: headers.get('idempotency-key'),
    }
    sent.push(request)
    const reply = answer(request)
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json', 'request-id': 'req_test' },
    })
  }
  const stripe = new Stripe('sk_test_fake', {
    httpClient: Stripe.createFetchHttpClient(fetchFn),
    maxNetworkRetries: 0,
  })
  const provider = createStripePaymentProvider({
    secretKey: 'sk_test_fake',
    publishableKey: 'pk_test_fake',
    webhookSecret,
    stripe,
  })
  return { provider, sent }
}

const webhookSecret = 'whsec_test_secret'

const intentJson = (overrides: Record<string, unknown> = {}) => ({
  id: 'pi_123',
  object: 'payment_intent',
  client_secret: 'pi_123_secret_abc',
  amount: 750,
  currency: 'gbp',
  status: 'requires_payment_method',
  metadata: { competitionId: 'c-1', entryId: 'e-1', userId: 'u-1' },
  last_payment_error: null,
  ...overrides,
})

const notFound = {
  status: 404,
  body: {
    error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' },
  },
}

describe('Stripe payment provider', () => {
  it('creates a GBP intent in pence with automatic payment methods, metadata and the idempotency key', async () => {
    const { provider, sent } = fakeStripe(() => ({ body: intentJson() }))
    const intent = await provider.createIntent({
      amountPence: 750,
      metadata: { competitionId: 'c-1', entryId: 'e-1', userId: 'u-1' },
      idempotencyKey: 'intent-e-1',
    })
    expect(intent).toEqual({
      id: 'pi_123',
      clientSecret: 'pi_123_secret_abc',
      amountPence: 750,
      currency: 'gbp',
      status: 'requires_payment_method',
      metadata: { competitionId: 'c-1', entryId: 'e-1', userId: 'u-1' },
      lastError: null,
      funding: null,
    })
    const [request] = sent
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents',
      idempotencyKey: 'intent-e-1',
    })
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      amount: '750',
      currency: 'gbp',
      'automatic_payment_methods[enabled]': 'true',
      capture_method: 'manual',
      'metadata[competitionId]': 'c-1',
      'metadata[entryId]': 'e-1',
      'metadata[userId]': 'u-1',
    })
  })

  it('maps statuses and the last error when retrieving', async () => {
    const cases: [string, string][] = [
      ['succeeded', 'succeeded'],
      ['requires_action', 'requires_action'],
      ['requires_confirmation', 'requires_payment_method'],
      ['requires_capture', 'requires_capture'],
      ['canceled', 'canceled'],
      ['something_new', 'processing'],
    ]
    for (const [stripeStatus, ours] of cases) {
      const { provider } = fakeStripe(() => ({
        body: intentJson({
          status: stripeStatus,
          last_payment_error: { message: 'Your card was declined.' },
        }),
      }))
      expect(await provider.retrieveIntent('pi_123')).toMatchObject({
        status: ours,
        lastError: 'Your card was declined.',
      })
    }
  })

  it("reads the card's funding from the expanded latest charge", async () => {
    const charge = (funding: string | null) => ({
      id: 'ch_1',
      object: 'charge',
      payment_method_details: { type: 'card', card: { funding } },
    })
    const cases: [unknown, string | null][] = [
      [charge('credit'), 'credit'],
      [charge('debit'), 'debit'],
      [charge('prepaid'), 'prepaid'],
      [charge('something_new'), 'unknown'],
      [charge(null), 'unknown'],
      [null, null],
    ]
    for (const [latestCharge, funding] of cases) {
      const { provider, sent } = fakeStripe(() => ({
        body: intentJson({ status: 'requires_capture', latest_charge: latestCharge }),
      }))
      expect((await provider.retrieveIntent('pi_123')).funding).toBe(funding)
      const query = [...(sent[0]?.form.entries() ?? [])].map(
        ([k, v]) => `${k.replace(/\[\d*\]$/, '[]')}=${v}`,
      )
      expect(query).toEqual(['expand[]=latest_charge'])
    }
  })

  it('captures under an idempotency key; a repeat answers the captured intent; nothing to capture is refused', async () => {
    const captured = intentJson({ status: 'succeeded' })
    const first = fakeStripe(() => ({ body: captured }))
    expect(await first.provider.captureIntent('pi_123')).toMatchObject({ status: 'succeeded' })
    expect(first.sent[0]).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents/pi_123/capture',
      idempotencyKey: 'capture-pi_123',
    })
    const refusal = {
      status: 400,
      body: {
        error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'no' },
      },
    }
    const repeat = fakeStripe((r) => (r.method === 'POST' ? refusal : { body: captured }))
    expect(await repeat.provider.captureIntent('pi_123')).toMatchObject({ status: 'succeeded' })
    const cancelled = fakeStripe((r) =>
      r.method === 'POST' ? refusal : { body: intentJson({ status: 'canceled' }) },
    )
    await expect(cancelled.provider.captureIntent('pi_123')).rejects.toThrow(PaymentIntentNotCapturable)
    const down = fakeStripe(() => ({ status: 500, body: { error: { type: 'api_error', message: 'down' } } }))
    await expect(down.provider.captureIntent('pi_123')).rejects.toThrow(PaymentProviderUnavailable)
  })

  it('turns an unknown intent into PaymentIntentNotFound and refuses another currency', async () => {
    await expect(fakeStripe(() => notFound).provider.retrieveIntent('pi_nope')).rejects.toThrow(
      PaymentIntentNotFound,
    )
    const euros = fakeStripe(() => ({ body: intentJson({ currency: 'eur' }) }))
    await expect(euros.provider.retrieveIntent('pi_123')).rejects.toThrow(/only GBP/)
  })

  it('cancels an unpaid intent, and leaves a paid one alone', async () => {
    const unpaid = fakeStripe((r) => ({
      body: intentJson({ status: r.method === 'POST' ? 'canceled' : 'requires_action' }),
    }))
    await unpaid.provider.cancelIntent('pi_123')
    expect(unpaid.sent.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/payment_intents/pi_123',
      'POST /v1/payment_intents/pi_123/cancel',
    ])
    const paid = fakeStripe(() => ({ body: intentJson({ status: 'succeeded' }) }))
    await paid.provider.cancelIntent('pi_123')
    expect(paid.sent).toHaveLength(1)
    const authorised = fakeStripe(() => ({ body: intentJson({ status: 'requires_capture' }) }))
    await authorised.provider.cancelIntent('pi_123')
    expect(authorised.sent).toHaveLength(1)
  })

  it('voids an authorisation under an idempotency key; a repeat on a cancelled intent is fine', async () => {
    const voided = fakeStripe(() => ({ body: intentJson({ status: 'canceled' }) }))
    await voided.provider.voidAuthorisation('pi_123')
    expect(voided.sent[0]).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents/pi_123/cancel',
      idempotencyKey: 'void-pi_123',
    })
    const refusal = {
      status: 400,
      body: {
        error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'no' },
      },
    }
    const repeat = fakeStripe((r) =>
      r.method === 'POST' ? refusal : { body: intentJson({ status: 'canceled' }) },
    )
    await repeat.provider.voidAuthorisation('pi_123')
    const captured = fakeStripe((r) =>
      r.method === 'POST' ? refusal : { body: intentJson({ status: 'succeeded' }) },
    )
    await expect(captured.provider.voidAuthorisation('pi_123')).rejects.toThrow(PaymentIntentNotCapturable)
  })

  it('refunds the whole intent under the idempotency key', async () => {
    const { provider, sent } = fakeStripe(() => ({
      body: { id: 're_1', object: 'refund', amount: 750, payment_intent: 'pi_123', status: 'succeeded' },
    }))
    expect(await provider.refund({ paymentIntentId: 'pi_123', idempotencyKey: 'refund-e-1' })).toEqual({
      id: 're_1',
      paymentIntentId: 'pi_123',
      amountPence: 750,
    })
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/v1/refunds', idempotencyKey: 'refund-e-1' })
    expect(sent[0]?.form.get('payment_intent')).toBe('pi_123')
    expect(sent[0]?.form.has('amount')).toBe(false)
  })
})

describe('Stripe webhook verification', () => {
  const { provider } = fakeStripe(() => ({ body: {} }))
  const event = (type: string) =>
    JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type,
      data: { object: { id: 'pi_123', object: 'payment_intent' } },
    })
  const sign = (payload: string, secret = webhookSecret) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret })

  it('accepts a validly signed body and names the intent', () => {
    const payload = event('payment_intent.succeeded')
    expect(provider.verifyWebhook(Buffer.from(payload), sign(payload))).toEqual({
      type: 'payment_intent.succeeded',
      paymentIntentId: 'pi_123',
    })
    const authorised = event('payment_intent.amount_capturable_updated')
    expect(provider.verifyWebhook(Buffer.from(authorised), sign(authorised))).toEqual({
      type: 'payment_intent.amount_capturable_updated',
      paymentIntentId: 'pi_123',
    })
    const failed = event('payment_intent.payment_failed')
    expect(provider.verifyWebhook(Buffer.from(failed), sign(failed)).type).toBe(
      'payment_intent.payment_failed',
    )
    const other = event('charge.updated')
    expect(provider.verifyWebhook(Buffer.from(other), sign(other)).type).toBe('other')
  })

  it("maps a charge's refund and a dispute's opening and closing to the intent they are about", () => {
    const of = (type: string, object: Record<string, unknown>) => {
      const body = JSON.stringify({ id: 'evt_9', object: 'event', type, data: { object } })
      return provider.verifyWebhook(Buffer.from(body), sign(body))
    }
    const charge = { id: 'ch_1', object: 'charge', payment_intent: 'pi_123', refunded: true }
    expect(of('charge.refunded', charge)).toEqual({
      type: 'charge.refunded',
      paymentIntentId: 'pi_123',
      providerEvent: {
        id: 'evt_9',
        paymentIntentId: 'pi_123',
        change: { kind: 'refunded', refundId: 'ch_1' },
      },
    })
    // A partial refund: nothing to follow.
    expect(of('charge.refunded', { ...charge, refunded: false }).providerEvent).toBeUndefined()
    const dispute = {
      id: 'dp_1',
      object: 'dispute',
      payment_intent: 'pi_123',
      reason: 'fraudulent',
      status: 'needs_response',
    }
    expect(of('charge.dispute.created', dispute).providerEvent?.change).toEqual({
      kind: 'dispute_created',
      disputeId: 'dp_1',
      reason: 'fraudulent',
    })
    const closed = (status: string) =>
      of('charge.dispute.closed', { ...dispute, status }).providerEvent?.change
    expect(closed('won')).toMatchObject({ outcome: 'won' })
    expect(closed('warning_closed')).toMatchObject({ outcome: 'won' })
    expect(closed('lost')).toMatchObject({ outcome: 'lost' })
    expect(closed('under_review')).toBeUndefined()
    // No intent named: acknowledged, nothing to follow.
    expect(of('charge.dispute.created', { ...dispute, payment_intent: null }).providerEvent).toBeUndefined()
  })

  it('refuses a tampered body, another secret, a stale timestamp and no signature', () => {
    const payload = event('payment_intent.succeeded')
    const tampered = payload.replace('pi_123', 'pi_999')
    expect(() => provider.verifyWebhook(Buffer.from(tampered), sign(payload))).toThrow(
      InvalidWebhookSignature,
    )
    expect(() => provider.verifyWebhook(Buffer.from(payload), sign(payload, 'whsec_other'))).toThrow(
      InvalidWebhookSignature,
    )
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: webhookSecret,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    })
    expect(() => provider.verifyWebhook(Buffer.from(payload), stale)).toThrow(InvalidWebhookSignature)
    expect(() => provider.verifyWebhook(Buffer.from(payload), undefined)).toThrow(InvalidWebhookSignature)
  })
})

describe('Stripe refund refusals, mapped', () => {
  const stripeError = (code: string | undefined, type = 'invalid_request_error', status = 400) => ({
    status,
    body: { error: { type, ...(code ? { code } : {}), message: `Stripe says ${code ?? type}` } },
  })
  const refundJson = (id: string, amount: number, status = 'succeeded') => ({
    id,
    object: 'refund',
    amount,
    payment_intent: 'pi_123',
    status,
  })
  const list = (...data: unknown[]) => ({
    body: { object: 'list', data, has_more: false, url: '/v1/refunds' },
  })
  const request = { paymentIntentId: 'pi_123', idempotencyKey: 'refund-e-1' }

  it('already refunded at the dashboard: answers the refund found on the intent, in parts added up', async () => {
    const { provider, sent } = fakeStripe((r) =>
      r.method === 'POST'
        ? stripeError('charge_already_refunded')
        : list(
            refundJson('re_later', 250),
            refundJson('re_failed', 750, 'failed'),
            refundJson('re_first', 500),
          ),
    )
    expect(await provider.refund(request)).toEqual({
      id: 're_first',
      paymentIntentId: 'pi_123',
      amountPence: 750,
    })
    expect(sent[1]).toMatchObject({ method: 'GET', path: '/v1/refunds' })
    expect(sent[1]?.form.get('payment_intent')).toBe('pi_123')
  })

  it('an idempotency error after Stripe forgot the key: the refund on the intent, else refused', async () => {
    const forgot = stripeError(undefined, 'idempotency_error')
    const found = fakeStripe((r) => (r.method === 'POST' ? forgot : list(refundJson('re_1', 750))))
    expect(await found.provider.refund(request)).toEqual({
      id: 're_1',
      paymentIntentId: 'pi_123',
      amountPence: 750,
    })
    const none = fakeStripe((r) => (r.method === 'POST' ? forgot : list()))
    await expect(none.provider.refund(request)).rejects.toMatchObject({
      name: 'RefundRefused',
      reason: 'idempotency_conflict',
    })
  })

  it('the key still in flight and no refund yet: unavailable, to be asked again', async () => {
    const { provider } = fakeStripe((r) =>
      r.method === 'POST' ? stripeError('idempotency_key_in_use', 'invalid_request_error', 409) : list(),
    )
    await expect(provider.refund(request)).rejects.toThrow(PaymentProviderUnavailable)
  })

  it('a disputed charge is refused as disputed, without looking further', async () => {
    const { provider, sent } = fakeStripe(() => stripeError('charge_disputed'))
    const refusal = provider.refund(request)
    await expect(refusal).rejects.toThrow(RefundRefused)
    await expect(refusal).rejects.toMatchObject({ reason: 'disputed', paymentIntentId: 'pi_123' })
    expect(sent).toHaveLength(1)
  })

  it('already refunded with no refund to be found is refused, not invented', async () => {
    const { provider } = fakeStripe((r) =>
      r.method === 'POST' ? stripeError('charge_already_refunded') : list(),
    )
    await expect(provider.refund(request)).rejects.toMatchObject({ reason: 'already_refunded' })
  })

  const refusedWhile = (status: string) =>
    fakeStripe((r) =>
      r.method === 'POST' ? stripeError('charge_not_refundable') : { body: intentJson({ status }) },
    )

  it('an authorisation not yet captured: unavailable, to be asked again once the capture is made', async () => {
    const { provider, sent } = refusedWhile('requires_capture')
    await expect(provider.refund(request)).rejects.toThrow(PaymentProviderUnavailable)
    expect(sent[1]).toMatchObject({ method: 'GET', path: '/v1/payment_intents/pi_123' })
  })

  it('an intent that took no money is refused as not paid', async () => {
    for (const status of ['canceled', 'requires_payment_method']) {
      await expect(refusedWhile(status).provider.refund(request)).rejects.toMatchObject({
        name: 'RefundRefused',
        reason: 'not_paid',
      })
    }
  })

  it('other refusals of a paid intent stay what they were', async () => {
    const { provider } = fakeStripe((r) =>
      r.method === 'POST' ? stripeError('amount_too_large') : { body: intentJson({ status: 'succeeded' }) },
    )
    const refusal = provider.refund(request)
    await expect(refusal).rejects.toThrow(Stripe.errors.StripeInvalidRequestError)
  })
})
