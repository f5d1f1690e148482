import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import { createLogger, freePort, loadConfig } from '@prizes/platform'
import { startTcpProxy, type TcpProxy } from '@prizes/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateAdminPassword } from './admin'
import { type RunningPlatform, startPlatform } from './platform'
import { competitionForm, entrySubmission, testPerson } from './testing/platform-under-test'

/**
 * Issue 23, "requests in flight wait out a database freeze" (one payment intent hung the whole
 * 30 s): the whole platform reaches its PostgreSQL through a TCP proxy that freezes it, with the
 * database bounds at their defaults (10 s to get a connection, 15 s a statement) and
 * REQUEST_TIMEOUT_MS at 3 s. Every request answers 503 with `Retry-After` at its deadline.
 */

const requestTimeoutMs = 3000
/** The deadline and slack for a loaded machine; far below any of the database's own bounds. */
const answeredWithinMs = requestTimeoutMs + 3000

let database: TestDatabase
let dataDir: string
let proxy: TcpProxy
let platform: RunningPlatform
const adminEmail = 'deadline-admin@example.com'
const adminPassword = generateAdminPassword()
let guestToken: string
let competitionId: string

interface Answer {
  readonly status: number
  readonly headers: Headers
  readonly body: Record<string, unknown>
  readonly ms: number
}

/** One request, timed; gives up (failing the test) well after the database's own bounds. */
async function call(method: string, route: string, body?: unknown, bearer?: string): Promise<Answer> {
  const started = performance.now()
  const response = await fetch(`${platform.url}${route}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(25_000),
  })
  const text = await response.text()
  return {
    status: response.status,
    headers: response.headers,
    body: text ? JSON.parse(text) : {},
    ms: performance.now() - started,
  }
}

async function succeeded(method: string, route: string, body?: unknown, bearer?: string) {
  const answer = await call(method, route, body, bearer)
  if (answer.status >= 300)
    throw new Error(`${method} ${route}: ${answer.status} ${JSON.stringify(answer.body)}`)
  return answer.body
}

beforeAll(async () => {
  database = await createTestDatabase('request_deadline')
  const target = new URL(database.url)
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) })
  const viaProxy = new URL(database.url)
  viaProxy.hostname = '127.0.0.1'
  viaProxy.port = String(proxy.port)
  dataDir = await mkdtemp(path.join(tmpdir(), 'prizes-deadline-'))
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    DATABASE_URL: viaProxy.toString(),
    MAILDEV_SMTP_PORT: String(await freePort()),
    MAILDEV_WEB_PORT: String(await freePort()),
    SEED_DEMO_DATA: 'false',
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: adminPassword,
    REQUEST_TIMEOUT_MS: String(requestTimeoutMs),
  })
  platform = await startPlatform(config, createLogger({ level: 'silent', name: 'deadline' }))
  const admin = String(
    (await succeeded('POST', '/api/auth/login', { email: adminEmail, password: adminPassword })).token,
  )
  const created = await succeeded(
    'POST',
    '/api/admin/competitions',
    competitionForm('Deadline target'),
    admin,
  )
  competitionId = String((created.competition as { id: string }).id)
  const guest = await succeeded('POST', '/api/auth/create-guest-account', {
    ...testPerson,
    dateOfBirth: '1990-01-01',
    tempPassword: 'Secret123',
    source: 'competition_entry',
  })
  guestToken = String(guest.token)
}, 120_000)

afterAll(async () => {
  await proxy?.resume()
  await platform?.stop()
  await proxy?.close()
  await database?.drop()
  await rm(dataDir, { recursive: true, force: true })
})

describe('a request deadline', () => {
  it('while the database is frozen, a payment intent, a sign-in and a list answer 503 at the deadline', async () => {
    proxy.hang()
    try {
      const answers = await Promise.all([
        call('POST', '/api/entries/create-payment-intent', entrySubmission(competitionId), guestToken),
        call('POST', '/api/auth/login', { email: adminEmail, password: adminPassword }),
        call('GET', '/api/competitions'),
      ])
      for (const answer of answers) {
        expect(answer.status, JSON.stringify(answer.body)).toBe(503)
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
        expect(answer.body).toEqual({
          success: false,
          code: 'SERVICE_UNAVAILABLE',
          message: expect.any(String),
        })
        expect(answer.ms).toBeGreaterThanOrEqual(requestTimeoutMs - 50)
        expect(answer.ms).toBeLessThan(answeredWithinMs)
      }
    } finally {
      await proxy.resume()
    }
  })

  it('once the database is back, the same requests succeed', async () => {
    await expect
      .poll(async () => (await call('GET', '/api/competitions')).status, { timeout: 20_000, interval: 250 })
      .toBe(200)
    const intent = await call(
      'POST',
      '/api/entries/create-payment-intent',
      entrySubmission(competitionId),
      guestToken,
    )
    expect(intent.status, JSON.stringify(intent.body)).toBe(200)
  })
})
