import { entryEvents, userDeletedRefundReason } from '@prizes/contracts'
import { type PaymentProvider, testCards } from '@prizes/payments'
import type { RunningProjections } from '@prizes/projections'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminHarness, startAdminHarness } from '../admin/test-harness'
import { createCommandHandler } from '../command-handler'
import type { EntryDeps } from '../entries/deps'
import { allocatePaidEntry, entryCommandsOf } from '../reactors/entries/entry-commands'
import { startRefundReactor } from '../reactors/entries/refund-reactor'
import type { RunningReactor } from '../reactors/runner'
import { migrateReactorTables } from '../reactors/tables'
import { silentLogger } from '../testing/fixtures'
import { startReadModels } from '../testing/read-models'
import { deleteUser } from './delete-user'
import { eraseUser } from './erase'

/**
 * A deleted user's payments still in flight (issue 11): the deletion releases their open
 * reservations and cancels the intents; a payment that succeeds anyway, by whatever path it is
 * confirmed, is owed back and refunded by the refund reactor, never allocated; and a deletion
 * racing a confirmation ends with the money refunded exactly once either way.
 */

let harness: AdminHarness
let projections: RunningProjections
let refunds: RunningReactor
let admin: { userId: string; token: string }

const handler = () => createCommandHandler({ store: harness.store, logger: silentLogger })
const entryDeps = (payments: PaymentProvider = harness.payments): EntryDeps => ({
  handler: handler(),
  store: harness.store,
  knex: harness.knex,
  payments,
  logger: silentLogger,
})

beforeAll(async () => {
  harness = await startAdminHarness('erasure-pending')
  projections = await startReadModels(harness)
  await migrateReactorTables(harness.knex)
  refunds = await startRefundReactor({
    store: harness.store,
    knex: harness.knex,
    logger: silentLogger,
    payments: harness.payments,
    commands: entryCommandsOf(entryDeps()),
    retryDelayMs: 50,
  })
  admin = await harness.adminAccount()
})
afterAll(async () => {
  await refunds?.stop()
  await projections?.stop()
  await harness?.close()
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
/** Asks until `check` answers true (the read models catch up in their own time), at most 15 s. */
const eventually = (check: () => Promise<boolean>, what: string) =>
  expect.poll(check, { message: `never: ${what}`, timeout: 15_000, interval: 100 }).toBe(true)

const adminContext = () => ({
  actor: { userId: admin.userId, role: 'admin' as const },
  now: harness.clock.now(),
  reason: 'Account deleted by an admin',
})

const deletion = (userId: string, payments: PaymentProvider = harness.payments) =>
  deleteUser(
    {
      handler: handler(),
      knex: harness.knex,
      payments,
      logger: silentLogger,
      readModels: { caughtUp: (position) => projections.waitForPosition(position, { timeoutMs: 10_000 }) },
    },
    { userId, byUserId: admin.userId },
    adminContext(),
  )

const competition = () => harness.competition(admin.token)

/** A signed-in user's reservation awaiting payment, seen by the entries read model. */
async function pendingEntry(competitionId: string) {
  const { userId, token, paymentIntentId } = await harness.reservation(competitionId)
  await eventually(async () => {
    const row = await harness.knex('entries').where({ payment_intent_id: paymentIntentId }).first()
    return row?.status === 'reserved'
  }, 'the reservation is in the read model')
  return { userId, token, paymentIntentId }
}

const pay = (paymentIntentId: string) =>
  harness.payments.confirmWithTestCard(paymentIntentId, { cardNumber: testCards.succeeds, expiry: '12/34' })

const providerRefunds = (paymentIntentId: string) => harness.providerRefunds(paymentIntentId)

async function entryEventsOf(competitionId: string, paymentIntentId: string) {
  const events = await harness.store.readStream(`competition-${competitionId}`)
  const data = (event: { data: unknown }) => event.data as Record<string, unknown>
  const entryId = events.find(
    (event) => event.type === 'TicketsReserved' && data(event).paymentIntentId === paymentIntentId,
  )
  return events.filter((event) => entryId !== undefined && data(event).entryId === data(entryId).entryId)
}

/** A provider that cannot be reached to cancel: the payment may then succeed anyway. */
const cannotCancel = (): PaymentProvider => ({
  ...harness.payments,
  async cancelIntent() {
    throw new Error('the provider is unreachable')
  },
})

describe('deleting a user with a payment in flight', () => {
  it('releases their open reservation (user_erased, the admin on record) and cancels its intent', async () => {
    const competitionId = await competition()
    const { userId, paymentIntentId } = await pendingEntry(competitionId)

    expect(await deletion(userId)).toEqual({ deletedEntries: 0 })

    const events = await entryEventsOf(competitionId, paymentIntentId)
    const released = events.find((event) => event.type === 'ReservationReleased')
    expect(entryEvents.ReservationReleased.parse(released?.data).reason).toBe('user_erased')
    expect(released?.metadata).toMatchObject({
      actor: { userId: admin.userId, role: 'admin' },
      reason: 'Account deleted by an admin',
    })
    expect((await harness.payments.retrieveIntent(paymentIntentId)).status).toBe('canceled')
    await expect(pay(paymentIntentId)).rejects.toThrow()
  })

  it('a card authorised anyway is voided, never allocated nor charged', async () => {
    const competitionId = await competition()
    const { userId, token, paymentIntentId } = await pendingEntry(competitionId)
    await deletion(userId, cannotCancel())
    await pay(paymentIntentId)

    // The erased user's confirmation is refused; the webhook (and the expiry reactor) allocate nothing.
    expect(
      (await harness.call('POST', '/api/entries/confirm-payment', { paymentIntentId }, token)).status,
    ).toBe(401)
    await allocatePaidEntry(entryDeps(), { logger: silentLogger })(paymentIntentId)

    const events = await entryEventsOf(competitionId, paymentIntentId)
    expect(events.map((event) => event.type)).toEqual([
      'TicketsReserved',
      'ReservationReleased',
      'PaymentVoidDue',
    ])
    expect(entryEvents.PaymentVoidDue.parse(events[2]?.data).reason).toBe('user_erased')
    expect((await harness.payments.retrieveIntent(paymentIntentId)).status).toBe('canceled')
    expect(await harness.payments.chargesOf(paymentIntentId)).toBe(0)
    expect(await providerRefunds(paymentIntentId)).toBe(0)
  })

  it('a reservation the release never saw is voided too: confirmation sees the erasure', async () => {
    const competitionId = await competition()
    const { userId, paymentIntentId } = await pendingEntry(competitionId)
    // Erased with no release (as if the reservation was made by a request still in flight).
    await eraseUser(
      { handler: handler(), knex: harness.knex },
      { userId, byUserId: admin.userId },
      adminContext(),
    )
    await pay(paymentIntentId)
    await allocatePaidEntry(entryDeps(), { logger: silentLogger })(paymentIntentId)

    const types = (await entryEventsOf(competitionId, paymentIntentId)).map((event) => event.type)
    expect(types).not.toContain('TicketsAllocated')
    expect(types).toContain('PaymentVoidDue')
    expect(await harness.payments.chargesOf(paymentIntentId)).toBe(0)
  })

  it('a deletion racing the confirmation: allocated and refunded by the deletion once, or voided and never charged', async () => {
    const competitionId = await competition()
    const outcomes = new Set<string>()
    for (let round = 0; round < 6; round += 1) {
      const { userId, paymentIntentId } = await pendingEntry(competitionId)
      // Paid at the provider already: cancelling cannot stop it, the race decides.
      await pay(paymentIntentId)
      const confirm = allocatePaidEntry(entryDeps(), { logger: silentLogger })
      const [deleted] = await Promise.all([
        deletion(userId),
        round % 2 === 0 ? confirm(paymentIntentId) : sleep(round).then(() => confirm(paymentIntentId)),
      ])

      const voided = (await entryEventsOf(competitionId, paymentIntentId)).some(
        (e) => e.type === 'PaymentVoidDue',
      )
      if (voided) {
        expect(await harness.payments.chargesOf(paymentIntentId)).toBe(0)
        expect(await providerRefunds(paymentIntentId)).toBe(0)
        outcomes.add('voided')
        continue
      }
      await eventually(async () => (await providerRefunds(paymentIntentId)) === 1, 'the payment is refunded')
      await eventually(
        async () =>
          (await entryEventsOf(competitionId, paymentIntentId)).some((e) => e.type === 'EntryRefunded'),
        'the refund is recorded',
      )
      const events = await entryEventsOf(competitionId, paymentIntentId)
      const types = events.map((event) => event.type)
      const refunded = events.filter((event) => event.type === 'EntryRefunded')
      expect(refunded).toHaveLength(1)
      expect(types).toContain('TicketsAllocated')
      // Allocated first: the deletion refunded it, as any paid entry it takes out of play.
      expect(entryEvents.EntryRefunded.parse(refunded[0]?.data).reason).toBe(userDeletedRefundReason)
      expect(deleted.deletedEntries).toBe(1)
      outcomes.add('allocated, then refunded by the deletion')
      // Nothing more arrives: one refund at the provider, however the race went.
      expect(await providerRefunds(paymentIntentId)).toBe(1)
    }
    expect(outcomes.size).toBeGreaterThan(0)
  }, 120_000)
})
