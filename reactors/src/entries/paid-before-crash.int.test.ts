import { silentLogger } from '@prizes/command-service/testing'
import { allocatePaidEntry, entryCommandsOf } from '@prizes/command-service/use-cases'
import { comparePositions } from '@prizes/event-store'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningReactor } from '../runner'
import { readReactorCheckpoint } from '../tables'
import { reservationExpiryName, startReservationExpiry } from './expiry-reactor'
import { type EntryReactorHarness, startEntryReactorHarness } from './test-harness'

/**
 * A payment taken just before a crash: the card was authorised, then the process that would
 * have confirmed it died (no confirm-payment, no webhook). Restarted, the consumer allocates and
 * captures it at once, instead of when its 10-minute reservation expires.
 */

const tenMinutes = 10 * 60_000
let harness: EntryReactorHarness
let running: RunningReactor | undefined

beforeAll(async () => {
  harness = await startEntryReactorHarness('paid_before_crash', tenMinutes)
})

afterAll(async () => {
  await running?.stop()
  await harness?.close()
})

async function start(): Promise<RunningReactor> {
  running = await startReservationExpiry({
    store: harness.store,
    knex: harness.knex,
    logger: silentLogger,
    payments: harness.payments,
    commands: entryCommandsOf(harness.deps),
    onSucceeded: allocatePaidEntry(harness.deps, { logger: silentLogger }),
    retryDelayMs: 50,
  })
  return running
}

describe('a payment taken just before a crash', () => {
  it('is allocated and captured promptly after the consumer restarts, long before its reservation expires', async () => {
    const first = await start()
    const { competitionId } = await harness.competition()
    const { userId } = await harness.user()
    const paidLate = await harness.reserve(competitionId, userId, 2)
    const unpaid = await harness.reserve(competitionId, (await harness.user()).userId, 1)
    const [last] = await harness.store.readStream(`competition-${competitionId}`, {
      direction: 'backwards',
      limit: 1,
    })
    if (!last) throw new Error('no event')
    await first.waitForPosition(last.position, { timeoutMs: 10_000 })
    await expect
      .poll(async () => {
        const checkpoint = await readReactorCheckpoint(harness.knex, reservationExpiryName)
        return checkpoint !== 'start' && comparePositions(checkpoint, last.position) >= 0
      })
      .toBe(true)
    // The crash: the consumer goes, and the card is authorised with nobody left to confirm it.
    await running?.stop()
    running = undefined
    await harness.pay(paidLate.paymentIntentId)
    expect((await harness.payments.retrieveIntent(paidLate.paymentIntentId)).status).toBe('requires_capture')

    const startedAt = Date.now()
    await start()
    const types = await harness.waitFor(competitionId, (t) => t.includes('TicketsAllocated'), 15_000)
    expect(Date.now()).toBeLessThan(paidLate.expiresAt.getTime())
    expect(Date.now() - startedAt).toBeLessThan(15_000)
    expect(types).not.toContain('ReservationReleased')
    const allocated = (await harness.events(competitionId)).filter((e) => e.type === 'TicketsAllocated')
    expect(allocated.map((e) => e.data.entryId)).toEqual([paidLate.entryId])
    await expect
      .poll(async () => (await harness.payments.retrieveIntent(paidLate.paymentIntentId)).status)
      .toBe('succeeded')
    expect(await harness.payments.chargesOf(paidLate.paymentIntentId)).toBe(1)
    // The unpaid one is left to its expiry: asked about, still open, not cancelled.
    expect((await harness.payments.retrieveIntent(unpaid.paymentIntentId)).status).toBe(
      'requires_payment_method',
    )
  })
})
