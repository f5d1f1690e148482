import { randomBytes, randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { encryptValue, generateUserKey, userKeysTable } from '@prizes/platform'
import type { Knex } from 'knex'
import { generateAdminPassword } from '../launcher/admin'
import { type MemoryReading, readMemory } from './memory-probe'
import { spawnPlatform } from './spawn-platform'

export interface EntriesExportFigures {
  readonly rows: number
  readonly bytes: number
  readonly seconds: number
  /** The platform process before the export, and its peaks during it. */
  readonly before: MemoryReading
  readonly during: MemoryReading
}

/**
 * Entrants with real keys and encrypted personal data, in the users read model and the key
 * table, so the export opens their names as it would in production.
 */
async function seedPeople(knex: Knex, count: number): Promise<void> {
  const users: Record<string, unknown>[] = []
  const keys: Record<string, unknown>[] = []
  for (let n = 0; n < count; n += 1) {
    const userId = randomUUID()
    const key = generateUserKey()
    const seal = (value: string) => encryptValue(key, value)
    keys.push({ user_id: userId, key_id: key.id, key: key.key })
    users.push({
      user_id: userId,
      role: 'user',
      guest: false,
      source: 'registration',
      marketing_emails: false,
      email_verified: true,
      personal: JSON.stringify({
        firstName: seal(`Bench${n}`),
        lastName: seal('Entrant'),
        email: seal(`bench-entrant-${n}@example.com`),
        phone: seal(n % 10 === 0 ? '' : '+44 20 7946 0958'),
        address: seal('1 Bench Row, Leeds'),
        dateOfBirth: null,
      }),
      registered_at: new Date(),
      last_revision: 0,
    })
  }
  for (let start = 0; start < count; start += 500) {
    await knex(userKeysTable).insert(keys.slice(start, start + 500))
    await knex('users').insert(users.slice(start, start + 500))
  }
}

/** `count` paid entries of one competition straight into the entries read model, in SQL. */
async function seedEntries(knex: Knex, count: number): Promise<void> {
  const competitionId = randomUUID()
  const prefix = randomBytes(2).toString('hex').toUpperCase()
  await knex.raw(
    `with people as (select array_agg(user_id order by user_id) as ids from users where erased_at is null)
     insert into entries (id, competition_id, user_id, quantity, amount_pence, answer, answer_correct,
       ticket_numbers, entry_reference, payment_intent_id, payment_status, status, reserved_at, paid_at,
       updated_at, last_revision)
     select gen_random_uuid()::text, ?, people.ids[1 + n % cardinality(people.ids)], 1, 299, '4', true,
       array[n], ? || '-2030-' || lpad(n::text, 7, '0'), 'pi_bench_' || n, 'paid', 'allocated',
       now() - make_interval(secs => n), now() - make_interval(secs => n), now(), n
     from people, generate_series(1, ?) as n`,
    [competitionId, `B${prefix}`, count],
  )
  await knex.raw('analyze entries')
  await knex.raw('analyze users')
}

/**
 * The platform-wide entries export over HTTP: `count` entries loaded into the read model in SQL,
 * then exported through the gateway by this process from the platform running in another, the
 * body read as it streams and counted. The platform's memory is read before and at its peak
 * during the export: constant memory means the peak does not grow with the rows.
 */
export async function benchEntriesExport(options: {
  readonly databaseUrl: string
  readonly knex: Knex
  readonly count: number
  readonly people?: number
}): Promise<EntriesExportFigures> {
  const { knex, count } = options
  const password = generateAdminPassword()
  const adminEmail = `bench-export-${randomBytes(4).toString('hex')}@example.com`
  const memoryFile = path.join(tmpdir(), `prizes-bench-memory-${randomBytes(4).toString('hex')}.json`)
  const platform = await spawnPlatform(options.databaseUrl, {
    BENCH_ADMIN_EMAIL: adminEmail,
    BENCH_ADMIN_PASSWORD: password,
    BENCH_MEMORY_FILE: memoryFile,
  })
  try {
    await seedPeople(knex, options.people ?? 50_000)
    await seedEntries(knex, count)
    // The export is platform-wide: the earlier cases' entries are in it too.
    const counted = (await knex('entries').count({ total: '*' })) as Array<{ total: string | number }>
    const expected = Number(counted[0]?.total)
    const login = await fetch(`${platform.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: adminEmail, password }),
    })
    const { token } = (await login.json()) as { token?: string }
    if (!login.ok || !token) throw new Error(`bench admin login answered ${login.status}`)

    const before = await readMemory(platform.pid, memoryFile, 0)
    const started = performance.now()
    const response = await fetch(`${platform.url}/api/admin/entries/export`, {
      headers: { authorization: `Bearer ${token}` },
    })
    if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`)
    let bytes = 0
    let lines = 0
    for await (const chunk of response.body) {
      bytes += chunk.byteLength
      for (const byte of chunk) if (byte === 10) lines += 1
    }
    const seconds = (performance.now() - started) / 1000
    const during = await readMemory(platform.pid, memoryFile, before.seq)
    // The header and one line per entry.
    if (lines !== expected + 1) throw new Error(`the export had ${lines - 1} rows, not ${expected}`)
    return { rows: lines - 1, bytes, seconds, before, during }
  } finally {
    await platform.stop()
    await rm(memoryFile, { force: true })
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`

/** The bench table's rows for the export. */
export function exportRows(figures: EntriesExportFigures): string[][] {
  const { before, during } = figures
  return [
    [
      `entries export over HTTP, ${figures.rows.toLocaleString('en-GB')} rows`,
      `${figures.seconds.toFixed(1)} s`,
      `${Math.round(figures.rows / figures.seconds).toLocaleString('en-GB')} rows/s, ${mb(figures.bytes)}`,
    ],
    ['  platform RSS before → peak during', `${mb(before.now.rss)} → ${mb(during.peak.rss)}`, ''],
    ['  platform heap before → peak during', `${mb(before.now.heapUsed)} → ${mb(during.peak.heapUsed)}`, ''],
  ]
}
