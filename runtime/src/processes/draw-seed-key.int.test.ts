import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { promisify } from 'node:util'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

/**
 * Issue 23: in production the draw seeds' key comes from the environment, never from the
 * database; a command service started in production without it refuses, and says why.
 */
const run = promisify(execFile)
let database: TestDatabase

beforeAll(async () => {
  database = await createTestDatabase('draw_seed_key')
}, 60_000)
afterAll(() => database?.drop())

async function commandService(env: Record<string, string>) {
  const script = path.resolve(import.meta.dirname, 'command-service.ts')
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
        LOG_LEVEL: 'warn',
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
})
