import { createKnex } from '@prizes/platform'
import { type Exposition, parseExposition, samplesOf, sampleValue } from '@prizes/platform/testing'
import type { Knex } from 'knex'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type PlatformUnderTest, startPlatformUnderTest } from './testing/platform-under-test'

/**
 * `/metrics` on the whole platform as `npm start` runs it: the gateway answers every service's
 * metrics in Prometheus's text format, and what happened shows in them: requests by endpoint,
 * a purchase and its refund, the appends, each projection's and reactor's lag, the outbox.
 */

let platform: PlatformUnderTest
let knex: Knex

beforeAll(async () => {
  platform = await startPlatformUnderTest('metrics')
  knex = createKnex(platform.databaseUrl)
}, 120_000)
afterAll(async () => {
  await knex?.destroy()
  await platform?.stop()
})

async function scrape(): Promise<{ text: string; exposition: Exposition }> {
  const answer = await fetch(`${platform.url}/metrics`)
  expect(answer.status).toBe(200)
  expect(answer.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
  const text = await answer.text()
  return { text, exposition: parseExposition(text) }
}

/** A counter's value, 0 while it has no sample with these labels yet. */
const counted = (exposition: Exposition, name: string, labels: Record<string, string> = {}) =>
  samplesOf(exposition, name, labels).reduce((sum, sample) => sum + sample.value, 0)

const requests = (exposition: Exposition, labels: Record<string, string>) =>
  counted(exposition, 'http_request_duration_seconds_count', labels)

describe('GET /metrics on the platform', () => {
  it('counts the requests by endpoint, a purchase and its refund, and the appends', async () => {
    const before = (await scrape()).exposition
    const { user, admin } = platform.tokens
    const { paymentIntentId, competitionId } = platform
    const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }
    expect((await platform.call('GET', `/api/competitions`)).status).toBe(200)
    expect(
      (await platform.call('POST', `/api/test-payments/${paymentIntentId}/confirm`, card, user)).status,
    ).toBe(200)
    const confirmed = await platform.call('POST', '/api/entries/confirm-payment', { paymentIntentId }, user)
    expect(confirmed.status).toBe(200)
    const entryId = (confirmed.body.entry as { id: string }).id
    // The entry reaches the admin's entries read model in its own time; the refund waits for it.
    await expect
      .poll(
        async () =>
          (
            await platform.call(
              'POST',
              `/api/admin/entries/${entryId}/refund`,
              { reason: 'metrics test' },
              admin,
            )
          ).status,
        { timeout: 15_000, interval: 100 },
      )
      .toBe(200)

    const { text, exposition } = await scrape()
    expect(exposition.types.get('http_request_duration_seconds')).toBe('histogram')
    const confirm = { route: '/api/entries/confirm-payment', method: 'POST', status: '200' }
    // The gateway's answer, and the command service's behind it in the same process.
    expect(requests(exposition, { ...confirm, service: 'gateway' })).toBe(
      requests(before, { ...confirm, service: 'gateway' }) + 1,
    )
    expect(requests(exposition, { ...confirm, service: 'command' })).toBe(
      requests(before, { ...confirm, service: 'command' }) + 1,
    )
    const cardRoute = {
      route: '/api/test-payments/:paymentIntentId/confirm',
      service: 'gateway',
      status: '200',
    }
    expect(requests(exposition, cardRoute)).toBe(requests(before, cardRoute) + 1)
    expect(
      requests(exposition, { route: '/api/competitions', service: 'query', status: '200' }),
    ).toBeGreaterThan(0)
    // Never an id sent in a path: label values are endpoint templates.
    expect(text).not.toContain(paymentIntentId)
    expect(text).not.toContain(entryId)
    expect(text).not.toContain(competitionId)

    expect(exposition.types.get('prizes_purchases_total')).toBe('counter')
    expect(counted(exposition, 'prizes_purchases_total', { payment: 'paid' })).toBe(
      counted(before, 'prizes_purchases_total', { payment: 'paid' }) + 1,
    )
    // The competition's entry price is £2.50.
    expect(counted(exposition, 'prizes_purchases_pence_total')).toBe(
      counted(before, 'prizes_purchases_pence_total') + 250,
    )
    expect(counted(exposition, 'prizes_refunds_total')).toBe(counted(before, 'prizes_refunds_total') + 1)
    expect(counted(exposition, 'prizes_refunds_pence_total')).toBe(
      counted(before, 'prizes_refunds_pence_total') + 250,
    )

    expect(exposition.types.get('prizes_event_store_append_duration_seconds')).toBe('histogram')
    const appends = (e: Exposition) =>
      counted(e, 'prizes_event_store_append_duration_seconds_count', { outcome: 'ok' })
    // At least the allocation, the refund's request and the refund.
    expect(appends(exposition)).toBeGreaterThanOrEqual(appends(before) + 3)
    expect(exposition.types.get('prizes_event_store_append_conflicts_total')).toBe('counter')
  })

  it('shows every projection’s and reactor’s lag, measured from their checkpoints, and the outbox', async () => {
    const projections = (await knex('projection_checkpoints').select('name')).map((row) => row.name as string)
    const reactors = (await knex('reactor_checkpoints').select('name')).map((row) => row.name as string)
    expect(projections.length).toBeGreaterThan(0)
    expect(reactors.length).toBeGreaterThan(0)
    const named = (exposition: Exposition, name: string, kind: string) =>
      samplesOf(exposition, name, { kind })
        .map((sample) => sample.labels.name)
        .sort()

    const { exposition } = await scrape()
    expect(sampleValue(exposition, 'prizes_health_measured')).toBe(1)
    for (const name of [
      'prizes_consumer_lag_events',
      'prizes_consumer_lag_seconds',
      'prizes_consumer_stuck',
    ]) {
      expect(exposition.types.get(name)).toBe('gauge')
      expect(named(exposition, name, 'projection')).toEqual([...projections].sort())
      expect(named(exposition, name, 'reactor')).toEqual([...reactors].sort())
    }
    // Each reactor's open parked events (none here): a series per reactor, none per projection.
    expect(exposition.types.get('prizes_consumer_parked_events')).toBe('gauge')
    expect(named(exposition, 'prizes_consumer_parked_events', 'reactor')).toEqual([...reactors].sort())
    expect(named(exposition, 'prizes_consumer_parked_events', 'projection')).toEqual([])
    for (const name of [
      'prizes_email_outbox_pending',
      'prizes_email_outbox_failed',
      'prizes_email_outbox_oldest_pending_seconds',
    ]) {
      expect(exposition.types.get(name)).toBe('gauge')
      expect(sampleValue(exposition, name)).toBeGreaterThanOrEqual(0)
    }
    expect(sampleValue(exposition, 'prizes_email_outbox_failed')).toBe(0)

    // Nothing more happens: every consumer catches up, and the gauges (measured at most every
    // few seconds) come down to no lag at all.
    await expect
      .poll(
        async () => {
          const lag = samplesOf((await scrape()).exposition, 'prizes_consumer_lag_events')
          return lag.length > 0 && lag.every((sample) => sample.value === 0)
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(true)
  })

  it('is 404 to a request a proxy forwarded, without METRICS_TOKEN', async () => {
    const answer = await fetch(`${platform.url}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } })
    expect(answer.status).toBe(404)
  })
})
