import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import {
  backedUpTableNames,
  closeCompetition,
  completeDraw,
  createCommandHandler,
  createCompetition,
  createDrawSeedStore,
  InvalidBackup,
  publishCompetition,
  RestoreTargetNotEmpty,
  readModelTables,
  startDraw,
} from '@prizes/command-service'
import { type CompetitionDetails, competitionStream, endpoints } from '@prizes/contracts'
import { details, timesAround } from '@prizes/domain/testing'
import { createPostgresEventStore } from '@prizes/event-store'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import { createKnex, createLogger } from '@prizes/platform'
import type { Knex } from 'knex'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  type PlatformUnderTest,
  startPlatformUnderTest,
  testPerson,
} from '../launcher/testing/platform-under-test'
import { restoreFromFile } from './backup-file'

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

async function download(token?: string) {
  return fetch(`${platform.url}${endpoints.adminBackup.path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
}

/** Every row of a table, in a stable order whatever its key. */
async function rowsOf(knex: Knex, table: string): Promise<unknown[]> {
  const rows: Record<string, unknown>[] = await knex(table).select()
  return rows.map((row) => JSON.stringify(row)).sort()
}

const run = promisify(execFile)

/** `npm run restore -- ...args` against `databaseUrl`: its exit code and what it printed. */
async function restoreCli(args: readonly string[], databaseUrl: string) {
  const script = path.resolve(import.meta.dirname, '../cli/restore.ts')
  try {
    const done = await run(process.execPath, ['--import', 'tsx', script, ...args], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      timeout: 60_000,
    })
    return { code: 0, stderr: done.stderr }
  } catch (error) {
    const failed = error as { code?: number; stderr?: string }
    return { code: failed.code, stderr: failed.stderr ?? '' }
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
  const seeds = createDrawSeedStore(source)
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
    expect(response.headers.get('content-type')).toContain('application/x-ndjson')
    expect(response.headers.get('content-disposition')).toMatch(
      /attachment; filename="prize-platform-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.ndjson"/,
    )
    const text = await response.text()
    const lines = text.trimEnd().split('\n')
    const trailer = JSON.parse(lines.at(-1) ?? '{}') as { kind: string; events: number; sha256: string }
    expect(trailer.kind).toBe('end')
    expect(trailer.events).toBeGreaterThan(5)
    expect(lines.some((line) => line.includes('"table":"user_keys"'))).toBe(true)
    backupFile = path.join(dir, 'backup.ndjson')
    await writeFile(backupFile, text)

    const target = await emptyTarget('backup_restore_target')
    const summary = await restoreFromFile({ store: target.store, knex: target.knex, file: backupFile })
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
      restoreFromFile({ store: target.store, knex: target.knex, file: backupFile }),
    ).rejects.toThrow(RestoreTargetNotEmpty)
  }, 120_000)

  test('a corrupted or truncated file is refused before anything is written', async () => {
    const text = await readFile(backupFile, 'utf8')
    const corrupted = path.join(dir, 'corrupted.ndjson')
    await writeFile(corrupted, text.replace('"type":"Competition', '"type":"Xompetition'))
    const truncated = path.join(dir, 'truncated.ndjson')
    await writeFile(truncated, text.split('\n').slice(0, -2).join('\n'))
    const target = await emptyTarget('backup_restore_refused')
    await expect(
      restoreFromFile({ store: target.store, knex: target.knex, file: corrupted }),
    ).rejects.toThrow(/checksum does not match/)
    await expect(
      restoreFromFile({ store: target.store, knex: target.knex, file: truncated }),
    ).rejects.toThrow(InvalidBackup)
    await expect(
      restoreFromFile({ store: target.store, knex: target.knex, file: truncated }),
    ).rejects.toThrow(/cut short/)
    // Refused before even the schema was made.
    expect(await target.knex.schema.hasTable('events')).toBe(false)

    // The CLI says why and exits non-zero. (Asynchronously: the platform under test shares this
    // process, and a blocked event loop would break its open connections.)
    const cli = await restoreCli([corrupted], target.database.url)
    expect(cli.code).toBe(1)
    expect(cli.stderr).toContain('Restore refused: The backup is corrupted: its checksum does not match')
    const missing = await restoreCli([], target.database.url)
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('give exactly one backup file')
  }, 120_000)
})

describe('the database tools need an admin', () => {
  const routes = [
    ['GET', endpoints.adminBackup.path, undefined],
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
