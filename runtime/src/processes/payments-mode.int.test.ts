import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import { freePort } from '@prizes/platform'
import { afterAll, beforeAll, expect, test } from 'vitest'

/**
 * Payments refuse to pretend (issue 23): the command service's real entry point, started as
 * docker-compose starts it (NODE_ENV=production, its own database and SMTP server), does not
 * start without Stripe keys unless PAYMENTS=offline-test says so, and then says TEST MODE.
 */
const entry = fileURLToPath(new URL('./command-service.ts', import.meta.url))

let database: TestDatabase
beforeAll(async () => {
  database = await createTestDatabase('payments_mode')
})
afterAll(async () => {
  await database?.drop()
})

/** The environment a container gets: nothing inherited but PATH, so no key sneaks in from the host. */
const productionEnv = async (extra: Record<string, string>) => ({
  PATH: process.env.PATH ?? '',
  NODE_ENV: 'production',
  LOG_LEVEL: 'info',
  HOST: '127.0.0.1',
  DATABASE_URL: database.url,
  // Never connected to at start.
  SMTP_URL: 'smtp://127.0.0.1:9',
  COMMAND_SERVICE_PORT: String(await freePort()),
  PUBLIC_URL: 'https://prizes.example.com',
  // Production takes the draw seeds' and the tokens' keys from the environment (issue 23).
  DRAW_SEED_KEY: randomBytes(32).toString('hex'),
  JWT_SECRET: randomBytes(32).toString('hex'),
  TOKEN_SECRET: randomBytes(32).toString('hex'),
  // Production needs the free route's address and who runs the site (issue 24).
  POSTAL_ADDRESS: 'Free Entry, 2 High Street, Leeds, LS1 1AA',
  COMPANY_NAME: 'Leeds Prizes Ltd',
  COMPANY_ADDRESS: '2 High Street, Leeds, LS1 1AA',
  SUPPORT_EMAIL: 'help@leedsprizes.example',
  ...extra,
})

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  const exited = once(child, 'exit').then(([code]) => code as number | null)
  return { child, exited, output: () => output }
}

test('NODE_ENV=production without Stripe keys: exits non-zero saying why and what to do', async () => {
  const started = start(await productionEnv({}))
  // A process that starts instead of refusing is stopped, not left behind.
  const timer = setTimeout(() => started.child.kill('SIGKILL'), 45_000)
  const code = await started.exited.finally(() => clearTimeout(timer))
  expect(code, started.output()).toBe(1)
  const output = started.output()
  expect(output).toContain('Invalid configuration')
  expect(output).toMatch(/PAYMENTS: this is production/)
  expect(output).toContain('STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET')
  expect(output).toContain('PAYMENTS=offline-test')
}, 60_000)

test('with PAYMENTS=offline-test it starts, says TEST MODE, and /api/config says so too', async () => {
  const env = await productionEnv({ PAYMENTS: 'offline-test' })
  const started = start(env)
  try {
    const url = `http://127.0.0.1:${env.COMMAND_SERVICE_PORT}/api/config`
    await expect
      .poll(
        async () => {
          if (started.child.exitCode !== null) throw new Error(`exited: ${started.output()}`)
          return (await fetch(url).catch(() => undefined))?.status
        },
        { timeout: 45_000, interval: 200 },
      )
      .toBe(200)
    const answer = (await (await fetch(url)).json()) as Record<string, unknown>
    expect(answer).toEqual({
      success: true,
      payments: { provider: 'offline', publishableKey: null, testMode: true },
    })
    expect(started.output()).toContain('TEST MODE: payments go to the offline test provider')
  } finally {
    started.child.kill('SIGTERM')
    const timer = setTimeout(() => started.child.kill('SIGKILL'), 15_000)
    await started.exited.finally(() => clearTimeout(timer))
  }
}, 60_000)
