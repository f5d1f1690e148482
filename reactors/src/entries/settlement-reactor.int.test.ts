import { allocateEntry, silentLogger } from '@prizes/command-service/testing'
import { competitionDecider } from '@prizes/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readReactorCheckpoint } from '../tables'
import { paymentSettlementName, startPaymentSettlement } from './settlement-reactor'
import { type EntryReactorHarness, startEntryReactorHarness } from './test-harness'

/**
 * The process that allocated an authorised card's tickets (or decided to void it) died before
 * calling the provider: the settlement reactor captures (or voids) it, once, however often it
 * sees the event again.
 */

let harness: EntryReactorHarness

beforeAll(async () => {
  harness = await startEntryReactorHarness('payment_settlement', 600_000)
})

afterAll(async () => {
  await harness?.close()
})

const context = () => ({ actor: { system: 'test' }, now: new Date() })

async function settled(work: () => Promise<void>) {
  const running = await startPaymentSettlement({
    store: harness.store,
    knex: harness.knex,
    logger: silentLogger,
    payments: harness.payments,
    retryDelayMs: 20,
  })
  try {
    await work()
  } finally {
    await running.stop()
  }
}

describe('payment settlement reactor', () => {
  it('captures tickets allocated on an authorisation once, also when the log is read again', async () => {
    const { competitionId } = await harness.competition()
    const { userId } = await harness.user()
    const reserved = await harness.reserve(competitionId, userId, 2)
    await harness.pay(reserved.paymentIntentId)
    // Allocated on the authorisation, then the process died before capturing.
    const { entryId, paymentIntentId } = reserved
    await allocateEntry(
      harness.deps,
      { competitionId, entryId, paymentIntentId, authorised: true },
      context(),
    )
    expect((await harness.payments.retrieveIntent(paymentIntentId)).status).toBe('requires_capture')
    await settled(async () => {
      await expect
        .poll(async () => (await harness.payments.retrieveIntent(paymentIntentId)).status)
        .toBe('succeeded')
    })
    await harness.knex('reactor_checkpoints').where({ name: paymentSettlementName }).delete()
    // From the start of the log again, as after losing the checkpoint: nothing taken twice.
    await settled(async () => {
      await expect
        .poll(async () => (await readReactorCheckpoint(harness.knex, paymentSettlementName)) !== 'start')
        .toBe(true)
    })
    expect(await harness.payments.chargesOf(paymentIntentId)).toBe(1)
  })

  it('voids an authorisation that got no tickets, never capturing it', async () => {
    const { competitionId } = await harness.competition({ totalTickets: 1 })
    const late = await harness.reserve(competitionId, (await harness.user()).userId, 1)
    await harness.pay(late.paymentIntentId)
    // Released meanwhile, and the one ticket sold to someone else.
    await harness.deps.handler.handle(
      `competition-${competitionId}`,
      competitionDecider,
      {
        type: 'ReleaseReservation',
        data: { competitionId, entryId: late.entryId, reason: 'payment_failed' },
        metadata: { now: new Date() },
      },
      context(),
    )
    const other = await harness.reserve(competitionId, (await harness.user()).userId, 1)
    await harness.pay(other.paymentIntentId)
    await allocateEntry(harness.deps, { competitionId, entryId: other.entryId, authorised: true }, context())
    const refused = allocateEntry(
      harness.deps,
      { competitionId, entryId: late.entryId, paymentIntentId: late.paymentIntentId, authorised: true },
      context(),
    )
    await expect(refused).rejects.toMatchObject({ code: 'NOT_ENOUGH_TICKETS' })
    expect((await harness.events(competitionId)).map((e) => e.type)).toContain('PaymentVoidDue')
    await settled(async () => {
      await expect
        .poll(async () => (await harness.payments.retrieveIntent(late.paymentIntentId)).status)
        .toBe('canceled')
    })
    expect(await harness.payments.chargesOf(late.paymentIntentId)).toBe(0)
  })
})
