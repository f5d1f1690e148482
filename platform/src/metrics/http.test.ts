import { request } from 'node:http'
import Router from '@koa/router'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApp } from '../http/app'
import { createEndpointTable } from '../http/endpoint-table'
import { type Served, serve } from '../testing/serve'
import { otherRoutes, requestLabels } from './http'
import { metricsRegistry } from './registry'
import { parseExposition, samplesOf, sampleValue } from './testing/exposition'

const table = createEndpointTable()
const labels = (method: string, path: string) => requestLabels(table, method, path)

describe('requestLabels', () => {
  test('an endpoint is labelled by its path template, never by the path as sent', () => {
    expect(labels('PUT', '/api/admin/competitions/6f1c1d52-1111-4c4c-9a9a-123456789abc')).toEqual({
      method: 'PUT',
      route: '/api/admin/competitions/:id',
    })
    expect(labels('POST', '/api/admin/users/abc/ban').route).toBe('/api/admin/users/:id/ban')
    expect(labels('GET', '/api/competitions/featured').route).toBe('/api/competitions/featured')
    expect(labels('HEAD', '/api/competitions').route).toBe('/api/competitions')
  })

  test('a path or method no endpoint has is one fixed label, whatever was sent', () => {
    expect(labels('GET', '/api/no-such-thing/123').route).toBe(otherRoutes.unmatched)
    expect(labels('DELETE', '/api/competitions').route).toBe(otherRoutes.unmatched)
    expect(labels('GET', '/api').route).toBe(otherRoutes.unmatched)
    expect(labels('GET', '/competitions/abc').route).toBe(otherRoutes.other)
    expect(labels('GET', '/media/one.webp').route).toBe(otherRoutes.media)
    expect(labels('GET', '/assets/index-abc.js').route).toBe(otherRoutes.assets)
    expect(labels('GET', '/metrics').route).toBe(otherRoutes.metrics)
    expect(labels('BREW', '/api/competitions')).toEqual({ method: 'other', route: otherRoutes.unmatched })
  })
})

describe('the request histogram', () => {
  const router = new Router()
  router.get('/api/admin/competitions/:id/history', (ctx) => {
    ctx.body = { success: true }
  })
  router.get('/api/draws/:id/certificate', () => {
    throw new Error('boom')
  })
  let reached: () => void = () => {}
  router.get('/api/admin/competitions/:id/entries', async (ctx) => {
    // Never answers: the client gives up first.
    reached()
    await new Promise((resolve) => ctx.res.once('close', resolve))
  })
  const app = createApp({ name: 'histogram-test', logger: pino({ level: 'silent' }), routers: [router] })
  let served: Served
  beforeAll(async () => {
    served = await serve(app.callback())
  })
  afterAll(() => served.close())

  const count = async (route: string, status: string) => {
    const exposition = parseExposition(await metricsRegistry.metrics())
    const found = samplesOf(exposition, 'http_request_duration_seconds_count', {
      service: 'histogram-test',
      route,
      status,
    })
    return found.reduce((sum, sample) => sum + sample.value, 0)
  }

  test('counts each answer under its route template and status, the raw path nowhere', async () => {
    const id = crypto.randomUUID()
    expect((await fetch(`${served.url}/api/admin/competitions/${id}/history`)).status).toBe(200)
    expect((await fetch(`${served.url}/api/draws/${crypto.randomUUID()}/certificate`)).status).toBe(500)
    expect((await fetch(`${served.url}/api/nothing/${id}`)).status).toBe(404)
    await expect.poll(() => count('/api/admin/competitions/:id/history', '200')).toBe(1)
    expect(await count('/api/draws/:competitionId/certificate', '500')).toBe(1)
    expect(await count(otherRoutes.unmatched, '404')).toBe(1)
    const text = await metricsRegistry.metrics()
    expect(text).not.toContain(id)
    const exposition = parseExposition(text)
    expect(exposition.types.get('http_request_duration_seconds')).toBe('histogram')
    expect(
      sampleValue(exposition, 'http_request_duration_seconds_bucket', {
        service: 'histogram-test',
        route: '/api/admin/competitions/:id/history',
        status: '200',
        le: '+Inf',
      }),
    ).toBe(1)
  })

  test('a client that leaves before the answer counts as aborted', async () => {
    const url = new URL(`${served.url}/api/admin/competitions/${crypto.randomUUID()}/entries`)
    const req = request(url)
    req.on('error', () => {})
    await new Promise<void>((resolve) => {
      reached = resolve
      req.end()
    })
    req.destroy()
    await expect.poll(() => count('/api/admin/competitions/:id/entries', 'aborted')).toBe(1)
  })
})
