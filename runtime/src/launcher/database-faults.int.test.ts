import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import { createLogger, freePort, loadConfig } from '@prizes/platform'
import { startTcpProxy, type TcpProxy } from '@prizes/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateAdminPassword } from './admin'
import { type RunningPlatform, startPlatform } from './platform'

/**
 * Finding 12: the whole platform (gateway, command and query services, projections, reactors)
 * reaches its PostgreSQL through a TCP proxy that plays the database's faults. A hung database
 * used to hang every request, the health check included; a stopped one answered 500.
 */

let database: TestDatabase
let dataDir: string
let proxy: TcpProxy
let platform: RunningPlatform
const adminEmail = 'faults-admin@example.com'
const adminPassword = generateAdminPassword()
let token: string

/** The longest any answer may take while the database hangs: the configured bounds and some slack. */
const boundMs = 6000

beforeAll(async () => {
  database = await createTestDatabase('database_faults')
  const target = new URL(database.url)
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) })
  const viaProxy = new URL(database.url)
  viaProxy.hostname = '127.0.0.1'
  viaProxy.port = String(proxy.port)
  dataDir = await mkdtemp(path.join(tmpdir(), 'prizes-faults-'))
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
    DB_CONNECT_TIMEOUT_MS: '1000',
    DB_ACQUIRE_TIMEOUT_MS: '1500',
    DB_STATEMENT_TIMEOUT_MS: '1500',
    DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '5000',
  })
  platform = await startPlatform(config, createLogger({ level: 'silent', name: 'test' }))
  const login = await call('POST', '/api/auth/login', { email: adminEmail, password: adminPassword })
  expect(login.status).toBe(200)
  token = (login.body as { token: string }).token
})

afterAll(async () => {
  await proxy?.resume()
  await platform?.stop()
  await proxy?.close()
  await database?.drop()
  await rm(dataDir, { recursive: true, force: true })
})

interface Answer {
  readonly status: number
  readonly headers: Headers
  readonly body: unknown
  readonly ms: number
}

/** One request, timed; gives up (failing the test) well after any bound, never hanging it. */
async function call(method: string, route: string, body?: unknown, bearer?: string): Promise<Answer> {
  const started = performance.now()
  const response = await fetch(`${platform.url}${route}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(20_000),
  })
  const text = await response.text()
  return {
    status: response.status,
    headers: response.headers,
    body: text ? JSON.parse(text) : undefined,
    ms: performance.now() - started,
  }
}

/** Requests over both services, public and signed in, reads and writes. */
const requests = () =>
  Promise.all([
    call('GET', '/api/competitions'),
    call('GET', '/api/entries', undefined, token),
    call('GET', '/api/admin/competitions', undefined, token),
    call('GET', '/api/auth/profile', undefined, token),
    call('POST', '/api/auth/login', { email: adminEmail, password: adminPassword }),
    call('POST', '/api/auth/check-email', { email: 'someone@example.com' }),
  ])

function expectUnavailable(answers: readonly Answer[]) {
  for (const answer of answers) {
    expect(answer.status).toBe(503)
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(answer.body).toEqual({ success: false, code: 'SERVICE_UNAVAILABLE', message: expect.any(String) })
    expect(answer.ms).toBeLessThan(boundMs)
  }
}

/** After the database is back, every request succeeds again (pools replace what they lost). */
async function expectRecovered() {
  const deadline = Date.now() + 20_000
  for (;;) {
    const answers = [...(await requests()), await call('GET', '/api/health')]
    if (answers.every((answer) => answer.status === 200)) break
    if (Date.now() > deadline) {
      throw new Error(
        `still failing: ${answers.map((a) => `${a.status} ${JSON.stringify(a.body)}`).join('; ')}`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

describe('a database fault', () => {
  it('works before any fault', async () => {
    for (const answer of await requests()) expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  })

  it('while hung: every request answers 503 with Retry-After in bounded time, and health says why', async () => {
    proxy.hang()
    const [answers, health] = await Promise.all([requests(), call('GET', '/api/health')])
    expectUnavailable(answers)
    expect(health.status).toBe(503)
    expect(health.ms).toBeLessThan(3500)
    expect(Number(health.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(health.body).toMatchObject({
      success: false,
      status: 'unavailable',
      // Whichever bound ends the wait first: the health check's deadline or the connection's.
      database: { ok: false, reason: expect.stringMatching(/^timeout after 2000 ms$|^connection timeout$/) },
    })
    await proxy.resume()
    await expectRecovered()
  })

  it('while down: every request answers 503 with Retry-After at once, and health says why', async () => {
    await proxy.down()
    const [answers, health] = await Promise.all([requests(), call('GET', '/api/health')])
    expectUnavailable(answers)
    expect(health.status).toBe(503)
    expect(health.body).toMatchObject({
      success: false,
      status: 'unavailable',
      database: { ok: false, reason: expect.stringMatching(/^connection refused$|^connection lost$/) },
    })
    await proxy.resume()
    await expectRecovered()
  })
})
