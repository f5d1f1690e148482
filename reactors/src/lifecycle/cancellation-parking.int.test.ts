import { cancelCompetition, silentLogger } from '@prizes/command-service/testing'
import { allocatePaidEntry, entryCommandsOf, parkedEventsTable } from '@prizes/command-service/use-cases'
import { competitionStream } from '@prizes/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type EntryReactorHarness, startEntryReactorHarness } from '../entries/test-harness'
import { createMailOutbox } from '../mail/outbox'
import {
  cancellationEmailKey,
  cancellationRefundsName,
  startCancellationRefunds,
} from './cancellation-refunds'

/**
 * A cancelled competition one of whose charges is disputed: the other entries are refunded and
 * emailed, and the cancellation is parked at once naming the disputed one, instead of holding
 * every refund behind it. Waits for the reactor's checkpoint position.
 */

let harness: EntryReactorHarness

beforeAll(async () => {
  harness = await startEntryReactorHarness('cancellation_parking', 600_000)
})

afterAll(async () => {
  await harness?.close()
})

describe('cancellation refunds: a disputed charge', () => {
  it('refunds and emails the others, then parks the cancellation with the reason', async () => {
    const { competitionId } = await harness.competition({ entryPricePence: 250 })
    const paid = []
    for (const quantity of [1, 2, 3]) {
      const { userId } = await harness.user()
      const reserved = await harness.reserve(competitionId, userId, quantity)
      await harness.pay(reserved.paymentIntentId)
      await allocatePaidEntry(harness.deps, { logger: silentLogger })(reserved.paymentIntentId)
      paid.push(reserved)
    }
    const [first, disputed, last] = paid
    if (!first || !disputed || !last) throw new Error('three entries expected')
    await harness.payments.actAtDashboard(disputed.paymentIntentId, 'disputed')
    await cancelCompetition(
      harness.handler,
      { competitionId, reason: 'The prize is no longer available' },
      { actor: { userId: 'admin-1', role: 'admin' }, now: new Date() },
    )
    const events = await harness.store.readStream(competitionStream(competitionId))
    const cancelled = events.find((event) => event.type === 'CompetitionCancelled')
    if (!cancelled) throw new Error('not cancelled')

    const running = await startCancellationRefunds({
      store: harness.store,
      knex: harness.knex,
      logger: silentLogger,
      payments: harness.payments,
      commands: { recordRefund: entryCommandsOf(harness.deps).recordRefund },
      outbox: createMailOutbox(harness.knex),
      publicUrl: 'https://prizes.example.co.uk',
      retryDelayMs: 10,
    })
    try {
      await running.waitForPosition(cancelled.position, { timeoutMs: 15_000 })
    } finally {
      await running.stop()
    }

    const refunded = (await harness.store.readStream(competitionStream(competitionId)))
      .filter((event) => event.type === 'EntryRefunded')
      .map((event) => (event.data as { entryId: string }).entryId)
    expect(refunded.sort()).toEqual([first.entryId, last.entryId].sort())
    const queued = await harness
      .knex('mail_outbox')
      .whereIn(
        'id',
        paid.map((entry) => cancellationEmailKey(entry.entryId)),
      )
      .pluck('id')
    expect(queued.sort()).toEqual(
      [cancellationEmailKey(first.entryId), cancellationEmailKey(last.entryId)].sort(),
    )
    const parked = await harness
      .knex(parkedEventsTable)
      .where({ consumer: cancellationRefundsName, event_id: cancelled.id })
      .first()
    expect(parked).toMatchObject({ event_type: 'CompetitionCancelled', attempts: 1, resolved_at: null })
    expect(parked.reason).toContain(`refund ${disputed.paymentIntentId}: disputed`)
  })
})
