import { type ParkedEventEvent, parkedEventStream } from '@prizes/contracts'
import type { RecordedEvent } from '@prizes/event-store'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import { createKnex } from '@prizes/platform'
import { migrateReadModels, parkedEventActionsTable } from '@prizes/read-models'
import type { Knex } from 'knex'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { applyEvents } from '../runner/apply-events'
import { eventMetadata } from '../testing/fixtures'
import { parkedEventActionsProjection } from './projection'

let db: TestDatabase
let knex: Knex

beforeAll(async () => {
  db = await createTestDatabase('parked_event_actions_projection')
  knex = createKnex(db.url)
  await migrateReadModels(knex)
})
afterAll(async () => {
  await knex.destroy()
  await db.drop()
})

const admin = { userId: '00000000-0000-4000-9000-00000000ad03', role: 'admin' }
const action = {
  parkedEventId: '12',
  consumer: 'cancellation-refunds',
  eventId: '00000000-0000-4000-8000-000000000012',
  eventType: 'CompetitionCancelled',
  streamId: 'competition-7',
}
const stream = parkedEventStream(action.consumer, action.eventId)

function recorded(events: readonly { event: ParkedEventEvent; reason?: string }[]): RecordedEvent[] {
  return events.map(({ event, reason }, index) => {
    const metadata = {
      ...eventMetadata(new Date(Date.UTC(2030, 0, 1, 9, index)).toISOString()),
      actor: admin,
      ...(reason ? { reason } : {}),
    }
    return {
      id: metadata.eventId,
      type: event.type,
      data: event.data,
      metadata,
      streamId: stream,
      revision: BigInt(index),
      position: { commit: BigInt(index + 1), prepare: BigInt(index + 1) },
      recordedAt: new Date(metadata.occurredAt),
    }
  })
}

const apply = (events: RecordedEvent[]) =>
  knex.transaction((trx) => applyEvents(trx, parkedEventActionsProjection, events))

describe('the parked event actions read model (the audit trail of parked events)', () => {
  test('given a failed retry and a resolution, twice, then one row each with who, when and why', async () => {
    const log = recorded([
      {
        event: {
          type: 'ParkedEventRetried',
          data: { ...action, outcome: 'failed', failure: 'The charge is disputed' },
        },
      },
      { event: { type: 'ParkedEventResolved', data: action }, reason: 'Chargeback accepted; no refund due' },
    ])
    await apply(log)
    await apply(log)

    const rows = await knex(parkedEventActionsTable).where({ stream_id: stream }).orderBy('revision')
    expect(rows).toMatchObject([
      {
        revision: 0,
        parked_event_id: '12',
        consumer: 'cancellation-refunds',
        event_type: 'CompetitionCancelled',
        event_stream_id: 'competition-7',
        action: 'retried',
        outcome: 'failed',
        failure: 'The charge is disputed',
        occurred_at: new Date('2030-01-01T09:00:00.000Z'),
        actor: admin,
        reason: null,
      },
      {
        revision: 1,
        action: 'resolved',
        outcome: null,
        failure: null,
        occurred_at: new Date('2030-01-01T09:01:00.000Z'),
        actor: admin,
        reason: 'Chargeback accepted; no refund due',
      },
    ])
  })
})
