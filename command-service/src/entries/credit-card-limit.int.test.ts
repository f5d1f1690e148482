import { randomUUID } from 'node:crypto'
import { creditCardLimitCode, creditCardLimitMessage } from '@prizes/contracts'
import { testCards } from '@prizes/payments'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCreditLimitedPaymentProvider, creditHoldOf, creditSpentIn } from '../credit-limit'
import { allocatePaidEntry } from '../reactors/entries/entry-commands'
import { silentLogger } from '../testing/fixtures'
import { type Answer, type EntriesHarness, startEntriesHarness, submission } from './test-harness'

/**
 * Issue 14 item 4: credit card payments are capped at £250 a month per person. The card is
 * authorised, and captured only within the cap; over it, the authorisation is voided (nothing
 * taken) and confirm-payment answers 409 CREDIT_CARD_LIMIT with what is left.
 */

let harness: EntriesHarness
beforeAll(async () => {
  harness = await startEntriesHarness('credit_card_limit')
})
afterAll(() => harness.close())

/** £50 an entry, so 5 entries are the whole monthly limit; open through March 2030. */
const fifty = () => harness.competition({ entryPricePence: 5000, endDate: '2030-03-01T00:00:00.000Z' })

function intentOf(answer: Answer): string {
  const id = answer.body.paymentIntentId
  if (typeof id !== 'string') throw new Error(`no paymentIntentId in ${JSON.stringify(answer.body)}`)
  return id
}

/** A new intent for `entries` × £50, paid with `card` (authorised, not yet captured). */
async function authorised(
  competitionId: string,
  token: string,
  entries: number,
  card: string = testCards.succeeds,
) {
  const answer = await harness.call(
    '/api/entries/create-payment-intent',
    submission(competitionId, { numberOfEntries: entries }),
    { token },
  )
  expect(answer.status).toBe(200)
  const paymentIntentId = intentOf(answer)
  expect(await harness.pay(paymentIntentId, card)).toBe('succeeded')
  return paymentIntentId
}

const confirm = (paymentIntentId: string, token: string) =>
  harness.call('/api/entries/confirm-payment', { paymentIntentId }, { token })

const refusal = (remainingPence: number) => ({
  status: 409,
  body: { success: false, code: creditCardLimitCode, message: creditCardLimitMessage(remainingPence) },
})

describe('the monthly credit card limit', () => {
  it('lets credit payments up to £250 through; the one that would pass it is voided, never captured, and its reservation released', async () => {
    const competitionId = await fifty()
    const { userId, token } = await harness.user()
    const first = await authorised(competitionId, token, 2)
    expect(await confirm(first, token)).toMatchObject({
      status: 200,
      body: { entry: { numberOfEntries: 2 } },
    })
    const second = await authorised(competitionId, token, 3)
    expect(await confirm(second, token)).toMatchObject({
      status: 200,
      body: { entry: { numberOfEntries: 3 } },
    })
    expect(await creditSpentIn(harness.knex, userId, harness.clock.now())).toBe(25_000)

    const over = await authorised(competitionId, token, 1)
    expect(await confirm(over, token)).toMatchObject(refusal(0))
    expect(await harness.payments.retrieveIntent(over)).toMatchObject({
      status: 'canceled',
      funding: 'credit',
    })
    expect(await harness.payments.chargesOf(over)).toBe(0)
    expect(await harness.payments.chargesOf(first)).toBe(1)
    // Asked again, the same answer, and still nothing taken or counted.
    expect(await confirm(over, token)).toMatchObject(refusal(0))
    expect(await harness.payments.chargesOf(over)).toBe(0)
    expect(await creditSpentIn(harness.knex, userId, harness.clock.now())).toBe(25_000)
    const { entryId } = (await harness.payments.retrieveIntent(over)).metadata
    const released = (await harness.events(competitionId)).filter((e) => e.type === 'ReservationReleased')
    expect(released.map((e) => e.data)).toEqual([{ competitionId, entryId, reason: 'credit_card_limit' }])
  })

  it('says what is left when a payment would pass the limit part way', async () => {
    const competitionId = await fifty()
    const { token } = await harness.user()
    expect((await confirm(await authorised(competitionId, token, 4), token)).status).toBe(200)
    expect(await confirm(await authorised(competitionId, token, 2), token)).toMatchObject(refusal(5000))
    expect(creditCardLimitMessage(5000)).toBe(
      'Credit card payments are limited to £250 a month. You have £50.00 left on credit cards this month; please pay by debit card.',
    )
    expect((await confirm(await authorised(competitionId, token, 1), token)).status).toBe(200)
  })

  it('does not cap debit cards (4000 0566 5566 5556), before or after the credit limit is reached', async () => {
    const competitionId = await fifty()
    const { userId, token } = await harness.user()
    for (const entries of [5, 5, 3]) {
      const paid = await authorised(competitionId, token, entries, testCards.debit)
      expect(await confirm(paid, token)).toMatchObject({
        status: 200,
        body: { entry: { numberOfEntries: entries } },
      })
      expect(await harness.payments.chargesOf(paid)).toBe(1)
    }
    expect(await creditSpentIn(harness.knex, userId, harness.clock.now())).toBe(0)
    expect((await confirm(await authorised(competitionId, token, 5), token)).status).toBe(200)
    expect(await confirm(await authorised(competitionId, token, 1), token)).toMatchObject(refusal(0))
    const debit = await authorised(competitionId, token, 2, testCards.debit)
    expect(await confirm(debit, token)).toMatchObject({
      status: 200,
      body: { entry: { numberOfEntries: 2 } },
    })
  })

  it('lets only one of two concurrent credit payments of one person through when both would pass the limit', async () => {
    const competitionId = await fifty()
    const other = await fifty()
    const { userId, token } = await harness.user()
    const a = await authorised(competitionId, token, 3)
    const b = await authorised(other, token, 3)
    const answers = await Promise.all([confirm(a, token), confirm(b, token)])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    expect(answers.find((answer) => answer.status === 409)).toMatchObject(refusal(10_000))
    expect(await creditSpentIn(harness.knex, userId, harness.clock.now())).toBe(15_000)
    const charges = await Promise.all([a, b].map((id) => harness.payments.chargesOf(id)))
    expect(charges.sort()).toEqual([0, 1])
  })

  it('counts a payment once when the webhook races confirm-payment', async () => {
    const competitionId = await fifty()
    const { userId, token } = await harness.user()
    const paymentIntentId = await authorised(competitionId, token, 4)
    const webhook = allocatePaidEntry(harness.deps, { logger: silentLogger, now: harness.clock.now })
    const [, confirmed, again] = await Promise.all([
      webhook(paymentIntentId),
      confirm(paymentIntentId, token),
      confirm(paymentIntentId, token),
      webhook(paymentIntentId),
    ])
    expect(confirmed).toMatchObject({ status: 200, body: { entry: { numberOfEntries: 4 } } })
    expect(again.body).toEqual(confirmed.body)
    expect(await harness.payments.chargesOf(paymentIntentId)).toBe(1)
    expect(await creditSpentIn(harness.knex, userId, harness.clock.now())).toBe(20_000)
    // Counted once, so £50 is still left.
    expect((await confirm(await authorised(competitionId, token, 1), token)).status).toBe(200)
  })

  it('a refund gives the amount back, once', async () => {
    const competitionId = await fifty()
    const { userId, token } = await harness.user()
    const paid = await authorised(competitionId, token, 5)
    expect((await confirm(paid, token)).status).toBe(200)
    const refusedFirst = await authorised(competitionId, token, 2)
    expect(await confirm(refusedFirst, token)).toMatchObject(refusal(0))

    // The provider as the services compose it: every refund goes through the ledger.
    const payments = createCreditLimitedPaymentProvider({}, harness.knex)
    const idempotencyKey = `refund-${randomUUID()}`
    await payments.refund({ paymentIntentId: paid, idempotencyKey })
    await payments.refund({ paymentIntentId: paid, idempotencyKey })
    expect(await creditSpentIn(harness.knex, userId, harness.clock.now())).toBe(0)
    expect((await creditHoldOf(harness.knex, paid))?.status).toBe('refunded')
    // A refused payment took nothing, so nothing of it comes back either.
    expect((await creditHoldOf(harness.knex, refusedFirst))?.status).toBe('refused')

    expect((await confirm(await authorised(competitionId, token, 5), token)).status).toBe(200)
    expect(await creditSpentIn(harness.knex, userId, harness.clock.now())).toBe(25_000)
  })

  // Last: the clock only moves forward from here.
  it('starts again each calendar month in London', async () => {
    const moveTo = (iso: string) => harness.clock.advance(Date.parse(iso) - harness.clock.now().getTime())
    // In January London keeps GMT: 23:30 UTC on the 31st is still January.
    moveTo('2030-01-31T23:30:00.000Z')
    const competitionId = await fifty()
    const { userId, token } = await harness.user()
    expect((await confirm(await authorised(competitionId, token, 5), token)).status).toBe(200)
    expect(await confirm(await authorised(competitionId, token, 1), token)).toMatchObject(refusal(0))
    moveTo('2030-02-01T00:00:00.000Z')
    expect(await creditSpentIn(harness.knex, userId, harness.clock.now())).toBe(0)
    expect((await confirm(await authorised(competitionId, token, 5), token)).status).toBe(200)
    expect(await confirm(await authorised(competitionId, token, 1), token)).toMatchObject(refusal(0))
    expect(await creditSpentIn(harness.knex, userId, new Date('2030-01-15T12:00:00.000Z'))).toBe(25_000)
  })
})
