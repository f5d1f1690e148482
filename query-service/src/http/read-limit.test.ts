import { createLogger, errorHandler } from '@prizes/platform'
import Koa from 'koa'
import { describe, expect, test } from 'vitest'
import { createReadLimit } from './read-limit'

function app(limit: ReturnType<typeof createReadLimit>) {
  const koa = new Koa({ proxy: false })
  koa.use(errorHandler({ logger: createLogger({ level: 'silent' }) }))
  koa.use(limit)
  koa.use((ctx) => {
    ctx.body = 'ok'
  })
  return koa
}

describe('a per-address limit on public reads', () => {
  test('past the most a window allows, 429 with Retry-After until the window ends', () => {
    let now = 0
    const limit = createReadLimit({ max: 3, windowMs: 60_000, now: () => now })
    const verdicts = Array.from({ length: 4 }, () => limit.check('203.0.113.7'))
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false])
    expect(verdicts[3]?.retryAfterSeconds).toBe(60)
    expect(limit.check('203.0.113.8').allowed).toBe(true)
    now = 60_000
    expect(limit.check('203.0.113.7').allowed).toBe(true)
  })

  test('remembers a bounded number of addresses, forgetting the oldest', () => {
    const limit = createReadLimit({ max: 1, windowMs: 60_000, maxAddresses: 2, now: () => 0 })
    limit.check('a')
    limit.check('b')
    limit.check('c')
    expect(limit.size).toBe(2)
    expect(limit.check('a').allowed).toBe(true)
    expect(limit.check('c').allowed).toBe(false)
  })

  test('as middleware: the client address is counted, and the answer past the limit is 429', async () => {
    const limit = createReadLimit({ max: 1, windowMs: 60_000, now: () => 0 })
    const server = app(limit).listen(0)
    try {
      const { port } = server.address() as { port: number }
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200)
      const refused = await fetch(`http://127.0.0.1:${port}/`)
      expect(refused.status).toBe(429)
      expect(refused.headers.get('retry-after')).toBe('60')
    } finally {
      server.close()
    }
  })
})
