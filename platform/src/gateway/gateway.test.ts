import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Served, serve } from '../testing/serve'
import { createGateway } from './gateway'

/** Stands in for a service: echoes what the gateway handed it. */
function echo(service: string) {
  return (req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(
      JSON.stringify({
        service,
        path: req.url,
        forwardedFor: req.headers['x-forwarded-for'],
        forwardedProto: req.headers['x-forwarded-proto'],
      }),
    )
  }
}

let gateway: Served | undefined
beforeAll(async () => {
  const app = createGateway({
    logger: pino({ level: 'silent' }),
    services: { command: echo('command'), query: echo('query') },
    webDistDir: '/nonexistent-web-dist',
    mediaDir: '/nonexistent-media',
    publicUrl: 'http://localhost:3000',
    stripe: false,
  })
  gateway = await serve(app.callback())
})
afterAll(() => gateway?.close())

const get = (path: string, init?: RequestInit) => fetch(`${gateway?.url}${path}`, init)

describe('the gateway', () => {
  test('routes /api by the endpoint table', async () => {
    expect(await (await get('/api/competitions')).json()).toMatchObject({
      service: 'query',
      path: '/api/competitions',
    })
    const login = await get('/api/auth/login', { method: 'POST', body: '{}' })
    expect(await login.json()).toMatchObject({ service: 'command' })
  })

  test('answers unknown API paths and wrong methods with the error body', async () => {
    const unknown = await get('/api/nope')
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toMatchObject({ success: false, code: 'NOT_FOUND' })
    const wrongMethod = await get('/api/competitions', { method: 'DELETE' })
    expect(wrongMethod.status).toBe(405)
  })

  test('replaces a client-claimed X-Forwarded-For with the real address', async () => {
    const res = await get('/api/competitions', { headers: { 'x-forwarded-for': '203.0.113.9' } })
    expect(await res.json()).toMatchObject({ forwardedFor: '127.0.0.1' })
  })

  test('says so when the web app is not built', async () => {
    const res = await get('/some/page')
    expect(res.status).toBe(503)
    expect(await res.json()).toMatchObject({ code: 'WEB_NOT_BUILT' })
  })
})

describe('security headers', () => {
  let webDist = ''
  const gateways: Served[] = []
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'gateway-web-'))
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Prizes</title>')
  })
  afterAll(async () => {
    await Promise.all(gateways.map((g) => g.close()))
    await rm(webDist, { recursive: true, force: true })
  })

  async function start(options: { publicUrl: string; stripe: boolean }) {
    const app = createGateway({
      logger: pino({ level: 'silent' }),
      services: { command: echo('command'), query: echo('query') },
      webDistDir: webDist,
      mediaDir: '/nonexistent-media',
      ...options,
    })
    const served = await serve(app.callback())
    gateways.push(served)
    return (route: string, init?: RequestInit) => fetch(`${served.url}${route}`, init)
  }

  test('a page: CSP of our own origin only, no Stripe, features denied, no HSTS over http', async () => {
    const page = await (await start({ publicUrl: 'http://localhost:3000', stripe: false }))('/competitions/1')
    expect(page.status).toBe(200)
    const csp = page.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("script-src 'self';")
    expect(csp).toContain("style-src 'self' 'unsafe-inline'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toContain('stripe')
    const permissions = page.headers.get('permissions-policy') ?? ''
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()'])
      expect(permissions).toContain(feature)
    expect(page.headers.get('x-content-type-options')).toBe('nosniff')
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(page.headers.get('x-frame-options')).toBe('DENY')
    expect(page.headers.get('strict-transport-security')).toBeNull()
  })

  test("with Stripe configured, the page's CSP and Permissions-Policy let Stripe.js in", async () => {
    const page = await (await start({ publicUrl: 'http://localhost:3000', stripe: true }))('/')
    const csp = page.headers.get('content-security-policy') ?? ''
    expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/)
    expect(csp).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com[^;]*https:\/\/hooks\.stripe\.com/)
    expect(csp).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com/)
    expect(page.headers.get('permissions-policy')).toContain('payment=(self "https://js.stripe.com"')
  })

  test("a client's claim of https proves nothing: no HSTS, and the services are told http", async () => {
    const get = await start({ publicUrl: 'http://localhost:3000', stripe: false })
    const claimed = { headers: { 'x-forwarded-proto': 'https' } }
    expect((await get('/', claimed)).headers.get('strict-transport-security')).toBeNull()
    expect(await (await get('/api/competitions', claimed)).json()).toMatchObject({ forwardedProto: 'http' })
  })

  test('behind https (PUBLIC_URL), every answer carries HSTS and the services are told https', async () => {
    const get = await start({ publicUrl: 'https://prizes.example.com', stripe: false })
    for (const route of ['/', '/api/nope', '/api/competitions']) {
      expect((await get(route)).headers.get('strict-transport-security')).toMatch(/^max-age=31536000/)
    }
    expect(await (await get('/api/competitions')).json()).toMatchObject({ forwardedProto: 'https' })
  })
})
