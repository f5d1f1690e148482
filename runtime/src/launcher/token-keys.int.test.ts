import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import {
  createKnex,
  createLogger,
  freePort,
  loadConfig,
  loadSessionKeys,
  sessionKeys,
} from '@prizes/platform'
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateAdminPassword } from './admin'
import { type RunningPlatform, startPlatform } from './platform'
import { callJson } from './testing/platform-under-test'

/**
 * Issue 23: the session tokens' key rotates without ending the sessions it signed. After a
 * rotation (the database-kept key by `npm run rotate-keys`, or JWT_SECRET moved to
 * JWT_PREVIOUS_SECRETS) a token signed before it still works on a command and a query endpoint,
 * a new sign-in's token names the new key, and a token signed with a key we do not hold is 401.
 */
const run = promisify(execFile)
const sevenDaysMs = 7 * 24 * 60 * 60 * 1000
let database: TestDatabase
let dataDir: string
let platform: RunningPlatform | undefined
const adminEmail = 'token-keys-admin@example.com'
const adminPassword = generateAdminPassword()

beforeAll(async () => {
  database = await createTestDatabase('token_keys')
  dataDir = await mkdtemp(path.join(tmpdir(), 'prizes-token-keys-'))
}, 60_000)

afterAll(async () => {
  await platform?.stop()
  await database?.drop()
  await rm(dataDir, { recursive: true, force: true })
})

async function restart(keys: Record<string, string> = {}) {
  await platform?.stop()
  platform = undefined
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
    ...keys,
  })
  platform = await startPlatform(config, createLogger({ level: 'silent', name: 'token-keys' }))
  return platform.url
}

async function signIn(url: string): Promise<string> {
  const login = await callJson(url, 'POST', '/api/auth/login', { email: adminEmail, password: adminPassword })
  expect(login.status).toBe(200)
  return String(login.body.token)
}

const kidOf = (token: string) => decodeProtectedHeader(token).kid

/** The statuses of a command endpoint and a query endpoint called with `token`. */
async function statuses(url: string, token: string) {
  const command = await callJson(url, 'GET', '/api/auth/profile', undefined, token)
  const query = await callJson(url, 'GET', '/api/admin/stats', undefined, token)
  return { command: command.status, query: query.status }
}

/** The same session's claims (user, version, session id), signed with a key we do not hold. */
async function forged(token: string, kid: string | undefined) {
  return new SignJWT(decodeJwt(token))
    .setProtectedHeader(kid === undefined ? { alg: 'HS256' } : { alg: 'HS256', kid })
    .sign(randomBytes(32))
}

describe('rotating the session tokens’ key', () => {
  it('kept in the database (npm start): npm run rotate-keys keeps earlier sessions for 7 days', async () => {
    const before = await signIn(await restart())
    await platform?.stop()
    platform = undefined
    const script = path.resolve(import.meta.dirname, '../cli/rotate-keys.ts')
    const rotated = await run(process.execPath, ['--import', 'tsx', script], {
      env: { PATH: process.env.PATH, DATABASE_URL: database.url, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      timeout: 60_000,
    })
    expect(rotated.stdout).toContain(`key ${kidOf(before)} still verifies the sessions it signed for 7 days`)

    const url = await restart()
    expect(await statuses(url, before)).toEqual({ command: 200, query: 200 })
    const after = await signIn(url)
    expect(kidOf(after)).not.toBe(kidOf(before))
    expect(rotated.stdout).toContain(`key ${kidOf(after)} signs from the next start`)
    expect(await statuses(url, after)).toEqual({ command: 200, query: 200 })
    for (const kid of [randomBytes(12).toString('base64url'), kidOf(before), kidOf(after), undefined])
      expect(await statuses(url, await forged(before, kid))).toEqual({ command: 401, query: 401 })

    // A session's lifetime after the rotation the old key is dropped.
    const knex = createKnex(database.url)
    try {
      const later = await loadSessionKeys(knex, {}, new Date(Date.now() + sevenDaysMs + 60_000))
      expect(later.current.kid).toBe(kidOf(after))
      expect(later.previous).toEqual([])
    } finally {
      await knex.destroy()
    }
  }, 180_000)

  it('from the environment: JWT_SECRET moved to JWT_PREVIOUS_SECRETS still verifies, never signs', async () => {
    const [old, next] = [randomBytes(32).toString('hex'), randomBytes(48).toString('base64')]
    const inDatabase = await signIn(await restart())
    const before = await signIn(await restart({ JWT_SECRET: old }))
    expect(kidOf(before)).toBe(sessionKeys(Buffer.from(old, 'hex')).current.kid)

    const url = await restart({ JWT_SECRET: next, JWT_PREVIOUS_SECRETS: old })
    expect(await statuses(url, before)).toEqual({ command: 200, query: 200 })
    const after = await signIn(url)
    expect(kidOf(after)).toBe(sessionKeys(Buffer.from(next, 'base64')).current.kid)
    expect(await statuses(url, after)).toEqual({ command: 200, query: 200 })
    // The database's key is not the environment's: its sessions end with the move.
    expect(await statuses(url, inDatabase)).toEqual({ command: 401, query: 401 })
    expect(await statuses(url, await forged(before, randomBytes(12).toString('base64url')))).toEqual({
      command: 401,
      query: 401,
    })
  }, 180_000)
})
