import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import { createLogger, freePort, loadConfig } from '@prizes/platform'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateAdminPassword } from './admin'
import { type RunningPlatform, startPlatform } from './platform'
import { type RunningNginx, startNginx } from './testing/nginx'
import { testPerson } from './testing/platform-under-test'

/**
 * Issue 23, proxies: the platform as `npm start` runs it behind a real nginx on loopback, with
 * `TRUSTED_PROXIES=127.0.0.1` (nginx's address). Clients connect from addresses of their own
 * (127.0.0.2, 127.0.0.3, ... on Linux's loopback). One client's wrong passwords and sign-ups
 * never limit another; a client forging `X-Forwarded-For`, through nginx or straight to the
 * gateway, is limited at its real address all the same.
 */

let database: TestDatabase
let dataDir: string
let platform: RunningPlatform
let nginx: RunningNginx
let gatewayPort: number
const adminEmail = 'proxy-admin@example.com'
const adminPassword = generateAdminPassword()
/** Wrong passwords one email may get from one address in 15 minutes (the login guard's default). */
const failuresPerEmailAndAddress = 10

beforeAll(async () => {
  database = await createTestDatabase('trusted-proxy')
  dataDir = await mkdtemp(path.join(tmpdir(), 'prizes-trusted-proxy-'))
  gatewayPort = await freePort()
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: String(gatewayPort),
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    MAILDEV_SMTP_PORT: String(await freePort()),
    MAILDEV_WEB_PORT: String(await freePort()),
    SEED_DEMO_DATA: 'false',
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: adminPassword,
    TRUSTED_PROXIES: '127.0.0.1',
    ACCOUNTS_PER_ADDRESS_HOUR: '2',
  })
  platform = await startPlatform(config, createLogger({ level: 'silent', name: 'trusted-proxy' }))
  nginx = await startNginx(`http://127.0.0.1:${gatewayPort}`)
}, 120_000)

afterAll(async () => {
  await nginx?.stop()
  await platform?.stop()
  await database?.drop()
  await rm(dataDir, { recursive: true, force: true })
})

interface Answer {
  readonly status: number
  readonly body: Record<string, unknown>
}

/** POSTs JSON from the client at `from` (a loopback address) to nginx, or straight to the gateway. */
function post(
  from: string,
  route: string,
  payload: unknown,
  options: { readonly direct?: boolean; readonly forwardedFor?: string } = {},
): Promise<Answer> {
  const body = JSON.stringify(payload)
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: options.direct ? gatewayPort : nginx.port,
        localAddress: from,
        agent: false,
        method: 'POST',
        path: route,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...(options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {}),
        },
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          text += chunk
        })
        response.on('end', () => {
          try {
            resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> })
          } catch (error) {
            reject(
              new Error(`${route} from ${from}: ${response.statusCode} ${text.slice(0, 200)}`, {
                cause: error,
              }),
            )
          }
        })
      },
    )
    request.on('error', reject)
    request.end(body)
  })
}

const signIn = (from: string, password: string, options: Parameters<typeof post>[3] = {}) =>
  post(from, '/api/auth/login', { email: adminEmail, password }, options)

/** Wrong passwords from `from` until the login guard refuses: exactly the limit, then 429. */
async function guessUntilRefused(from: string, options: (attempt: number) => Parameters<typeof post>[3]) {
  for (let attempt = 0; attempt < failuresPerEmailAndAddress; attempt += 1) {
    expect((await signIn(from, `wrong-${attempt}`, options(attempt))).status).toBe(401)
  }
  const refused = await signIn(from, 'wrong-again', options(failuresPerEmailAndAddress))
  expect(refused.status).toBe(429)
  expect(refused.body).toMatchObject({ success: false, code: 'RATE_LIMITED' })
}

describe('behind a trusted reverse proxy', () => {
  it("one client's wrong passwords lock out that client only, never the others behind the proxy", async () => {
    await guessUntilRefused('127.0.0.2', () => ({}))
    // The guesser is refused even with the right password (guessing cannot confirm a hit) ...
    expect((await signIn('127.0.0.2', adminPassword)).status).toBe(429)
    // ... while the owner, behind the same proxy at another address, signs in.
    const owner = await signIn('127.0.0.3', adminPassword)
    expect(owner.status).toBe(200)
    expect(owner.body).toMatchObject({ success: true })
  })

  it('a client forging X-Forwarded-For through the proxy is still limited at its real address', async () => {
    for (const forged of ['127.0.0.3', '203.0.113.50', '127.0.0.1', 'unknown']) {
      const answer = await signIn('127.0.0.2', adminPassword, { forwardedFor: forged })
      expect(answer.status, `forging ${forged}`).toBe(429)
    }
  })

  it('a client connecting to the gateway directly with a forged header gains nothing', async () => {
    // Each guess claims another address; the gateway does not trust this connection, so all of
    // them count against 127.0.0.4, and none against the addresses it names.
    await guessUntilRefused('127.0.0.4', (attempt) => ({
      direct: true,
      forwardedFor: `127.0.0.${100 + attempt}`,
    }))
    expect(
      (await signIn('127.0.0.4', adminPassword, { direct: true, forwardedFor: '127.0.0.5' })).status,
    ).toBe(429)
    expect((await signIn('127.0.0.5', adminPassword)).status).toBe(200)
    expect((await signIn('127.0.0.100', adminPassword)).status).toBe(200)
  })

  it('/metrics without a token: never through the proxy, whatever it names; a local scraper directly', async () => {
    const scrape = (from: string, direct: boolean, forwardedFor?: string) =>
      new Promise<number>((resolve, reject) => {
        http
          .get(
            {
              host: '127.0.0.1',
              port: direct ? gatewayPort : nginx.port,
              localAddress: from,
              agent: false,
              path: '/metrics',
              headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
            },
            (response) => {
              response.resume()
              resolve(response.statusCode ?? 0)
            },
          )
          .on('error', reject)
      })
    expect(await scrape('127.0.0.8', false)).toBe(404)
    expect(await scrape('127.0.0.8', false, '10.0.0.1')).toBe(404)
    expect(await scrape('127.0.0.8', true)).toBe(200)
  })

  it("a per-address limit (accounts an hour) counts each client's own sign-ups", async () => {
    const guest = (from: string, n: number) =>
      post(from, '/api/auth/create-guest-account', {
        ...testPerson,
        email: `proxy-guest-${from.replaceAll('.', '-')}-${n}@example.com`,
        dateOfBirth: '1990-01-01',
        tempPassword: 'Secret123',
        source: 'competition_entry',
      })
    expect((await guest('127.0.0.6', 1)).status).toBe(200)
    expect((await guest('127.0.0.6', 2)).status).toBe(200)
    const third = await guest('127.0.0.6', 3)
    expect(third.status).toBe(429)
    expect(third.body).toMatchObject({ success: false, code: 'RATE_LIMITED' })
    expect((await guest('127.0.0.7', 1)).status).toBe(200)
  })
})
