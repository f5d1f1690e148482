import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApp } from '../http/app'
import { parseTrustedProxies } from '../http/client-address'
import { type Served, serve } from '../testing/serve'
import { isPrivateAddress, scrapeVerdict } from './endpoint'
import { parseExposition } from './testing/exposition'

describe('isPrivateAddress', () => {
  test.each([
    '127.0.0.1',
    '127.8.9.10',
    '::1',
    '::ffff:127.0.0.1',
    '10.1.2.3',
    '::ffff:10.1.2.3',
    '172.16.0.1',
    '172.31.255.254',
    '192.168.1.20',
    'fd12:3456::1',
  ])('%s is ours', (address) => {
    expect(isPrivateAddress(address)).toBe(true)
  })

  test.each([
    '8.8.8.8',
    '172.32.0.1',
    '172.15.255.255',
    '192.169.0.1',
    '11.0.0.1',
    '::ffff:8.8.8.8',
    '2001:4860:4860::8888',
    'fe80::1',
    '',
    'localhost',
    'not an address',
  ])('%s is not', (address) => {
    expect(isPrivateAddress(address)).toBe(false)
  })

  test('no address (a socket already closed) is not', () => {
    expect(isPrivateAddress(undefined)).toBe(false)
  })
})

describe('scrapeVerdict', () => {
  const direct = {
    authorization: undefined,
    clientAddress: '10.0.0.7',
    viaTrustedProxy: false,
    forwarded: false,
  }
  const token = 'a-metrics-token-of-some-length'

  test('without a token: a private client talking to us directly only, the rest never learn of it', () => {
    expect(scrapeVerdict(direct, undefined)).toBe('allowed')
    expect(scrapeVerdict({ ...direct, clientAddress: '203.0.113.9' }, undefined)).toBe('hidden')
    // A proxy in front connects from loopback for every visitor: its requests prove nothing.
    expect(scrapeVerdict({ ...direct, clientAddress: '127.0.0.1', forwarded: true }, undefined)).toBe(
      'hidden',
    )
    // Through a trusted proxy, even a client it names as private is not local.
    expect(scrapeVerdict({ ...direct, clientAddress: '10.0.0.8', viaTrustedProxy: true }, undefined)).toBe(
      'hidden',
    )
    expect(
      scrapeVerdict({ ...direct, authorization: `Bearer ${token}`, clientAddress: '8.8.8.8' }, undefined),
    ).toBe('hidden')
  })

  test('with a token: whoever sends it, from anywhere; nobody else, from anywhere', () => {
    const withToken = (authorization: string | undefined, remoteAddress = '203.0.113.9') =>
      scrapeVerdict(
        { authorization, clientAddress: remoteAddress, viaTrustedProxy: true, forwarded: true },
        token,
      )
    expect(withToken(`Bearer ${token}`)).toBe('allowed')
    expect(withToken(`bearer ${token}`)).toBe('allowed')
    expect(withToken(undefined)).toBe('unauthorized')
    expect(withToken(undefined, '127.0.0.1')).toBe('unauthorized')
    expect(withToken(`Bearer ${token}x`)).toBe('unauthorized')
    expect(withToken(`Bearer ${token.slice(1)}`)).toBe('unauthorized')
    expect(withToken(token)).toBe('unauthorized')
    expect(withToken(`Basic ${token}`)).toBe('unauthorized')
  })
})

describe('GET /metrics', () => {
  const logger = pino({ level: 'silent' })
  let open: Served
  let guarded: Served
  let none: Served
  let behindProxy: Served
  const token = 'another-metrics-token-1234'
  beforeAll(async () => {
    open = await serve(createApp({ name: 'metrics-open', logger, metrics: {} }).callback())
    guarded = await serve(createApp({ name: 'metrics-guarded', logger, metrics: { token } }).callback())
    none = await serve(createApp({ name: 'metrics-none', logger }).callback())
    const trustedProxies = parseTrustedProxies('127.0.0.1')
    behindProxy = await serve(
      createApp({ name: 'metrics-behind-proxy', logger, metrics: { trustedProxies } }).callback(),
    )
  })
  afterAll(async () => {
    await Promise.all([open.close(), guarded.close(), none.close(), behindProxy.close()])
  })

  test('answers a loopback client in Prometheus text format, never cached', async () => {
    const answer = await fetch(`${open.url}/metrics`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
    expect(answer.headers.get('cache-control')).toBe('no-store')
    const exposition = parseExposition(await answer.text())
    expect(exposition.types.get('process_cpu_seconds_total')).toBe('counter')
    expect(exposition.types.get('nodejs_eventloop_lag_p99_seconds')).toBe('gauge')
  })

  test('a request a proxy forwarded is 404 without a token, even from loopback', async () => {
    const answer = await fetch(`${open.url}/metrics`, { headers: { 'x-forwarded-for': '127.0.0.1' } })
    expect(answer.status).toBe(404)
    expect(await answer.json()).toMatchObject({ success: false, code: 'NOT_FOUND' })
  })

  // A proxy that names its client in a header of its own, or in none at all.
  test.each(['true-client-ip', 'cf-connecting-ip', 'x-client-ip', 'x-original-forwarded-for', 'via'])(
    'a request carrying %s is 404 without a token, even from loopback',
    async (header) => {
      const answer = await fetch(`${open.url}/metrics`, { headers: { [header]: '127.0.0.1' } })
      expect(answer.status).toBe(404)
    },
  )

  test('a request from a trusted proxy is 404 without a token, whatever it says or leaves out', async () => {
    expect((await fetch(`${behindProxy.url}/metrics`)).status).toBe(404)
    const named = await fetch(`${behindProxy.url}/metrics`, { headers: { 'x-forwarded-for': '10.0.0.5' } })
    expect(named.status).toBe(404)
  })

  test('with a token set, 401 without it or with another, 200 with it', async () => {
    const missing = await fetch(`${guarded.url}/metrics`)
    expect(missing.status).toBe(401)
    expect(missing.headers.get('www-authenticate')).toBe('Bearer')
    const wrong = await fetch(`${guarded.url}/metrics`, {
      headers: { authorization: 'Bearer guess-guess-guess' },
    })
    expect(wrong.status).toBe(401)
    const right = await fetch(`${guarded.url}/metrics`, { headers: { authorization: `Bearer ${token}` } })
    expect(right.status).toBe(200)
    expect(parseExposition(await right.text()).types.get('http_request_duration_seconds')).toBe('histogram')
  })

  test('an app not given the option has no /metrics', async () => {
    expect((await fetch(`${none.url}/metrics`)).status).toBe(404)
  })
})
