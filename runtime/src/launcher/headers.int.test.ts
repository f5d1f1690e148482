import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import { createLogger, freePort, loadConfig } from '@prizes/platform'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateAdminPassword } from './admin'
import { type RunningPlatform, startPlatform } from './platform'

/**
 * Finding 13, headers: the whole platform as `npm start` runs it, over plain http without
 * Stripe. Pages and API answers carry the security headers; every answer carrying a token or
 * personal data is `no-store`, while the public lists keep revalidating by ETag.
 */

let database: TestDatabase
let dataDir: string
let platform: RunningPlatform
const adminEmail = 'headers-admin@example.com'
const adminPassword = generateAdminPassword()

beforeAll(async () => {
  database = await createTestDatabase('headers')
  dataDir = await mkdtemp(path.join(tmpdir(), 'prizes-headers-'))
  const webDist = path.join(dataDir, 'web')
  await mkdir(webDist)
  await writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>Prizes</title><div id="root"></div>',
  )
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    MAILDEV_SMTP_PORT: String(await freePort()),
    MAILDEV_WEB_PORT: String(await freePort()),
    SEED_DEMO_DATA: 'false',
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: adminPassword,
    WEB_DIST_DIR: webDist,
  })
  platform = await startPlatform(config, createLogger({ level: 'silent', name: 'test' }))
})

afterAll(async () => {
  await platform?.stop()
  await database?.drop()
  await rm(dataDir, { recursive: true, force: true })
})

const call = (route: string, init: RequestInit = {}) => fetch(`${platform.url}${route}`, init)
const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})
const bearer = (token: string): RequestInit => ({ headers: { authorization: `Bearer ${token}` } })

function expectSecurityHeaders(response: Response) {
  const csp = response.headers.get('content-security-policy') ?? ''
  expect(csp).toContain("frame-ancestors 'none'")
  expect(csp).not.toContain('stripe')
  expect(response.headers.get('permissions-policy')).toContain('payment=()')
  expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
  expect(response.headers.get('x-frame-options')).toBe('DENY')
  // Served over http, whatever the client claims.
  expect(response.headers.get('strict-transport-security')).toBeNull()
}

describe('headers through the gateway', () => {
  it("on a page: the web app's CSP, without Stripe while Stripe is not configured", async () => {
    const page = await call('/about', { headers: { 'x-forwarded-proto': 'https' } })
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    expectSecurityHeaders(page)
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")
  })

  it('on sign-in, profile, entries and admin answers: the security headers and no-store', async () => {
    const login = await call('/api/auth/login', json({ email: adminEmail, password: adminPassword }))
    expect(login.status).toBe(200)
    const { token } = (await login.json()) as { token: string }
    const refused = await call('/api/auth/login', json({ email: adminEmail, password: 'Wrong-password-1' }))
    expect(refused.status).toBe(401)
    const answers = [
      login,
      refused,
      await call('/api/auth/profile', bearer(token)),
      await call('/api/entries', bearer(token)),
      await call('/api/entries/stats', bearer(token)),
      await call('/api/admin/competitions', bearer(token)),
      await call('/api/entries'),
    ]
    for (const answer of answers) {
      expectSecurityHeaders(answer)
      expect(answer.headers.get('content-security-policy')).toContain("default-src 'none'")
      expect(answer.headers.get('cache-control'), answer.url).toMatch(/(^|, )no-store$/)
    }
  })

  it('on the public lists: still cacheable, revalidated by ETag', async () => {
    for (const route of ['/api/competitions', '/api/competitions/featured']) {
      const list = await call(route)
      expect(list.status).toBe(200)
      expectSecurityHeaders(list)
      expect(list.headers.get('cache-control')).toBe('no-cache')
      expect(list.headers.get('etag')).toBeTruthy()
    }
  })
})
