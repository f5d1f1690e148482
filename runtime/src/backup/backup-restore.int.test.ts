import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { promisify } from 'node:util'
import {
  closeCompetition,
  completeDraw,
  createCommandHandler,
  createCompetition,
  createDrawSeedStore,
  publishCompetition,
  startDraw,
} from '@prizes/command-service'
import { type CompetitionDetails, competitionStream, endpoints } from '@prizes/contracts'
import { details, timesAround } from '@prizes/domain/testing'
import { createPostgresEventStore } from '@prizes/event-store'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import { createKnex, createLogger, loadSecrets } from '@prizes/platform'
import type { Knex } from 'knex'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  type PlatformUnderTest,
  startPlatformUnderTest,
  testPerson,
} from '../launcher/testing/platform-under-test'
import { readModelTables } from '../read-side'
import { BackupDecryptionFailed, decryptBackup, encryptBackup, linesOf } from './backup-crypto'
import { restoreFromFile } from './backup-file'
import { backedUpTableNames } from './backup-format'
import { RestoreTargetNotEmpty } from './restore'

let platform: PlatformUnderTest
let source: Knex
let dir: string
const cleanups: Array<() => Promise<void>> = []

beforeAll(async () => {
  platform = await startPlatformUnderTest('backup_restore')
  source = createKnex(platform.databaseUrl)
  dir = await mkdtemp(path.join(tmpdir(), 'prizes-backup-'))
}, 120_000)
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
  await source?.destroy()
  await platform?.stop()
  if (dir) await rm(dir, { recursive: true, force: true })
})

/** A fresh, empty database for a restore, with its store and knex. */
async function emptyTarget(label: string) {
  const database: TestDatabase = await createTestDatabase(label)
  const store = createPostgresEventStore({ connectionString: database.url })
  const knex = createKnex(database.url)
  cleanups.push(async () => {
    await knex.destroy()
    await store.close()
    await database.drop()
  })
  return { database, store, knex }
}

const passphrase = 'correct horse battery staple'

async function download(token: string, body: unknown = { password: platform.adminPassword, passphrase }) {
  return fetch(`${platform.url}${endpoints.adminBackup.path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
}

/** The plaintext lines of an encrypted backup. */
async function decryptedLines(file: Buffer, with_ = passphrase): Promise<string[]> {
  const lines: string[] = []
  for await (const line of linesOf(decryptBackup(Readable.from([file]), with_))) lines.push(line)
  return lines
}

/** Every secret a backup could leak, from the source database: each as bytes. */
async function secretsOf(knex: Knex): Promise<{ what: string; bytes: Buffer }[]> {
  const secrets: { what: string; bytes: Buffer }[] = []
  for (const row of await knex('platform_secrets').select<{ name: string; value: Buffer }[]>('name', 'value'))
    secrets.push({ what: `platform secret ${row.name}`, bytes: row.value })
  for (const row of await knex('user_keys').select<{ user_id: string; key: Buffer }[]>('user_id', 'key'))
    secrets.push({ what: `personal-data key of ${row.user_id}`, bytes: row.key })
  // The seeds themselves, opened with the platform's seed key (they are stored sealed).
  const seeds = createDrawSeedStore(knex, (await loadSecrets(knex, {})).drawSeeds)
  const rows = await knex('draw_seeds').select<{ competition_id: string; commitment: string }[]>(
    'competition_id',
    'commitment',
  )
  for (const row of rows) {
    const seed = await seeds.load(row.competition_id, row.commitment)
    if (seed) secrets.push({ what: `draw seed of ${row.competition_id}`, bytes: Buffer.from(seed) })
  }
  return secrets
}

/** Each secret found in the file, in raw, hex (either case), base64 or base64url form. */
function leaked(file: Buffer, secrets: readonly { what: string; bytes: Buffer }[]): string[] {
  const found: string[] = []
  for (const { what, bytes } of secrets) {
    const forms = {
      raw: bytes,
      hex: Buffer.from(bytes.toString('hex')),
      HEX: Buffer.from(bytes.toString('hex').toUpperCase()),
      base64: Buffer.from(bytes.toString('base64').replace(/=+$/, '')),
      base64url: Buffer.from(bytes.toString('base64url')),
    }
    for (const [form, needle] of Object.entries(forms))
      if (file.includes(needle)) found.push(`${what} (${form})`)
  }
  return found
}

/** Every row of a table, in a stable order whatever its key. */
async function rowsOf(knex: Knex, table: string): Promise<unknown[]> {
  const rows: Record<string, unknown>[] = await knex(table).select()
  return rows.map((row) => JSON.stringify(row)).sort()
}

const run = promisify(execFile)

/** `npm run <cli> -- ...args` against `databaseUrl`: its exit code and what it printed. */
async function cli(
  name: 'backup' | 'restore',
  args: readonly string[],
  databaseUrl: string,
  env: Record<string, string> = {},
) {
  const script = path.resolve(import.meta.dirname, `../cli/${name}.ts`)
  try {
    const done = await run(process.execPath, ['--import', 'tsx', script, ...args], {
      env: { ...process.env, DATABASE_URL: databaseUrl, ...env },
      timeout: 60_000,
    })
    return { code: 0, stdout: done.stdout, stderr: done.stderr }
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string }
    return { code: failed.code, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' }
  }
}

/**
 * Until every projection's checkpoint is at the last event of the log. (A transaction open
 * anywhere on the test server holds readers of the log back, so this may take a while.)
 */
async function caughtUp() {
  for (let tries = 0; tries < 1200; tries++) {
    const head = await source('events')
      .orderBy([
        { column: 'transaction_id', order: 'desc' },
        { column: 'global_position', order: 'desc' },
      ])
      .first<{ position: string }>(
        source.raw(`transaction_id::text || '/' || global_position::text as position`),
      )
    const behind = await source('projection_checkpoints')
      .where((q) => q.whereNull('position').orWhereNot('position', head.position))
      .first()
    if (!behind) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('the projections did not catch up')
}

let backupFile: string

const drawnDetails: CompetitionDetails = {
  ...details,
  title: 'Drawn before the backup',
  description: 'A competition entered, closed and drawn.',
  prize: 'A campervan',
}

/**
 * A competition drawn through the real commands (their clock moved to 2030 so the sealed drand
 * round is in the past), its seed in the platform's draw_seeds table, on the platform's log.
 */
async function drawnCompetition() {
  const store = createPostgresEventStore({ connectionString: platform.databaseUrl })
  const handler = createCommandHandler({ store, logger: createLogger({ level: 'silent' }) })
  const seeds = createDrawSeedStore(source, (await loadSecrets(source, {})).drawSeeds)
  const context = {
    actor: { userId: 'admin-1', role: 'admin' as const },
    now: new Date('2030-01-10T12:00:00Z'),
  }
  try {
    const { competitionId } = await createCompetition(handler, { details: drawnDetails }, context)
    await publishCompetition(handler, { competitionId }, context, seeds)
    const entry = { competitionId, entryId: '00000000-0000-4000-8000-0000000000b1', userId: 'u-drawn' }
    await store.append(
      competitionStream(competitionId),
      [
        {
          type: 'TicketsReserved',
          data: {
            ...entry,
            answer: '4',
            amountPence: 250,
            quantity: 2,
            paymentIntentId: 'pi_drawn',
            expiresAt: '2030-01-10T12:15:00.000Z',
          },
        },
        {
          type: 'TicketsAllocated',
          data: {
            ...entry,
            answer: '4',
            amountPence: 250,
            ticketNumbers: [1, 2],
            entryReference: 'PRZ-2030-900001',
            answerCorrect: true,
            paymentIntentId: 'pi_drawn',
          },
        },
      ],
      { expectedRevision: 'any' },
    )
    const closed = await closeCompetition(handler, { competitionId, reason: 'sold_out' }, context)
    await startDraw(handler, { competitionId }, context)
    const round = closed.state.exists ? (closed.state.sealed?.randomness.round ?? 0) : 0
    const drawContext = { ...context, now: timesAround(round).drawAt }
    const publicRandomness = { source: 'drand' as const, round, value: 'ef'.repeat(32) }
    await completeDraw(handler, { competitionId, publicRandomness }, drawContext, { seeds })
  } finally {
    await store.close()
  }
}

describe('backup and restore', () => {
  test('a backup over HTTP, restored into an empty database and rebuilt, gives equal read models', async () => {
    const { admin } = platform.tokens
    // More state through real commands: another guest, banned and unbanned with reasons, and a
    // closed competition.
    const guest = await platform.call('POST', '/api/auth/create-guest-account', {
      ...testPerson,
      email: 'grace-backup@example.com',
      dateOfBirth: '1990-01-01',
      tempPassword: 'Secret123',
      source: 'competition_entry',
    })
    const userId = String((guest.body.user as { id: string }).id)
    expect(
      (await platform.call('POST', `/api/admin/users/${userId}/ban`, { reason: 'test' }, admin)).status,
    ).toBe(200)
    expect((await platform.call('POST', `/api/admin/users/${userId}/unban`, {}, admin)).status).toBe(200)
    const closed = await platform.call(
      'PUT',
      `/api/admin/competitions/${platform.adminCompetitionId}/status`,
      { status: 'closed', reason: 'backup test' },
      admin,
    )
    expect(closed.status).toBe(200)
    await drawnCompetition()
    await caughtUp()
    // A parked event an admin has yet to act on: a restore keeps it (its reactor is restored past it).
    await source('parked_events').insert({
      consumer: 'payment-refunds',
      event_id: '00000000-0000-4000-8000-00000000beef',
      position: '1/1',
      stream_id: `competition-${platform.adminCompetitionId}`,
      stream_revision: 0,
      event_type: 'EntryRefundRequested',
      reason: 'The payment provider refused to refund pi_1: disputed',
      attempts: 1,
    })
    const drawn = await source('draws').count({ n: '*' })
    expect(drawn).toEqual([{ n: 1 }])
    expect(await source('draw_seeds').count({ n: '*' })).not.toEqual([{ n: 0 }])
    // A session logged out before the backup stays ended after the restore.
    const login = await platform.call('POST', '/api/auth/login', platform.adminLogin)
    const loggedOut = String(login.body.token)
    expect((await platform.call('POST', '/api/auth/logout', undefined, loggedOut)).status).toBe(200)
    const endedSessions = await source('auth_session_ends').select('session_id')
    expect(endedSessions.length).toBeGreaterThan(0)

    const response = await download(admin)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('application/octet-stream')
    expect(response.headers.get('content-disposition')).toMatch(
      /attachment; filename="prize-platform-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.ndjson\.enc"/,
    )
    const file = Buffer.from(await response.arrayBuffer())
    // No key, seed or session in clear: not the JWT key, the one-time-token key, any user's
    // personal-data key, any draw seed, in any of the usual encodings.
    const secrets = await secretsOf(source)
    expect(
      secrets.filter((secret) => secret.what.startsWith('platform secret')).length,
    ).toBeGreaterThanOrEqual(2)
    expect(secrets.filter((secret) => secret.what.startsWith('personal-data key')).length).toBeGreaterThan(2)
    expect(secrets.filter((secret) => secret.what.startsWith('draw seed')).length).toBeGreaterThan(2)
    expect(leaked(file, secrets)).toEqual([])
    const lines = await decryptedLines(file)
    const trailer = JSON.parse(lines.at(-1) ?? '{}') as { kind: string; events: number; sha256: string }
    expect(trailer.kind).toBe('end')
    expect(trailer.events).toBeGreaterThan(5)
    expect(lines.some((line) => line.includes('"table":"user_keys"'))).toBe(true)
    backupFile = path.join(dir, 'backup.ndjson.enc')
    await writeFile(backupFile, file)

    const target = await emptyTarget('backup_restore_target')
    const summary = await restoreFromFile({
      store: target.store,
      knex: target.knex,
      file: backupFile,
      passphrase,
    })
    expect(summary.events).toBe(trailer.events)

    // The checkpoints name positions of each log, which differ; everything else is equal.
    for (const table of readModelTables.filter((t) => t !== 'projection_checkpoints')) {
      expect({ table, rows: await rowsOf(target.knex, table) }).toEqual({
        table,
        rows: await rowsOf(source, table),
      })
    }
    expect(await target.knex('parked_events').pluck('event_id')).toEqual([
      '00000000-0000-4000-8000-00000000beef',
    ])
    for (const table of backedUpTableNames.filter((t) => t !== 'reactor_checkpoints')) {
      expect({ table, rows: await rowsOf(target.knex, table) }).toEqual({
        table,
        rows: await rowsOf(source, table),
      })
    }
    expect(await target.knex('auth_session_ends').select('session_id')).toEqual(endedSessions)
    // The events themselves: same ids, streams, revisions, data, metadata and times, same order.
    const events = (knex: Knex) =>
      knex('events')
        .orderBy(['transaction_id', 'global_position'])
        .select('event_id', 'stream_id', 'revision', 'type', 'data', 'metadata', 'recorded_at')
    expect(await events(target.knex)).toEqual(await events(source))
    // Reactors carry on where they were, not from the start (no email or refund twice).
    // (As the backup saw them: a reactor may have moved on since.)
    const backedUp = lines
      .map((line) => JSON.parse(line) as { table?: string; row?: { name: string; position: string | null } })
      .filter((line) => line.table === 'reactor_checkpoints')
      .map((line) => line.row)
    const handled = (rows: readonly ({ name: string; position: string | null } | undefined)[]) =>
      rows.flatMap((row) => (row?.position ? [row.name] : [])).sort()
    expect(handled(backedUp)).not.toEqual([])
    expect(handled(await target.knex('reactor_checkpoints').select('name', 'position'))).toEqual(
      handled(backedUp),
    )

    // A second restore into the same, now full, database is refused.
    await expect(
      restoreFromFile({ store: target.store, knex: target.knex, file: backupFile, passphrase }),
    ).rejects.toThrow(RestoreTargetNotEmpty)
  }, 120_000)

  test('a wrong passphrase, a flipped byte or a file cut short is refused before anything is written', async () => {
    const file = await readFile(backupFile)
    const flipped = path.join(dir, 'flipped.ndjson.enc')
    const altered = Buffer.from(file)
    const at = Math.floor(file.length / 2)
    altered[at] = (altered[at] ?? 0) ^ 0x01
    await writeFile(flipped, altered)
    const truncated = path.join(dir, 'truncated.ndjson.enc')
    await writeFile(truncated, file.subarray(0, file.length - 100))
    const target = await emptyTarget('backup_restore_refused')
    const restore = (file: string, with_ = passphrase) =>
      restoreFromFile({ store: target.store, knex: target.knex, file, passphrase: with_ })
    await expect(restore(backupFile, 'not the right passphrase')).rejects.toThrow(/passphrase is wrong/)
    await expect(restore(flipped)).rejects.toThrow(BackupDecryptionFailed)
    await expect(restore(truncated)).rejects.toThrow(/cut short/)
    // Refused before even the schema was made.
    expect(await target.knex.schema.hasTable('events')).toBe(false)

    // The CLI says why and exits non-zero. (Asynchronously: the platform under test shares this
    // process, and a blocked event loop would break its open connections.)
    const url = target.database.url
    const wrong = await cli('restore', [backupFile], url, { BACKUP_PASSPHRASE: 'not the right passphrase' })
    expect(wrong.code).toBe(1)
    expect(wrong.stderr).toContain('Restore refused: The passphrase is wrong, or the backup was altered')
    const missing = await cli('restore', [], url, { BACKUP_PASSPHRASE: passphrase })
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('give exactly one backup file')
    const short = await cli('restore', [backupFile], url, { BACKUP_PASSPHRASE: 'too short' })
    expect(short.code).toBe(1)
    expect(short.stderr).toContain('at least 12 characters')
    expect(await target.knex.schema.hasTable('events')).toBe(false)
  }, 120_000)

  test('a restore that fails part way leaves the database as empty as it was (one transaction)', async () => {
    // A backup its passphrase's holder made, whose events are fine but whose rows a table refuses.
    const lines = await decryptedLines(await readFile(backupFile))
    const body = lines.slice(0, -1)
    const firstRow = body.findIndex((line) => line.includes('"kind":"row"'))
    body.splice(firstRow, 0, JSON.stringify({ kind: 'row', table: 'user_keys', row: { no_such_column: 1 } }))
    const hash = createHash('sha256')
    for (const line of body) hash.update(`${line}\n`)
    const events = body.filter((line) => line.includes('"kind":"event"')).length
    const rows = body.filter((line) => line.includes('"kind":"row"')).length
    const trailer = JSON.stringify({ kind: 'end', events, rows, sha256: hash.digest('hex') })
    const bad = path.join(dir, 'bad-row.ndjson.enc')
    const plain = Readable.from([`${[...body, trailer].join('\n')}\n`])
    await pipeline(Readable.from(encryptBackup(plain, passphrase)), createWriteStream(bad))

    const target = await emptyTarget('backup_restore_atomic')
    await expect(
      restoreFromFile({ store: target.store, knex: target.knex, file: bad, passphrase }),
    ).rejects.toThrow(/no_such_column/)
    expect(Number((await target.knex('events').count({ n: '*' }))[0]?.n)).toBe(0)
    for (const table of ['user_keys', 'platform_secrets', 'auth_sessions', 'draw_seeds'])
      expect({ table, rows: await target.knex(table).select() }).toEqual({ table, rows: [] })
    // Nothing half done: the good backup restores into the same database afterwards.
    const summary = await restoreFromFile({
      store: target.store,
      knex: target.knex,
      file: backupFile,
      passphrase,
    })
    expect(summary.events).toBe(events)
  }, 120_000)

  test('npm run backup writes the same encrypted file from a passphrase file, holding no key in clear', async () => {
    const passphraseFile = path.join(dir, 'passphrase.txt')
    await writeFile(passphraseFile, `${passphrase}\n`)
    const written = path.join(dir, 'cli.ndjson.enc')
    const made = await cli('backup', [written, '--passphrase-file', passphraseFile], platform.databaseUrl)
    expect(made.stderr).toBe('')
    expect(made.code).toBe(0)
    const file = await readFile(written)
    expect(leaked(file, await secretsOf(source))).toEqual([])
    expect((await decryptedLines(file)).at(-1)).toMatch(/"kind":"end"/)
    // No passphrase, no backup: nothing is written.
    const refused = await cli('backup', [path.join(dir, 'none.ndjson.enc')], platform.databaseUrl)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('give the backup passphrase')
  }, 120_000)
})

describe('a backup asks for the admin’s password again', () => {
  test('a wrong password is 403, a short passphrase 400, and wrong passwords are limited (429)', async () => {
    const { admin } = platform.tokens
    const wrong = await download(admin, { password: 'not-my-password', passphrase })
    expect(wrong.status).toBe(403)
    expect(await wrong.json()).toMatchObject({ success: false, code: 'PASSWORD_INCORRECT' })
    const short = await download(admin, { password: platform.adminPassword, passphrase: 'short' })
    expect(short.status).toBe(400)
    expect(await short.json()).toMatchObject({
      fieldErrors: { passphrase: ['The backup passphrase must be at least 12 characters'] },
    })
    expect((await download(admin, { passphrase })).status).toBe(400)
    // 5 wrong passwords in 15 minutes per admin; the 6th attempt is refused even with the right one.
    for (let i = 0; i < 4; i += 1)
      expect((await download(admin, { password: `wrong-${i}`, passphrase })).status).toBe(403)
    const limited = await download(admin)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)
  })
})

describe('the database tools need an admin', () => {
  const routes = [
    ['POST', endpoints.adminBackup.path, { password: 'x', passphrase: 'a long backup passphrase' }],
    ['POST', endpoints.adminOptimiseDatabase.path, undefined],
    ['POST', endpoints.adminResetDatabase.path, { confirm: 'RESET' }],
    ['GET', endpoints.adminSystem.path, undefined],
  ] as const
  test.each(routes)('%s %s: 401 signed out, 403 as a user', async (method, route, body) => {
    expect((await platform.call(method, route, body)).status).toBe(401)
    expect((await platform.call(method, route, body, platform.tokens.user)).status).toBe(403)
  })

  test('optimise vacuums every read-model table and says how long it took', async () => {
    const answer = await platform.call(
      'POST',
      endpoints.adminOptimiseDatabase.path,
      undefined,
      platform.tokens.admin,
    )
    expect(answer.status).toBe(200)
    expect(answer.body.tables).toEqual(readModelTables)
    expect(answer.body.milliseconds).toEqual(expect.any(Number))
  })

  test('reset is refused on a database that is not the embedded one, and asks for confirmation', async () => {
    const { admin } = platform.tokens
    const unconfirmed = await platform.call(
      'POST',
      endpoints.adminResetDatabase.path,
      { confirm: 'yes' },
      admin,
    )
    expect(unconfirmed.status).toBe(400)
    const refused = await platform.call(
      'POST',
      endpoints.adminResetDatabase.path,
      { confirm: 'RESET' },
      admin,
    )
    expect(refused.status).toBe(409)
    expect(refused.body.message).toMatch(/only on the embedded database/)
    expect((await source('events').count({ n: '*' }))[0]?.n).not.toBe('0')
  })

  test('system info: version, node, the store and its event count, every projection and reactor', async () => {
    const answer = await platform.call('GET', endpoints.adminSystem.path, undefined, platform.tokens.admin)
    expect(answer.status).toBe(200)
    const head = await source('events').max({ max: 'global_position' }).first()
    expect(answer.body).toMatchObject({
      version: '1.0.0',
      nodeVersion: process.version,
      eventStore: { kind: 'postgres', events: Number(head?.max) },
      resetAvailable: false,
    })
    const names = (answer.body.projections as { name: string }[]).map((p) => p.name)
    expect(names).toContain('entries')
    expect((answer.body.reactors as unknown[]).length).toBeGreaterThan(0)
  })
})
