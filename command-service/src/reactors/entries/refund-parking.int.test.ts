import { competitionStream } from '@prizes/contracts'
import type { Position } from '@prizes/event-store'
import { type PaymentProvider, PaymentProviderUnavailable } from '@prizes/payments'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runEntryCommand } from '../../entries/stream'
import { silentLogger } from '../../testing/fixtures'
import { findParkedEvent, type ParkedEventRow, parkedEventsTable } from '../parked'
import type { RunningReactor } from '../runner'
import { allocatePaidEntry, type EntryCommands, entryCommandsOf } from './entry-commands'
import { refundReactorName, startRefundReactor } from './refund-reactor'
import { type EntryReactorHarness, startEntryReactorHarness } from './test-harness'

/**
 * The refund reactor on a real PostgreSQL and the offline provider: an event it cannot handle
 * is parked (with its checkpoint, in one transaction) and the refunds behind it are made; a
 * refund the provider refuses as disputed parks at once; one refunded at the dashboard is
 * recorded with the dashboard's refund. Every wait is for the reactor's checkpoint position.
 */

let harness: EntryReactorHarness

beforeAll(async () => {
  harness = await startEntryReactorHarness('refund_parking', 60_000)
})

afterAll(async () => {
  await harness?.close()
})

const maxAttempts = 3

/** A paid, allocated (captured) entry. */
async function paidEntry() {
  const { competitionId } = await harness.competition()
  const { userId } = await harness.user()
  const reserved = await harness.reserve(competitionId, userId, 1)
  await harness.pay(reserved.paymentIntentId)
  await allocatePaidEntry(harness.deps, { logger: silentLogger })(reserved.paymentIntentId)
  return { competitionId, ...reserved }
}

/** An admin's refund request left to the reactor (as when the provider failed the request). */
async function requestRefund(entry: { competitionId: string; entryId: string }): Promise<Position> {
  const result = await runEntryCommand(
    harness.handler,
    {
      type: 'RequestRefund',
      data: { competitionId: entry.competitionId, entryId: entry.entryId, reason: 'Asked by the entrant' },
      metadata: { now: new Date() },
    },
    { actor: { userId: 'admin-1', role: 'admin' }, now: new Date(), reason: 'Asked by the entrant' },
  )
  if (!result.position) throw new Error('the refund request appended nothing')
  return result.position
}

async function refundedEvents(competitionId: string) {
  const events = await harness.store.readStream(competitionStream(competitionId))
  return events.filter((event) => event.type === 'EntryRefunded')
}

const parkedRows = (): Promise<ParkedEventRow[]> =>
  harness.knex(parkedEventsTable).where({ consumer: refundReactorName }).orderBy('id')

async function run(
  commands: EntryCommands,
  work: (running: RunningReactor) => Promise<void>,
  payments: PaymentProvider = harness.payments,
): Promise<void> {
  const running = await startRefundReactor({
    store: harness.store,
    knex: harness.knex,
    logger: silentLogger,
    payments,
    commands,
    retryDelayMs: 10,
    maxAttempts,
  })
  try {
    await work(running)
  } finally {
    await running.stop()
  }
}

describe('refund reactor: parking', () => {
  it('parks an event that keeps failing after its attempts and makes the refunds behind it', async () => {
    const stuck = await paidEntry()
    const next = await paidEntry()
    const real = entryCommandsOf(harness.deps)
    let attempts = 0
    const failing: EntryCommands = {
      ...real,
      async recordRefund(input, context) {
        if (input.entryId === stuck.entryId) {
          attempts += 1
          throw new Error('the entry cannot be recorded')
        }
        return real.recordRefund(input, context)
      },
    }
    await requestRefund(stuck)
    const nextAt = await requestRefund(next)
    await run(failing, (running) => running.waitForPosition(nextAt, { timeoutMs: 15_000 }))

    expect(attempts).toBe(maxAttempts)
    const [parked] = (await parkedRows()).filter(
      (row) => row.stream_id === competitionStream(stuck.competitionId),
    )
    expect(parked).toMatchObject({
      event_type: 'EntryRefundRequested',
      reason: 'the entry cannot be recorded',
      attempts: maxAttempts,
      resolved_at: null,
    })
    // The later refund was made and recorded; the stuck one's recording is what waits, parked.
    expect((await refundedEvents(next.competitionId)).map((e) => e.data)).toMatchObject([
      { entryId: next.entryId },
    ])
    expect(await refundedEvents(stuck.competitionId)).toHaveLength(0)
    // The checkpoint moved past both, in the transaction that parked the first.
    const checkpoint = await harness
      .knex('reactor_checkpoints')
      .where({ name: refundReactorName })
      .first('position', 'failing_since')
    expect(checkpoint.failing_since).toBeNull()
    expect(checkpoint.position).not.toBeNull()
  })

  it('parks a refund the provider refuses as disputed at once, with the reason', async () => {
    const disputed = await paidEntry()
    await harness.payments.actAtDashboard(disputed.paymentIntentId, 'disputed')
    const at = await requestRefund(disputed)
    await run(entryCommandsOf(harness.deps), (running) => running.waitForPosition(at, { timeoutMs: 15_000 }))
    const [parked] = (await parkedRows()).filter(
      (row) => row.stream_id === competitionStream(disputed.competitionId),
    )
    expect(parked?.attempts).toBe(1)
    expect(parked?.reason).toContain('disputed')
    expect(await refundedEvents(disputed.competitionId)).toHaveLength(0)
    expect(
      await harness.knex('offline_payment_refunds').where({ payment_intent_id: disputed.paymentIntentId }),
    ).toEqual([])
    expect(await findParkedEvent(harness.knex, String(parked?.id))).toMatchObject({ resolved_at: null })
  })

  it('holds, never parks, while the provider does not answer, and refunds once it does', async () => {
    const entry = await paidEntry()
    let unanswered = maxAttempts + 2
    const down: PaymentProvider = {
      ...harness.payments,
      async refund(request) {
        if (unanswered > 0) {
          unanswered -= 1
          throw new PaymentProviderUnavailable(request.paymentIntentId)
        }
        return harness.payments.refund(request)
      },
    }
    const before = (await parkedRows()).length
    const at = await requestRefund(entry)
    await run(
      entryCommandsOf(harness.deps),
      (running) => running.waitForPosition(at, { timeoutMs: 15_000 }),
      down,
    )
    expect(unanswered).toBe(0)
    expect(await parkedRows()).toHaveLength(before)
    expect((await refundedEvents(entry.competitionId)).map((e) => e.data)).toMatchObject([
      { entryId: entry.entryId },
    ])
  })

  it('records a refund made at the dashboard as the refund, once, with its id', async () => {
    const entry = await paidEntry()
    await harness.payments.actAtDashboard(entry.paymentIntentId, 'refunded')
    const [atDashboard] = await harness
      .knex('offline_payment_refunds')
      .where({ payment_intent_id: entry.paymentIntentId })
    const before = (await parkedRows()).length
    const at = await requestRefund(entry)
    await run(entryCommandsOf(harness.deps), (running) => running.waitForPosition(at, { timeoutMs: 15_000 }))
    const refunded = await refundedEvents(entry.competitionId)
    expect(refunded.map((e) => e.data)).toMatchObject([
      { entryId: entry.entryId, refundId: atDashboard.id, amountPence: entry.amountPence },
    ])
    expect(
      await harness.knex('offline_payment_refunds').where({ payment_intent_id: entry.paymentIntentId }),
    ).toHaveLength(1)
    expect(await parkedRows()).toHaveLength(before)
  })
})
