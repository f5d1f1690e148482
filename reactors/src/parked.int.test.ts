import { countOpenParked } from '@prizes/command-service/testing'
import { migrateReactorTables, parkedEventsTable } from '@prizes/command-service/use-cases'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import { createKnex } from '@prizes/platform'
import type { Knex } from 'knex'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parkEvent } from './parked'
import { readReactorCheckpoint } from './tables'

/** The parked events table on a real PostgreSQL: parking with the checkpoint, restored ids, counts. */

let database: TestDatabase
let knex: Knex

beforeAll(async () => {
  database = await createTestDatabase('parked_events_table')
  knex = createKnex(database.url)
  await migrateReactorTables(knex)
})

afterAll(async () => {
  await knex?.destroy()
  await database?.drop()
})

const event = (id: string, prepare: bigint) => ({
  id,
  type: 'EntryRefundRequested',
  data: {},
  metadata: {},
  streamId: 'competition-c1',
  revision: prepare,
  position: { commit: 10n, prepare },
  recordedAt: new Date(),
})

describe('parked events', () => {
  it('parks with the checkpoint; restored rows keep their ids and new ones come after them', async () => {
    // As a restore leaves it: a row with its old id, the identity not told.
    await knex(parkedEventsTable).insert({
      id: 41,
      consumer: 'payment-refunds',
      event_id: 'restored',
      position: '1/1',
      stream_id: 'competition-c0',
      stream_revision: 0,
      event_type: 'EntryRefundRequested',
      reason: 'disputed',
      attempts: 1,
    })
    await migrateReactorTables(knex)
    await parkEvent(knex, 'payment-refunds', event('e-1', 5n), {
      error: new Error('x'.repeat(5000)),
      attempts: 8,
    })
    const parked = await knex(parkedEventsTable).where({ event_id: 'e-1' }).first()
    expect(Number(parked.id)).toBeGreaterThan(41)
    expect(parked.reason).toHaveLength(2000)
    expect(await readReactorCheckpoint(knex, 'payment-refunds')).toEqual({ commit: 10n, prepare: 5n })
    // Met again (a restart from an older checkpoint): the same row, opened again, attempts added.
    await knex(parkedEventsTable)
      .where({ event_id: 'e-1' })
      .update({ resolved_at: new Date(), resolution: 'resolved' })
    await parkEvent(knex, 'payment-refunds', event('e-1', 5n), { error: new Error('again'), attempts: 8 })
    expect(await knex(parkedEventsTable).where({ event_id: 'e-1' })).toMatchObject([
      { reason: 'again', attempts: 16, resolved_at: null, resolution: null },
    ])
    expect(await countOpenParked(knex, ['payment-refunds', 'mail'])).toEqual(
      new Map([
        ['payment-refunds', 2],
        ['mail', 0],
      ]),
    )
  })
})
