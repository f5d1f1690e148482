import { Writable } from 'node:stream'
import {
  createCommandApp,
  createCommandHandler,
  migrateCommandTables,
  openAccount,
} from '@prizes/command-service'
import { createPostgresEventStore } from '@prizes/event-store'
import { createTestDatabase } from '@prizes/event-store/testing'
import { createOfflinePaymentProvider } from '@prizes/payments'
import { ConfigError, createKnex, loadSecrets } from '@prizes/platform'
import { serve } from '@prizes/platform/testing'
import { pino } from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import { defaultAdminEmail, ensureAdminAccount } from './admin'

const cleanups: Array<() => Promise<void>> = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

/** A fresh platform database with the command side migrated, its app served, and the log kept. */
async function freshPlatform(label: string) {
  const database = await createTestDatabase(label)
  const store = createPostgresEventStore({ connectionString: database.url })
  await store.migrate()
  const knex = createKnex(database.url)
  await migrateCommandTables(knex)
  const secrets = await loadSecrets(knex)
  const lines: string[] = []
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk))
        done()
      },
    }),
  )
  const handler = createCommandHandler({ store, logger })
  const deps = { handler, store, knex, secrets, logger }
  const served = await serve(
    createCommandApp({
      store,
      knex,
      secrets,
      logger,
      handler,
      payments: createOfflinePaymentProvider({ knex }),
    }).callback(),
  )
  cleanups.push(async () => {
    await served.close()
    await knex.destroy()
    await store.close()
    await database.drop()
  })
  const ensure = (env: { email?: string; password?: string } = {}) =>
    ensureAdminAccount({ email: env.email, password: env.password, deps, store })
  const login = async (email: string, password: string) => {
    const response = await fetch(`${served.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })
    return { status: response.status, body: (await response.json()) as { user?: { role?: string } } }
  }
  const printedPasswords = () =>
    lines.flatMap((line) => [...line.matchAll(/Password: {2}([A-Za-z0-9]+)/g)].map((match) => match[1]))
  return { deps, ensure, login, printedPasswords, lines }
}

describe('ensureAdminAccount', () => {
  it('on first start creates the default admin and prints its password once; later starts do nothing', async () => {
    const platform = await freshPlatform('admin_first_start')
    const first = await platform.ensure()
    expect(first).toMatchObject({ outcome: 'created', email: defaultAdminEmail })
    const [password, ...more] = platform.printedPasswords()
    expect(more).toEqual([])
    expect(platform.lines.join('')).toContain('╔')
    const signedIn = await platform.login(defaultAdminEmail, password ?? '')
    expect(signedIn.status).toBe(200)
    expect(signedIn.body.user?.role).toBe('admin')

    await expect(platform.ensure()).resolves.toEqual({
      outcome: 'skipped',
      email: defaultAdminEmail,
      reason: 'an admin exists',
    })
    expect(platform.printedPasswords()).toHaveLength(1)
  })

  it('uses ADMIN_EMAIL and ADMIN_PASSWORD on every start, idempotently, printing no password', async () => {
    const platform = await freshPlatform('admin_configured')
    const env = { email: 'boss@example.com', password: 'Configur3d' }
    await expect(platform.ensure(env)).resolves.toMatchObject({ outcome: 'created', email: env.email })
    await expect(platform.ensure(env)).resolves.toMatchObject({ outcome: 'unchanged' })
    expect((await platform.login(env.email, env.password)).body.user?.role).toBe('admin')
    expect(platform.printedPasswords()).toEqual([])
  })

  it('refuses a weak ADMIN_PASSWORD with the rules it breaks', async () => {
    const platform = await freshPlatform('admin_weak')
    await expect(platform.ensure({ password: 'weak' })).rejects.toThrow(ConfigError)
    await expect(platform.ensure({ password: 'weak' })).rejects.toThrow(
      /ADMIN_PASSWORD: Password must be at least 8/,
    )
  })

  it('never promotes an account someone registered at the admin email before the first start', async () => {
    const platform = await freshPlatform('admin_squatted')
    const personal = {
      firstName: 'Mallory',
      lastName: 'M',
      email: defaultAdminEmail,
      phone: '07700 900789',
      address: 'Somewhere',
      dateOfBirth: '1990-01-01',
    }
    const context = { actor: { system: 'test' }, now: new Date() }
    await openAccount(
      platform.deps,
      { personal, password: 'Mall0ryPass', marketingEmails: false, kind: 'self' },
      context,
    )
    const result = await platform.ensure()
    expect(result).toMatchObject({
      outcome: 'skipped',
      reason: `${defaultAdminEmail} already has an account that is not an admin`,
    })
    expect(platform.printedPasswords()).toEqual([])
    expect((await platform.login(defaultAdminEmail, 'Mall0ryPass')).body.user?.role).not.toBe('admin')
  })
})
