import { entryEvents, userDeletedRefundReason } from '@prizes/contracts'
import type { PaymentProvider } from '@prizes/payments'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminHarness, startAdminHarness } from '../admin/test-harness'
import { createCommandHandler } from '../command-handler'
import { silentLogger } from '../testing/fixtures'
import { erasureRefundsTable, settleErasureRefunds } from './erasure-refunds'

/**
 * A deletion's refunds after a crash: the plan is settled again and each entry is refunded once,
 * by the provider and in the log, however the settling was interrupted or raced.
 */

let harness: AdminHarness
let admin: { userId: string; token: string }

beforeAll(async () => {
  harness = await startAdminHarness('erasure-refunds')
  admin = await harness.adminAccount()
})
afterAll(() => harness.close())

const adminActor = () => ({ userId: admin.userId, role: 'admin' as const })

const competition = () => harness.competition(admin.token)

/** A user's paid entry; planned for refund as a deletion plans it. */
async function plannedEntry(competitionId: string): Promise<{ entryId: string; paymentIntentId: string }> {
  const { userId, paymentIntentId } = await harness.paidEntry(competitionId)
  const allocated = (await harness.events(competitionId)).find(
    (event) => event.type === 'TicketsAllocated' && event.data.paymentIntentId === paymentIntentId,
  )
  const entryId = String(allocated?.data.entryId)
  await harness.knex(erasureRefundsTable).insert({
    entry_id: entryId,
    user_id: userId,
    competition_id: competitionId,
    payment_intent_id: paymentIntentId,
    amount_pence: 250,
    actor: JSON.stringify(adminActor()),
    reason: 'Account deleted by an admin',
  })
  return { entryId, paymentIntentId }
}

const providerRefunds = (paymentIntentId: string) => harness.providerRefunds(paymentIntentId)

async function refundEvents(competitionId: string) {
  const events = await harness.store.readStream(`competition-${competitionId}`)
  return events.filter((event) => event.type === 'EntryRefunded')
}

const deps = (payments: PaymentProvider) => ({
  handler: createCommandHandler({ store: harness.store, logger: silentLogger }),
  knex: harness.knex,
  payments,
  logger: silentLogger,
})

describe("settling a deleted user's refunds", () => {
  it('a crash right after the provider refunded loses nothing: the next settling records that refund, once', async () => {
    const competitionId = await competition()
    const { entryId, paymentIntentId } = await plannedEntry(competitionId)
    const userId = String(
      (await harness.knex(erasureRefundsTable).where({ entry_id: entryId }).first()).user_id,
    )
    const crashing: PaymentProvider = {
      ...harness.payments,
      async refund(request) {
        await harness.payments.refund(request)
        throw new Error('the process died here')
      },
    }
    await expect(settleErasureRefunds(deps(crashing), userId)).rejects.toThrow('the process died here')
    expect(await providerRefunds(paymentIntentId)).toBe(1)
    expect(await refundEvents(competitionId)).toHaveLength(0)

    expect(await settleErasureRefunds(deps(harness.payments), userId)).toBe(1)
    expect(await settleErasureRefunds(deps(harness.payments), userId)).toBe(1)
    expect(await providerRefunds(paymentIntentId)).toBe(1)
    const [refunded, ...more] = await refundEvents(competitionId)
    expect(more).toHaveLength(0)
    expect(entryEvents.EntryRefunded.parse(refunded?.data)).toMatchObject({
      entryId,
      reason: userDeletedRefundReason,
    })
    expect(refunded?.metadata).toMatchObject({ actor: adminActor(), reason: 'Account deleted by an admin' })
  })

  it('two settlings at once refund the entry once', async () => {
    const competitionId = await competition()
    const { entryId, paymentIntentId } = await plannedEntry(competitionId)
    const userId = String(
      (await harness.knex(erasureRefundsTable).where({ entry_id: entryId }).first()).user_id,
    )
    const counts = await Promise.all([
      settleErasureRefunds(deps(harness.payments), userId),
      settleErasureRefunds(deps(harness.payments), userId),
    ])
    expect(counts).toEqual([1, 1])
    expect(await providerRefunds(paymentIntentId)).toBe(1)
    expect(await refundEvents(competitionId)).toHaveLength(1)
  })

  it('an entry whose competition closed before the settling is not refunded, and its seal stays', async () => {
    const competitionId = await competition()
    const { entryId, paymentIntentId } = await plannedEntry(competitionId)
    const userId = String(
      (await harness.knex(erasureRefundsTable).where({ entry_id: entryId }).first()).user_id,
    )
    const closed = await harness.call(
      'PUT',
      `/api/admin/competitions/${competitionId}/status`,
      { status: 'closed' },
      admin.token,
    )
    expect(closed.status).toBe(200)
    const before = await harness.events(competitionId)
    expect(await settleErasureRefunds(deps(harness.payments), userId)).toBe(0)
    expect(await providerRefunds(paymentIntentId)).toBe(0)
    expect(await harness.events(competitionId)).toEqual(before)
    expect(await harness.knex(erasureRefundsTable).where({ entry_id: entryId }).first()).toMatchObject({
      outcome: 'skipped',
    })
  })
})
