import http from 'node:http'
import { PassThrough } from 'node:stream'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import Router from '@koa/router'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { rawRequest } from '../testing/raw-request'
import { type Served, serve } from '../testing/serve'
import { createApp } from './app'
import { isCompressibleType } from './compression'

const competitions = Array.from({ length: 40 }, (_, i) => ({
  id: `competition-${i}`,
  title: `Win a prize number ${i}`,
  description: 'A long description that repeats, as JSON lists do. '.repeat(3),
}))
const streams: PassThrough[] = []

const router = new Router()
router.get('/api/competitions', (ctx) => {
  ctx.set('ETag', '"v1"')
  ctx.body = { success: true, competitions }
})
router.get('/api/tiny', (ctx) => {
  ctx.body = { success: true }
})
router.get('/image.png', (ctx) => {
  ctx.type = 'image/png'
  ctx.body = Buffer.alloc(4096, 7)
})
router.get('/api/live', (ctx) => {
  const stream = new PassThrough()
  streams.push(stream)
  ctx.type = 'text/event-stream'
  ctx.body = stream
  stream.write('event: competition\ndata: {"id":"1"}\n\n')
})

let served: Served | undefined
beforeAll(async () => {
  const app = createApp({ name: 'test', logger: pino({ level: 'silent' }), routers: [router] })
  served = await serve(app.callback())
})
afterAll(async () => {
  for (const stream of streams) stream.end()
  await served?.close()
})

const url = (path: string) => `${served?.url}${path}`
const expected = JSON.stringify({ success: true, competitions })

describe('compression of dynamic answers', () => {
  test('brotli when the client accepts it, preferred over gzip, with Vary and a weak ETag', async () => {
    const answer = await rawRequest(url('/api/competitions'), { headers: { 'accept-encoding': 'gzip, br' } })
    expect(answer.headers['content-encoding']).toBe('br')
    expect(answer.headers.vary).toMatch(/accept-encoding/i)
    expect(answer.headers.etag).toBe('W/"v1"')
    expect(answer.body.length).toBeLessThan(expected.length / 4)
    expect(brotliDecompressSync(answer.body).toString()).toBe(expected)
  })

  test('gzip when that is all the client takes', async () => {
    const answer = await rawRequest(url('/api/competitions'), { headers: { 'accept-encoding': 'gzip' } })
    expect(answer.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(answer.body).toString()).toBe(expected)
  })

  test('as it is without Accept-Encoding, or when the client refuses encodings', async () => {
    const refusals: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
    ]
    for (const headers of refusals) {
      const answer = await rawRequest(url('/api/competitions'), { headers })
      expect(answer.headers['content-encoding']).toBeUndefined()
      expect(answer.headers.vary).toMatch(/accept-encoding/i)
      expect(answer.headers.etag).toBe('"v1"')
      expect(answer.body.toString()).toBe(expected)
    }
  })

  test('HEAD answers the headers without a body', async () => {
    const answer = await rawRequest(url('/api/competitions'), {
      method: 'HEAD',
      headers: { 'accept-encoding': 'br' },
    })
    expect(answer.status).toBe(200)
    expect(answer.headers.vary).toMatch(/accept-encoding/i)
    expect(answer.body.length).toBe(0)
  })

  test('not tiny bodies, nor images', async () => {
    const tiny = await rawRequest(url('/api/tiny'), { headers: { 'accept-encoding': 'br, gzip' } })
    expect(tiny.headers['content-encoding']).toBeUndefined()
    const image = await rawRequest(url('/image.png'), { headers: { 'accept-encoding': 'br, gzip' } })
    expect(image.headers['content-encoding']).toBeUndefined()
    expect(image.body.length).toBe(4096)
  })

  test('never an event stream: each event arrives as written, while the stream stays open', async () => {
    const first = await new Promise<{ encoding: unknown; chunk: string }>((resolve, reject) => {
      const request = http.get(url('/api/live'), { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
        res.once('data', (chunk: Buffer) => {
          resolve({ encoding: res.headers['content-encoding'], chunk: chunk.toString() })
          request.destroy()
        })
      })
      request.on('error', reject)
    })
    expect(first.encoding).toBeUndefined()
    expect(first.chunk).toBe('event: competition\ndata: {"id":"1"}\n\n')
  })
})

describe('which types are compressed', () => {
  test.each([
    'text/html; charset=utf-8',
    'text/css',
    'text/javascript',
    'application/javascript',
    'application/json; charset=utf-8',
    'application/problem+json',
    'image/svg+xml',
    'application/xml',
    'text/plain',
    'application/manifest+json',
  ])('%s', (type) => expect(isCompressibleType(type)).toBe(true))

  test.each([
    'text/event-stream',
    'text/event-stream; charset=utf-8',
    'image/png',
    'image/webp',
    'font/woff2',
    '',
  ])('not %s', (type) => expect(isCompressibleType(type)).toBe(false))
})
