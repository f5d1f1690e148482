import Router from '@koa/router'
import { entityId } from '@prizes/contracts'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { type Served, serve } from '../testing/serve'
import { createApp } from './app'
import { validateRequestTarget } from './validate'

const table = {
  thing: {
    method: 'GET',
    path: '/api/things/:id',
    service: 'query',
    request: z.undefined(),
    response: z.unknown(),
    params: z.object({ id: entityId }),
    query: z.object({ page: z.string().regex(/^\d+$/).optional() }),
  },
  tokenLink: {
    method: 'GET',
    path: '/api/links/:token',
    service: 'command',
    request: z.undefined(),
    response: z.unknown(),
  },
} as const

const router = new Router()
router.get('/api/things/:id', (ctx) => {
  ctx.body = { id: ctx.params.id, page: ctx.query.page ?? null }
})
router.get('/api/links/:token', (ctx) => {
  ctx.body = { token: ctx.params.token }
})
router.get('/elsewhere/:x', (ctx) => {
  ctx.body = { x: ctx.params.x }
})

const app = createApp({ name: 'test', logger: pino({ level: 'silent' }) })
app.use(validateRequestTarget(table))
app.use(router.routes())

let served: Served | undefined
beforeAll(async () => {
  served = await serve(app.callback())
})
afterAll(() => served?.close())

const get = async (path: string) => {
  const response = await fetch(`${served?.url}${path}`)
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

const id = '5b0f3c2e-0d1a-4c55-9e1e-3f6f1c0a0001'

describe('path parameters and queries, checked by the endpoint table', () => {
  test('valid ones reach the handler, decoded', async () => {
    expect(await get(`/api/things/${id}?page=2`)).toEqual({ status: 200, body: { id, page: '2' } })
    expect(await get('/api/links/abc%2Fdef')).toEqual({ status: 200, body: { token: 'abc/def' } })
  })

  test.each([
    ['NUL', '/api/things/a%00b', 'id'],
    ['not a UUID', '/api/things/car', 'id'],
    ['a UUID then NUL', `/api/things/${id}%00`, 'id'],
    ['a lone surrogate (WTF-8)', '/api/things/%ED%A0%80', 'id'],
    ['broken percent-encoding', '/api/things/%E0%A4%A', 'id'],
    ['NUL in an undescribed parameter', '/api/links/a%00b', 'token'],
    ['an overlong undescribed parameter', `/api/links/${'x'.repeat(256)}`, 'token'],
    ['NUL in a described query value', `/api/things/${id}?page=%00`, 'page'],
    ['a described query value of the wrong form', `/api/things/${id}?page=two`, 'page'],
    ['a repeated described query value', `/api/things/${id}?page=1&page=2`, 'page'],
    ['NUL in any other query value', `/api/things/${id}?cache=%00`, 'cache'],
    ['an overlong other query value', `/api/things/${id}?cache=${'x'.repeat(256)}`, 'cache'],
  ])('%s is a 400 naming it', async (_name, path, field) => {
    const answer = await get(path)
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' })
    expect(Object.keys(answer.body.fieldErrors as object)).toEqual([field])
  })

  test('paths outside the table pass untouched', async () => {
    expect(await get('/elsewhere/a%00b')).toEqual({ status: 200, body: { x: 'a\u0000b' } })
  })
})
