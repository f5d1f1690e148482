import { randomUUID } from 'node:crypto'
import { competitionStream, type EntryEvent } from '@prizes/contracts'
import { createLogger } from '@prizes/platform'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { lockProjections } from '../checkpoints'
import { allProjections } from '../projections'
import { startProjections } from '../runner'
import { createReadSideTestDatabase, type ReadSideTestDatabase } from '../testing/database'
import { competitionDetails, competitionEvent } from '../testing/fixtures'
import { rebuildProjections } from './rebuild'

let db: ReadSideTestDatabase
const logger = createLogger({ level: 'silent' })

beforeAll(async () => {
  db = await createReadSideTestDatabase('projection_rebuild_swap')
})
afterAll(async () => {
  await db.drop()
})

const tables = [
  'competitions',
  'entries',
  'competition_entry_totals',
  'draws',
  'competition_events',
  'competition_event_counts',
  'users',
  'stats_users',
  'stats_entries',
  'stats_daily',
  'stats_totals',
  'projection_checkpoints',
]

/** Every row of every read model and every checkpoint, in a stable order. */
async function everything() {
  const all: Record<string, unknown[]> = {}
  for (const table of tables) all[table] = await db.knex(table).select().orderByRaw('1, 2')
  return all
}

const reservation = (competitionId: string, amountPence: number): EntryEvent => {
  const entryId = randomUUID()
  return {
    type: 'TicketsReserved',
    data: {
      competitionId,
      entryId,
      userId: 'u-1',
      quantity: 1,
      amountPence,
      paymentIntentId: `pi_${entryId}`,
      answer: 'Paris',
      expiresAt: '2030-01-01T09:10:00.000Z',
    },
  }
}

/** A competition with a few reservations, built by the live runner; returns the head. */
async function competitionWithEntries(id: string) {
  const events = [
    competitionEvent({
      type: 'CompetitionCreated',
      data: { competitionId: id, details: competitionDetails({ title: `Prize ${id}` }), featured: false },
    }),
    ...[1, 2, 3].map(() => competitionEvent(reservation(id, 299))),
  ]
  return (await db.store.append(competitionStream(id), events, { expectedRevision: 'noStream' })).position
}

async function buildLive(ids: readonly string[]) {
  const live = await startProjections({ store: db.store, knex: db.knex, logger, projections: allProjections })
  try {
    for (const id of ids) await live.waitForPosition(await competitionWithEntries(id), { timeoutMs: 10_000 })
  } finally {
    await live.stop()
  }
}

const rebuildSchemas = async () =>
  (await db.knex('pg_namespace').where('nspname', 'like', 'rebuild_%').select('nspname')).length

describe('rebuilding into new tables', () => {
  test('readers keep the old rows until the rebuilt tables are swapped in, indexes named as before', async () => {
    await buildLive(['s-1', 's-2', 's-3'])
    // Rows as an older version of the code might have left them: the rebuild corrects them.
    await db.knex('competitions').update({ title: 'stale' })
    const old = await everything()
    // Holding a projection's lock holds the rebuild at its swap, once it has replayed the log.
    const lock = await db.knex.transaction()
    await lockProjections(lock, ['competitions'])
    let replayed: () => void = () => {}
    const replayedAll = new Promise<void>((resolve) => {
      replayed = resolve
    })
    const rebuilding = rebuildProjections({
      store: db.store,
      knex: db.knex,
      projections: allProjections,
      names: 'all',
      pageSize: 3,
      countFirst: true,
      onProgress: (p) => {
        if (p.total !== undefined && p.events >= p.total) replayed()
      },
    })
    try {
      await replayedAll
      expect(await everything()).toEqual(old)
    } finally {
      await lock.commit()
    }
    await rebuilding
    const rebuilt = await db.knex('competitions').orderBy('id').select('title')
    expect(rebuilt.map((r) => r.title)).toEqual(['Prize s-1', 'Prize s-2', 'Prize s-3'])
    expect(await db.knex('entries').count({ n: '*' })).toEqual([{ n: 9 }])
    const indexes = await db
      .knex('pg_indexes')
      .where({ schemaname: 'public', tablename: 'entries' })
      .orderBy('indexname')
    expect(indexes.map((i) => i.indexname)).toEqual([
      'entries_admin_competition_idx',
      'entries_admin_list_idx',
      'entries_admin_status_idx',
      'entries_competition_idx',
      'entries_entry_reference_key',
      'entries_pkey',
      'entries_user_idx',
      'entries_user_paid_at_idx',
    ])
    // The per-competition counters are rebuilt and swapped in with the rows they count.
    const ids = ['s-1', 's-2', 's-3']
    expect(
      await db
        .knex('competition_entry_totals')
        .orderBy('competition_id')
        .select('competition_id', 'entries', 'pending'),
    ).toEqual(ids.map((competition_id) => ({ competition_id, entries: 3, pending: 3 })))
    expect(await db.knex('competition_event_counts').orderBy('competition_id').select()).toEqual(
      ids.map((competition_id) => ({ competition_id, events: 4 })),
    )
    const counterIndexes = await db
      .knex('pg_indexes')
      .where({ schemaname: 'public' })
      .whereIn('tablename', ['competition_entry_totals', 'competition_event_counts'])
      .orderBy('indexname')
      .pluck('indexname')
    expect(counterIndexes).toEqual(['competition_entry_totals_pkey', 'competition_event_counts_pkey'])
    expect(await rebuildSchemas()).toBe(0)
  })

  test('a rebuild that fails part-way leaves every table and checkpoint exactly as it was', async () => {
    await buildLive(['f-1'])
    // Beneath the contracts: 2^31 pence overflows the entries table's integer column.
    await db.store.append(competitionStream('f-1'), [competitionEvent(reservation('f-1', 2 ** 31))], {
      expectedRevision: 3n,
    })
    await competitionWithEntries('f-2')
    const before = await everything()
    await expect(
      rebuildProjections({
        store: db.store,
        knex: db.knex,
        projections: allProjections,
        names: 'all',
        pageSize: 2,
      }),
    ).rejects.toThrow(/out of range|too big/i)
    expect(await everything()).toEqual(before)
    expect(await rebuildSchemas()).toBe(0)
  })
})
