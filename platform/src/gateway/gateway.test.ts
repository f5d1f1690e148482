import type { IncomingMessage, ServerResponse } from 'node:http'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Served, serve } from '../testing/serve'
import { createGateway } from './gateway'

/** Stands in for a service: echoes what the gateway handed it. */
function echo(service: string) {
  return (req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ service, path: req.url, forwardedFor: req.headers['x-forwarded-for'] }))
  }
}

let gateway: Served | undefined
beforeAll(async () => {
  const app = createGateway({
    logger: pino({ level: 'silent' }),
    services: { command: echo('command'), query: echo('query') },
    webDistDir: '/nonexistent-web-dist',
    mediaDir: '/nonexistent-media',
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
