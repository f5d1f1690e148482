import { randomUUID } from 'node:crypto'
import { spendingAlertStream, type UserEvent, userStream } from '@prizes/contracts'
import type { RecordedEvent } from '@prizes/event-store'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import { createKnex } from '@prizes/platform'
import { migrateReadModels } from '@prizes/read-models'
import type { Knex } from 'knex'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { applyEvents } from '../runner/apply-events'
import { eventMetadata } from '../testing/fixtures'
import { responsiblePlayProjection } from './projection'

let db: TestDatabase
let knex: Knex

beforeAll(async () => {
  db = await createTestDatabase('responsible_play_projection')
  knex = createKnex(db.url)
  await migrateReadModels(knex)
})
afterAll(async () => {
  await knex.destroy()
  await db.drop()
})

function recorded(streamId: string, events: readonly { type: string; data: unknown }[], actor?: unknown) {
  return events.map((event, index): RecordedEvent => {
    const metadata = {
      ...eventMetadata(new Date(Date.UTC(2030, 0, 1, 9, index)).toISOString()),
      ...(actor ? { actor } : {}),
    }
    return {
      id: metadata.eventId,
      type: event.type,
      data: event.data,
      metadata,
      streamId,
      revision: BigInt(index + 1),
      position: { commit: BigInt(index + 1), prepare: BigInt(index + 1) },
      recordedAt: new Date(metadata.occurredAt),
    }
  })
}

const apply = (events: RecordedEvent[]) =>
  knex.transaction((trx) => applyEvents(trx, responsiblePlayProjection, events))

describe('the responsible play read model', () => {
  test('given limit and break events, twice, then the standing and one audit row per event', async () => {
    const userId = randomUUID()
    const events: UserEvent[] = [
      { type: 'SpendingLimitSet', data: { userId, limitPence: 1000, prompt: 'account-settings' } },
      {
        type: 'SpendingLimitIncreaseRequested',
        data: { userId, limitPence: 5000, currentLimitPence: 1000, effectiveAt: '2030-01-02T09:01:00.000Z' },
      },
      { type: 'BreakTaken', data: { userId, period: '7d', endsAt: '2030-01-08T09:02:00.000Z' } },
    ]
    const log = recorded(userStream(userId), events, { userId, role: 'user' })
    await apply(log)
    await apply(log)
    // An older event delivered again after a newer one changes nothing either.
    await apply(log.slice(0, 1))

    const row = await knex('user_responsible_play').where({ user_id: userId }).first()
    expect(row).toMatchObject({
      limit_pence: 1000,
      pending: true,
      pending_limit_pence: 5000,
      pending_effective_at: new Date('2030-01-02T09:01:00.000Z'),
      break_ends_at: new Date('2030-01-08T09:02:00.000Z'),
      break_permanent: false,
    })
    const changes = await knex('responsible_play_changes').where({ user_id: userId }).orderBy('revision')
    expect(changes.map((change) => change.type)).toEqual([
      'SpendingLimitSet',
      'SpendingLimitIncreaseRequested',
      'BreakTaken',
    ])
    expect(changes[0]?.actor).toEqual({ userId, role: 'user' })
  })

  test('given a limit and permanent break dropped when the owner set up the account, then none shown', async () => {
    const userId = randomUUID()
    const events: UserEvent[] = [
      { type: 'SpendingLimitSet', data: { userId, limitPence: 0, prompt: 'account-settings' } },
      { type: 'BreakTaken', data: { userId, period: 'permanent', endsAt: null } },
      {
        type: 'UnconfirmedPlayDropped',
        data: { userId, limitPence: null, pending: null, limitAnswered: false, break: null },
      },
    ]
    await apply(recorded(userStream(userId), events, { userId, role: 'user' }))
    const row = await knex('user_responsible_play').where({ user_id: userId }).first()
    expect(row).toMatchObject({
      limit_pence: null,
      pending: false,
      break_ends_at: null,
      break_permanent: false,
    })
  })

  test('given threshold changes, twice, then one row each with who and why', async () => {
    const log = recorded(
      spendingAlertStream,
      [
        { type: 'SpendingAlertThresholdChanged', data: { thresholdPence: 20_000 } },
        { type: 'SpendingAlertThresholdChanged', data: { thresholdPence: 30_000 } },
      ],
      { userId: 'admin-1', role: 'admin' },
    )
    await apply(log)
    await apply(log)
    const rows = await knex('spending_alert_changes').orderBy('revision', 'desc')
    expect(rows.map((row) => row.threshold_pence)).toEqual([30_000, 20_000])
    expect(rows[0]?.actor).toEqual({ userId: 'admin-1', role: 'admin' })
  })
})
