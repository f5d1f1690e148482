import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { promisify } from 'node:util'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

/**
 * Issue 23: in production the draw seeds' and the tokens' keys come from the environment, never
 * from the database; a service started in production without one refuses, and says why.
 */
const run = promisify(execFile)
let database: TestDatabase

beforeAll(async () => {
  database = await createTestDatabase('draw_seed_key')
}, 60_000)
afterAll(() => database?.drop())

async function commandService(env: Record<string, string>, service = 'command-service') {
  const script = path.resolve(import.meta.dirname, `${service}.ts`)
  try {
    await run(process.execPath, ['--import', 'tsx', script], {
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: database.url,
        EVENTSTORE_URL: '',
        SMTP_URL: 'smtp://127.0.0.1:1',
        HOST: '127.0.0.1',
        // Never listened on: the start is refused first (a start that is not would time out, failing).
        COMMAND_SERVICE_PORT: '39901',
        QUERY_SERVICE_PORT: '39902',
        LOG_LEVEL: 'warn',
        // Production refuses the offline provider unless asked for: asked, so the keys are what is missing.
        PAYMENTS: 'offline-test',
        // Production needs the free route's address and who runs the site (issue 24): given, so the keys are what is missing.
        POSTAL_ADDRESS: 'Free Entry, 2 High Street, Leeds, LS1 1AA',
        COMPANY_NAME: 'Leeds Prizes Ltd',
        COMPANY_ADDRESS: '2 High Street, Leeds, LS1 1AA',
        SUPPORT_EMAIL: 'help@leedsprizes.example',
        ...env,
      },
      timeout: 60_000,
    })
    return { code: 0, output: '' }
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string; killed?: boolean }
    return { code: failed.killed ? 'killed' : failed.code, output: `${failed.stdout}${failed.stderr}` }
  }
}

describe('the draw seeds’ key in production', () => {
  test('NODE_ENV=production without DRAW_SEED_KEY: the command service refuses to start', async () => {
    const refused = await commandService({ NODE_ENV: 'production' })
    expect(refused.code).toBe(1)
    expect(refused.output).toContain('DRAW_SEED_KEY (or DRAW_SEED_KEY_FILE): required in production')
  }, 90_000)

  test('an https PUBLIC_URL is production too, and a key of the wrong size is refused', async () => {
    const https = await commandService({ PUBLIC_URL: 'https://prizes.example.com' })
    expect(https.code).toBe(1)
    expect(https.output).toContain('required in production')
    const short = await commandService({
      NODE_ENV: 'production',
      DRAW_SEED_KEY: randomBytes(16).toString('hex'),
    })
    expect(short.code).toBe(1)
    expect(short.output).toContain('DRAW_SEED_KEY: must be 32 bytes')
  }, 90_000)

  test('NODE_ENV=production without JWT_SECRET or TOKEN_SECRET: the command and query services refuse to start', async () => {
    const key = () => randomBytes(32).toString('hex')
    const noJwt = await commandService({ NODE_ENV: 'production', DRAW_SEED_KEY: key(), TOKEN_SECRET: key() })
    expect(noJwt.code).toBe(1)
    expect(noJwt.output).toContain('JWT_SECRET (or JWT_SECRET_FILE): required in production')
    expect(noJwt.output).not.toContain('TOKEN_SECRET')
    const noToken = await commandService({ NODE_ENV: 'production', DRAW_SEED_KEY: key(), JWT_SECRET: key() })
    expect(noToken.code).toBe(1)
    expect(noToken.output).toContain('TOKEN_SECRET (or TOKEN_SECRET_FILE): required in production')
    // The query service verifies tokens too, and needs no other key.
    const query = await commandService({ NODE_ENV: 'production', DRAW_SEED_KEY: key() }, 'query-service')
    expect(query.code).toBe(1)
    expect(query.output).toContain('JWT_SECRET (or JWT_SECRET_FILE): required in production')
    const unknown = await commandService(
      { NODE_ENV: 'production', JWT_SECRET: key(), JWT_PREVIOUS_SECRETS: `${key()},short` },
      'query-service',
    )
    expect(unknown.code).toBe(1)
    expect(unknown.output).toContain('JWT_PREVIOUS_SECRETS: must be at least 32 bytes')
  }, 120_000)
})
