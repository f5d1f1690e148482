import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { migrateCommandTables } from '@prizes/command-service'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import {
  createKnex,
  decryptValue,
  encryptValue,
  generateUserKey,
  platformSecret,
  UnwrappableUserKey,
  unwrapUserKey,
  userKeysTable,
  wrapUserKey,
} from '@prizes/platform'
import type { Knex } from 'knex'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * Issue 23: `npm run rotate-keys -- personal-data` rewraps every user's key under a new
 * PERSONAL_DATA_KEY and leaves the data encrypted under those keys as it was.
 */
const run = promisify(execFile)
const script = path.resolve(import.meta.dirname, 'rotate-keys.ts')
let database: TestDatabase
let knex: Knex
let dir: string

beforeAll(async () => {
  database = await createTestDatabase('rotate_personal_data')
  knex = createKnex(database.url)
  await migrateCommandTables(knex)
  dir = await mkdtemp(path.join(tmpdir(), 'rotate-personal-data-'))
}, 60_000)
afterAll(async () => {
  await knex?.destroy()
  await database?.drop()
  await rm(dir, { recursive: true, force: true })
})

/** Users whose keys are wrapped under `operator`, each with a name encrypted under their key. */
async function users(operator: Buffer, count: number) {
  await knex(userKeysTable).delete()
  const made = Array.from({ length: count }, (_, n) => {
    const userId = `user-${n}`
    const key = generateUserKey()
    return { userId, key, sealed: encryptValue(key, `Person ${n}`) }
  })
  await knex(userKeysTable).insert(
    made.map(({ userId, key }) => ({
      user_id: userId,
      key_id: key.id,
      key: wrapUserKey(operator, userId, key),
    })),
  )
  return made
}

/** The name each user's data shows when their stored key is opened under `operator`. */
async function namesUnder(operator: Buffer, made: Awaited<ReturnType<typeof users>>) {
  const rows: { user_id: string; key_id: string; key: Buffer }[] = await knex(userKeysTable).select()
  return made.map(({ userId, sealed }) => {
    const row = rows.find((r) => r.user_id === userId)
    if (!row) throw new Error(`${userId} has no key`)
    return decryptValue(unwrapUserKey(operator, userId, row.key_id, row.key), sealed)
  })
}

async function rotate(args: readonly string[], env: Record<string, string>) {
  return run(process.execPath, ['--import', 'tsx', script, 'personal-data', ...args], {
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: database.url,
      EVENTSTORE_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    timeout: 60_000,
  })
}

const production = {
  NODE_ENV: 'production',
  PAYMENTS: 'offline-test',
  POSTAL_ADDRESS: 'Free Entry, 2 High Street, Leeds, LS1 1AA',
  COMPANY_NAME: 'Leeds Prizes Ltd',
  COMPANY_ADDRESS: '2 High Street, Leeds, LS1 1AA',
  SUPPORT_EMAIL: 'help@leedsprizes.example',
}

describe('npm run rotate-keys -- personal-data', () => {
  it('in production: from PERSONAL_DATA_KEY to the new key file; the old key opens none of them', async () => {
    const [old, next] = [randomBytes(32), randomBytes(32)]
    const made = await users(old, 250)
    const file = path.join(dir, 'new-key')
    await writeFile(file, `${next.toString('hex')}\n`)

    await expect(rotate([], { ...production, PERSONAL_DATA_KEY: old.toString('hex') })).rejects.toThrow(
      /--new-key-file: required in production/,
    )
    const rotated = await rotate(['--new-key-file', file], {
      ...production,
      PERSONAL_DATA_KEY: old.toString('hex'),
    })
    expect(rotated.stdout).toContain('250 personal-data keys rewrapped under the new key')
    expect(await namesUnder(next, made)).toEqual(made.map((_, n) => `Person ${n}`))
    await expect(namesUnder(old, made)).rejects.toThrow(UnwrappableUserKey)
  }, 90_000)

  it('outside production: the database-kept key is replaced by a new one, in the same transaction', async () => {
    const kept = await platformSecret(knex, 'personal-data')
    const made = await users(kept, 3)
    const rotated = await rotate([], { NODE_ENV: 'development' })
    expect(rotated.stdout).toContain('3 personal-data keys rewrapped')
    const now = await platformSecret(knex, 'personal-data')
    expect(now.equals(kept)).toBe(false)
    expect(await namesUnder(now, made)).toEqual(['Person 0', 'Person 1', 'Person 2'])
    await expect(namesUnder(kept, made)).rejects.toThrow(UnwrappableUserKey)
  }, 90_000)
})
