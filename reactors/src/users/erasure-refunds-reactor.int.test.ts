import {
  type AdminHarness,
  eraseUser,
  silentLogger,
  startAdminHarness,
} from '@prizes/command-service/testing'
import { createCommandHandler } from '@prizes/command-service/use-cases'
import { userDeletedRefundReason, userStream } from '@prizes/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CannotReact } from '../runner'
import { createErasureRefundsReactor } from './erasure-refunds-reactor'

/**
 * The request that deleted a user died right after the erasure, before it planned any refund:
 * the reactor on UserErased plans and makes them, once however often the event is delivered.
 * No read model runs here: the user's entries come from the command side's rows and the streams.
 */

let harness: AdminHarness
let admin: { userId: string; token: string }

beforeAll(async () => {
  harness = await startAdminHarness('erasure-refunds-reactor')
  admin = await harness.adminAccount()
})
afterAll(async () => {
  await harness?.close()
})

describe('the erasure refunds reactor', () => {
  it("refunds an erased user's paid entry in an open competition once, with the erasing admin on record", async () => {
    const competitionId = await harness.competition(admin.token)
    const { userId, paymentIntentId } = await harness.paidEntry(competitionId, 2)

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

    expect(await harness.providerRefunds(paymentIntentId)).toBe(1)
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

  it('a disputed charge: the deletion answers 409 REFUND_REFUSED and the reactor parks the erasure at once', async () => {
    const competitionId = await harness.competition(admin.token)
    const { userId, paymentIntentId } = await harness.paidEntry(competitionId, 1)
    await harness.payments.actAtDashboard(paymentIntentId, 'disputed')

    const deleted = await harness.call('DELETE', `/api/admin/users/${userId}`, undefined, admin.token)
    expect(deleted).toMatchObject({ status: 409, body: { success: false, code: 'REFUND_REFUSED' } })

    const [erasure] = (await harness.store.readStream(userStream(userId))).filter(
      (e) => e.type === 'UserErased',
    )
    if (!erasure) throw new Error('no UserErased')
    const reactor = createErasureRefundsReactor({
      handler: createCommandHandler({ store: harness.store, logger: silentLogger }),
      knex: harness.knex,
      payments: harness.payments,
      logger: silentLogger,
    })
    const refusal = reactor.react(erasure)
    await expect(refusal).rejects.toThrow(CannotReact)
    await expect(refusal).rejects.toThrow(/disputed/)
    expect(await harness.providerRefunds(paymentIntentId)).toBe(0)
    // Still owed in the plan, for a retry once the dispute is settled.
    expect(await harness.knex('user_erasure_refunds').where({ user_id: userId }).first()).toMatchObject({
      outcome: null,
    })
  }, 90_000)
})
