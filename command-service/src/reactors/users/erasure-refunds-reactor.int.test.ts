import { userDeletedRefundReason, userStream } from '@prizes/contracts'
import {
  allProjections,
  migrateReadModels,
  type RunningProjections,
  startProjections,
} from '@prizes/projections'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminHarness, form, startAdminHarness } from '../../admin/test-harness'
import { createCommandHandler } from '../../command-handler'
import { testCards } from '../../payments/offline/test-cards'
import { silentLogger } from '../../testing/fixtures'
import { eraseUser } from '../../users/erase'
import { createErasureRefundsReactor } from './erasure-refunds-reactor'

/**
 * The request that deleted a user died right after the erasure, before it planned any refund:
 * the reactor on UserErased plans and makes them, once however often the event is delivered.
 */

let harness: AdminHarness
let projections: RunningProjections
let admin: { userId: string; token: string }

beforeAll(async () => {
  harness = await startAdminHarness('erasure-refunds-reactor')
  await migrateReadModels(harness.knex)
  projections = await startProjections({
    store: harness.store,
    knex: harness.knex,
    logger: silentLogger,
    projections: allProjections,
  })
  admin = await harness.adminAccount()
})
afterAll(async () => {
  await projections?.stop()
  await harness?.close()
})

describe('the erasure refunds reactor', () => {
  it("refunds an erased user's paid entry in an open competition once, with the erasing admin on record", async () => {
    const created = await harness.call('POST', '/api/admin/competitions', form(), admin.token)
    const competitionId = (created.body.competition as { id: string }).id
    const { userId, token } = await harness.user()
    const intent = await harness.call(
      'POST',
      '/api/entries/create-payment-intent',
      {
        competitionId,
        numberOfEntries: 2,
        skillQuestionAnswer: '4',
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        phone: '+44 20 7946 0958',
        address: '1 Analytical Row, London',
        agreedToTerms: true,
      },
      token,
    )
    const paymentIntentId = String(intent.body.paymentIntentId)
    await harness.payments.confirmWithTestCard(paymentIntentId, {
      cardNumber: testCards.succeeds,
      expiry: '12/34',
    })
    expect(
      (await harness.call('POST', '/api/entries/confirm-payment', { paymentIntentId }, token)).status,
    ).toBe(200)

    const handler = createCommandHandler({ store: harness.store, logger: silentLogger })
    const adminContext = {
      actor: { userId: admin.userId, role: 'admin' as const },
      now: harness.clock.now(),
      reason: 'Account deleted by an admin',
    }
    const erased = await eraseUser(
      { handler, knex: harness.knex },
      { userId, byUserId: admin.userId },
      adminContext,
    )
    if (!erased.position) throw new Error('no erasure appended')
    await projections.waitForPosition(erased.position, { timeoutMs: 30_000 })

    const [erasure] = (await harness.store.readStream(userStream(userId))).filter(
      (e) => e.type === 'UserErased',
    )
    if (!erasure) throw new Error('no UserErased')
    const reactor = createErasureRefundsReactor({
      handler,
      knex: harness.knex,
      payments: harness.payments,
      logger: silentLogger,
    })
    await reactor.react(erasure)
    await reactor.react(erasure)

    const refunds = await harness
      .knex('offline_payment_refunds')
      .where({ payment_intent_id: paymentIntentId })
    expect(refunds).toHaveLength(1)
    const recorded = (await harness.store.readStream(`competition-${competitionId}`)).filter(
      (event) => event.type === 'EntryRefunded',
    )
    expect(recorded).toHaveLength(1)
    expect(recorded[0]?.data).toMatchObject({ reason: userDeletedRefundReason, amountPence: 500 })
    expect(recorded[0]?.metadata).toMatchObject({
      actor: { userId: admin.userId, role: 'admin' },
      reason: 'Account deleted by an admin',
    })
  }, 90_000)
})
