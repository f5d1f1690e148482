import Router from '@koa/router'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Served, serve } from '../testing/serve'
import { createApp } from './app'

/** Settles when the test says so: a database that answers late, or never within the deadline. */
function gate() {
  let open: () => void = () => {}
  let fail: (error: Error) => void = () => {}
  const opened = new Promise<void>((resolve, reject) => {
    open = resolve
    fail = reject
  })
  return { opened, open: () => open(), fail: (error: Error) => fail(error) }
}

const slow = gate()
const failingLate = gate()
const backupGate = gate()
const neverAnswered = gate()
const logged: string[] = []
const logger = pino({ level: 'warn' }, { write: (line: string) => logged.push(JSON.parse(line).msg) })

const router = new Router()
router.get('/api/competitions', async (ctx) => {
  await slow.opened
  ctx.body = { success: true, late: true }
})
router.get('/api/auth/profile', async (ctx) => {
  await failingLate.opened
  ctx.body = { success: true }
})
router.get('/api/quick', (ctx) => {
  ctx.body = { success: true }
})
router.get('/api/held', async (ctx) => {
  await neverAnswered.opened
  ctx.body = { success: true }
})
// A streamed backup is long by nature: no deadline.
router.post('/api/admin/backup', async (ctx) => {
  await backupGate.opened
  ctx.body = { success: true, backup: 'done' }
})

let served: Served
beforeAll(async () => {
  served = await serve(
    createApp({ name: 'deadline', logger, routers: [router], requestTimeoutMs: 150 }).callback(),
  )
})
afterAll(() => served.close())

describe('the request deadline', () => {
  test('a request still waiting at its deadline is answered 503 with Retry-After and the error body', async () => {
    const started = performance.now()
    const answer = await fetch(`${served.url}/api/competitions`)
    expect(answer.status).toBe(503)
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await answer.json()).toEqual({
      success: false,
      code: 'SERVICE_UNAVAILABLE',
      message: expect.stringContaining('took longer than'),
    })
    expect(performance.now() - started).toBeGreaterThanOrEqual(140)
    // The work finishing afterwards changes nothing that was sent.
    slow.open()
    expect((await fetch(`${served.url}/api/quick`)).status).toBe(200)
  })

  test('work failing after its request was given up is logged, not a crash', async () => {
    expect((await fetch(`${served.url}/api/auth/profile`)).status).toBe(503)
    failingLate.fail(new Error('the database answered at last, with an error'))
    await expect.poll(() => logged).toContain('a request given up at its deadline failed later')
  })

  test('long answers by nature (a backup) are exempt', async () => {
    const answer = fetch(`${served.url}/api/admin/backup`, { method: 'POST' })
    // A request sent after the backup has been given up at its deadline: the backup's has passed too.
    expect((await fetch(`${served.url}/api/held`)).status).toBe(503)
    backupGate.open()
    const done = await answer
    expect(done.status).toBe(200)
    expect(await done.json()).toEqual({ success: true, backup: 'done' })
  })
})
