import Router from '@koa/router'
import { CodedError, entryErrorCodes, errorCodes, Refusal } from '@prizes/contracts'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { type Served, serve } from '../testing/serve'
import { createApp } from './app'
import { jsonBody } from './json-body'
import { parseOr400 } from './validate'

/** A domain error: a typed code, answered from the table. */
class OutOfStock extends CodedError {
  readonly code = entryErrorCodes.notEnoughTickets
}

const router = new Router()
router.post('/echo', jsonBody(), (ctx) => {
  const body = parseOr400(z.object({ name: z.string().min(1) }), ctx.request.body)
  ctx.body = { success: true, name: body.name }
})
router.get('/forbidden', () => {
  throw new Refusal(errorCodes.forbidden)
})
router.get('/domain', () => {
  throw new OutOfStock('Sold out')
})
router.get('/database-down', () => {
  throw Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' })
})
router.get('/database-hung', () => {
  throw new Error('select * from users - Query read timeout')
})
router.get('/api/me', (ctx) => {
  ctx.body = { success: true, email: 'ada@example.com' }
})
router.get('/api/public', (ctx) => {
  ctx.set('Cache-Control', 'no-cache')
  ctx.body = { success: true }
})
router.get('/api/public-but-failing', (ctx) => {
  ctx.set('Cache-Control', 'no-cache')
  throw new Refusal(errorCodes.notFound)
})
router.get('/boom', () => {
  throw new Error('database password is hunter2')
})

const app = createApp({
  name: 'test',
  logger: pino({ level: 'silent' }),
  routers: [router],
})
let base = ''
let served: Served | undefined
beforeAll(async () => {
  served = await serve(app.callback())
  base = served.url
})
afterAll(() => served?.close())

const post = (body: string) =>
  fetch(`${base}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })

describe('the error middleware', () => {
  test('a valid request passes', async () => {
    const res = await post('{"name":"Ada"}')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ success: true, name: 'Ada' })
  })

  test('malformed JSON is a 400 with the error body', async () => {
    const res = await post('{"name":')
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'Request body is not valid JSON',
    })
  })

  test('a body refused before it was read closes its connection, so the next request is not lost', async () => {
    const tooLarge = await post(JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }))
    expect(tooLarge.status).toBe(413)
    expect(tooLarge.headers.get('connection')).toBe('close')
    for (let i = 0; i < 3; i++) expect((await post('{"name":"Ada"}')).status).toBe(200)
  })

  test('a schema failure names the field', async () => {
    const res = await post('{"name":""}')
    expect(res.status).toBe(400)
    const body = (await res.json()) as { success: boolean; fieldErrors: Record<string, string[]> }
    expect(body.success).toBe(false)
    expect(body.fieldErrors.name).toHaveLength(1)
  })

  test('refusals and domain errors answer with the status and code of the table', async () => {
    const forbidden = await fetch(`${base}/forbidden`)
    expect(forbidden.status).toBe(403)
    expect(await forbidden.json()).toEqual({
      success: false,
      code: 'FORBIDDEN',
      message: 'Access denied. Admin privileges required.',
    })
    const domain = await fetch(`${base}/domain`)
    expect(domain.status).toBe(409)
    expect(await domain.json()).toEqual({ success: false, code: 'NOT_ENOUGH_TICKETS', message: 'Sold out' })
  })

  test('an unexpected error is a 500 that leaks nothing', async () => {
    const res = await fetch(`${base}/boom`)
    expect(res.status).toBe(500)
    const text = await res.text()
    expect(text).not.toContain('hunter2')
    expect(JSON.parse(text)).toMatchObject({ success: false, code: 'INTERNAL_ERROR' })
  })

  test.each([
    ['down', '/database-down'],
    ['hung', '/database-hung'],
  ])('a database that is %s is a 503 with Retry-After that leaks nothing', async (_, route) => {
    const res = await fetch(`${base}${route}`)
    expect(res.status).toBe(503)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    const text = await res.text()
    expect(text).not.toMatch(/10\.0\.0\.5|users/)
    expect(JSON.parse(text)).toEqual({
      success: false,
      code: 'SERVICE_UNAVAILABLE',
      message: 'The service cannot reach its database right now. Please try again in a moment.',
    })
  })

  test('an unknown route is a 404 error body', async () => {
    const res = await fetch(`${base}/nowhere`)
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' })
  })
})

describe('headers of a service answer', () => {
  test('a JSON answer loads nothing, is framed by nobody, and sniffs nothing', async () => {
    const res = await fetch(`${base}/api/me`)
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(res.headers.get('permissions-policy')).toContain('camera=()')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  })

  test('HSTS only when the proxy in front says the request came over https', async () => {
    expect((await fetch(`${base}/api/me`)).headers.get('strict-transport-security')).toBeNull()
    const https = await fetch(`${base}/api/me`, { headers: { 'x-forwarded-proto': 'https' } })
    expect(https.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
  })

  test('an /api answer is no-store unless its route says how it may be cached; errors always', async () => {
    expect((await fetch(`${base}/api/me`)).headers.get('cache-control')).toBe('no-store')
    expect((await fetch(`${base}/api/public`)).headers.get('cache-control')).toBe('no-cache')
    expect((await fetch(`${base}/api/public-but-failing`)).headers.get('cache-control')).toBe('no-store')
    expect((await fetch(`${base}/api/nowhere`)).headers.get('cache-control')).toBe('no-store')
  })
})
