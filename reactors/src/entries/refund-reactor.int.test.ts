import { silentLogger } from '@prizes/command-service/testing'
import { allocatePaidEntry, type EntryCommands, entryCommandsOf } from '@prizes/command-service/use-cases'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningReactor } from '../runner'
import { refundReactorName, startRefundReactor } from './refund-reactor'
import { type EntryReactorHarness, type Reserved, startEntryReactorHarness } from './test-harness'

const reservationMs = 300
let harness: EntryReactorHarness

beforeAll(async () => {
  harness = await startEntryReactorHarness('refund_reactor', reservationMs)
})

afterAll(async () => {
  await harness?.close()
})

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
const count = (types: string[], type: string) => types.filter((t) => t === type).length

/**
 * A payment owed back: its reservation expired (no expiry reactor runs here), someone else
 * bought the last tickets, then it was paid after all and allocation found none left.
 */
async function latePaymentOnSoldOut(): Promise<{ competitionId: string; late: Reserved }> {
  const { competitionId } = await harness.competition({ totalTickets: 2 })
  const lateUser = await harness.user()
  const late = await harness.reserve(competitionId, lateUser.userId, 2)
  await sleep(reservationMs + 100)
  const promptUser = await harness.user()
  const prompt = await harness.reserve(competitionId, promptUser.userId, 2)
  const allocate = allocatePaidEntry(harness.deps, { logger: silentLogger })
  await harness.pay(prompt.paymentIntentId)
  await allocate(prompt.paymentIntentId)
  await harness.pay(late.paymentIntentId)
  // Taken before allocation (as payments were before manual capture): owed back, not voided.
  await harness.payments.captureIntent(late.paymentIntentId)
  await allocate(late.paymentIntentId)
  const types = (await harness.events(competitionId)).map((e) => e.type)
  expect(count(types, 'PaymentRefundDue')).toBe(1)
  return { competitionId, late }
}

const refundRows = (paymentIntentId: string) =>
  harness.knex('offline_payment_refunds').where({ payment_intent_id: paymentIntentId })

async function run(commands: EntryCommands, work: (running: RunningReactor) => Promise<void>): Promise<void> {
  const running: RunningReactor = await startRefundReactor({
    store: harness.store,
    knex: harness.knex,
    logger: silentLogger,
    payments: harness.payments,
    commands,
    retryDelayMs: 20,
  })
  try {
    await work(running)
  } finally {
    await running.stop()
  }
}

describe('refund reactor', () => {
  it('refunds a payment owed back once, records it, and does nothing more when run again', async () => {
    const { competitionId, late } = await latePaymentOnSoldOut()
    const commands = entryCommandsOf(harness.deps)
    await run(commands, async () => {
      await harness.waitFor(competitionId, (types) => types.includes('EntryRefunded'))
    })
    const rows = await refundRows(late.paymentIntentId)
    expect(rows).toMatchObject([
      { amount_pence: late.amountPence, idempotency_key: `refund-${late.entryId}` },
    ])
    const refunded = (await harness.events(competitionId)).find((e) => e.type === 'EntryRefunded')
    expect(refunded?.data).toMatchObject({
      entryId: late.entryId,
      amountPence: late.amountPence,
      paymentIntentId: late.paymentIntentId,
      refundId: rows[0]?.id,
      reason: 'sold_out',
    })

    // From the start of the log again, as after losing the checkpoint: no second refund.
    await harness.knex('reactor_checkpoints').where({ name: refundReactorName }).delete()
    const [last] = await harness.store.readStream(`competition-${competitionId}`, {
      direction: 'backwards',
      limit: 1,
    })
    if (!last) throw new Error('no events')
    // Every event of the competition handled again, the refund owed among them.
    await run(commands, (running) => running.waitForPosition(last.position, { timeoutMs: 10_000 }))
    expect(await refundRows(late.paymentIntentId)).toHaveLength(1)
    expect(
      count(
        (await harness.events(competitionId)).map((e) => e.type),
        'EntryRefunded',
      ),
    ).toBe(1)
  })

  it('records the refund made before a crash, and retries a failed recording with the same refund', async () => {
    const { competitionId, late } = await latePaymentOnSoldOut()
    // The provider refunded, then the process died before recording it.
    const earlier = await harness.payments.refund({
      paymentIntentId: late.paymentIntentId,
      idempotencyKey: `refund-${late.entryId}`,
    })
    const real = entryCommandsOf(harness.deps)
    let failures = 2
    const flaky: EntryCommands = {
      ...real,
      async recordRefund(input, context) {
        if (failures > 0) {
          failures -= 1
          throw new Error('the event store is down')
        }
        return real.recordRefund(input, context)
      },
    }
    await run(flaky, async () => {
      await harness.waitFor(competitionId, (types) => types.includes('EntryRefunded'))
    })
    expect(failures).toBe(0)
    expect(await refundRows(late.paymentIntentId)).toHaveLength(1)
    const refunded = (await harness.events(competitionId)).filter((e) => e.type === 'EntryRefunded')
    expect(refunded).toHaveLength(1)
    expect(refunded[0]?.data.refundId).toBe(earlier.id)
  })
})
