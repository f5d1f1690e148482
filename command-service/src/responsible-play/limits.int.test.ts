import { responsiblePlayMessages as m } from '@prizes/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recordRefund } from '../entries/entries'
import { type Answer, type PlayHarness, startPlayHarness } from './test-harness'

let h: PlayHarness
beforeAll(async () => {
  h = await startPlayHarness('responsible_play_limits')
})
afterAll(() => h.close())

const hour = 3_600_000
const setLimit = (token: string, limitPence: number | null) =>
  h.request('PUT', '/api/account/spending-limit', { limitPence }, token)
const status = async (token: string) =>
  (await h.request('GET', '/api/account/responsible-play', undefined, token)).body.status as Record<
    string,
    unknown
  >

async function intentsOf(userId: string): Promise<number> {
  const rows = await h.entries
    .knex('offline_payment_intents')
    .select<{ metadata: { userId: string } }[]>('metadata')
  return rows.filter((row) => row.metadata.userId === userId).length
}

function refusedOver(answer: Answer, limitPence: number, leftPence: number) {
  expect(answer).toEqual({
    status: 409,
    body: { success: false, code: 'SPENDING_LIMIT_REACHED', message: m.overLimit(limitPence, leftPence) },
  })
}

async function payAndConfirm(answer: Answer, token: string) {
  const paymentIntentId = answer.body.paymentIntentId as string
  expect(await h.entries.pay(paymentIntentId)).toBe('succeeded')
  const confirmed = await h.entries.call('/api/entries/confirm-payment', { paymentIntentId }, { token })
  expect(confirmed.status).toBe(200)
  return confirmed.body.entry as { id: string }
}

describe('monthly spending limits', () => {
  it('a £10 limit refuses £12.50 of entries before any payment, saying what is left', async () => {
    const { userId, token } = await h.entries.user()
    const competitionId = await h.entries.competition()
    const set = await setLimit(token, 1000)
    expect(set).toMatchObject({ status: 200, body: { message: m.limitSetAtOnce(1000) } })
    expect(set.body.status).toMatchObject({ limitPence: 1000, pendingLimit: null, leftThisMonthPence: 1000 })

    refusedOver(await h.reserve(competitionId, token, 5), 1000, 1000)
    expect(await intentsOf(userId)).toBe(0)
    expect((await h.reserve(competitionId, token, 4)).status).toBe(200)
  })

  it('counts held reservations, lets one be replaced, and forgets it once it expires', async () => {
    const { token } = await h.entries.user()
    const [first, second] = [await h.entries.competition(), await h.entries.competition()]
    await setLimit(token, 1000)
    expect((await h.reserve(first, token, 2)).status).toBe(200)
    refusedOver(await h.reserve(second, token, 3), 1000, 500)
    // Going back on the same competition replaces the held reservation rather than adding to it.
    expect((await h.reserve(first, token, 4)).status).toBe(200)
    refusedOver(await h.reserve(second, token, 1), 1000, 0)
    expect(await status(token)).toMatchObject({ spentThisMonthPence: 1000, leftThisMonthPence: 0 })

    h.entries.clock.advance(11 * 60_000)
    expect((await h.reserve(second, token, 4)).status).toBe(200)
  })

  it('counts paid entries, and gives a refunded one back', async () => {
    const { token } = await h.entries.user()
    const [first, second] = [await h.entries.competition(), await h.entries.competition()]
    await setLimit(token, 1000)
    const entry = await payAndConfirm(await h.reserve(first, token, 4), token)
    await h.settleLedger(first)
    await h.settleLedger(first) // a replay changes nothing
    h.entries.clock.advance(11 * 60_000)
    refusedOver(await h.reserve(second, token, 1), 1000, 0)

    await recordRefund(
      h.entries.deps,
      { competitionId: first, entryId: entry.id, refundId: 're_test_1', reason: 'test' },
      h.entries.context(),
    )
    await h.settleLedger(first)
    await h.settleLedger(first)
    expect(await status(token)).toMatchObject({ spentThisMonthPence: 0, leftThisMonthPence: 1000 })
    expect((await h.reserve(second, token, 4)).status).toBe(200)
  })

  it('a lower limit applies at once; a higher one or none only after 24 hours', async () => {
    const { token } = await h.entries.user()
    const competitionId = await h.entries.competition()
    await setLimit(token, 1000)
    const raised = await setLimit(token, 2000)
    const pending = (raised.body.status as { pendingLimit: { effectiveAt: string } }).pendingLimit
    expect(raised.body).toMatchObject({
      message: m.limitIncreasePending(2000, pending.effectiveAt),
      status: { limitPence: 1000, pendingLimit: { limitPence: 2000 } },
    })
    expect(Date.parse(pending.effectiveAt)).toBe(h.entries.clock.now().getTime() + 24 * hour)
    refusedOver(await h.reserve(competitionId, token, 5), 1000, 1000)

    h.entries.clock.advance(24 * hour - 1)
    refusedOver(await h.reserve(competitionId, token, 5), 1000, 1000)
    h.entries.clock.advance(1)
    expect((await h.reserve(competitionId, token, 5)).status).toBe(200)
    expect(await status(token)).toMatchObject({ limitPence: 2000, pendingLimit: null })

    // Lower: at once, the held £12.50 now over it.
    expect((await setLimit(token, 1250)).body.status).toMatchObject({
      limitPence: 1250,
      leftThisMonthPence: 0,
    })
    // Removing it waits too.
    const removed = await setLimit(token, null)
    expect(removed.body.status).toMatchObject({ limitPence: 1250, pendingLimit: { limitPence: null } })
    h.entries.clock.advance(24 * hour)
    expect(await status(token)).toMatchObject({ limitPence: null, leftThisMonthPence: null })
  })

  it('a £0 limit refuses every paid entry', async () => {
    const { token } = await h.entries.user()
    const competitionId = await h.entries.competition()
    expect((await setLimit(token, 0)).status).toBe(200)
    refusedOver(await h.reserve(competitionId, token, 1), 0, 0)
  })

  it('refuses limits that are not whole pence from £0 to £100,000', async () => {
    const { token } = await h.entries.user()
    for (const limitPence of [-1, 10.5, 10_000_001, '1000']) {
      const answer = await setLimit(token, limitPence as number)
      expect(answer.status).toBe(400)
      expect(answer.body.fieldErrors).toEqual({ limitPence: [m.limitInvalid] })
    }
  })

  it('limits how often one user changes their limit: 429 with when to try again', async () => {
    const { token } = await h.entries.user()
    for (let n = 0; n < 8; n++) expect((await setLimit(token, 1000 - n)).status).toBe(200)
    const refused = await setLimit(token, 500)
    expect(refused.status).toBe(429)
    expect(refused.body.code).toBe('RATE_LIMITED')
  })

  it('purchases at once by one user, through two processes, never pass the limit together', async () => {
    for (let round = 0; round < 3; round++) {
      const { token } = await h.entries.user()
      const competitions = await Promise.all(Array.from({ length: 8 }, () => h.entries.competition()))
      await setLimit(token, 1000)
      // A first purchase this month, so the month's row exists already and does not itself queue them.
      expect((await h.reserve(await h.entries.competition(), token, 1)).status).toBe(200)
      const answers = await Promise.all(
        competitions.map((competitionId, i) => h.reserve(competitionId, token, 3, i % 2 === 0 ? 1 : 2)),
      )
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1)
      for (const refused of answers.filter((answer) => answer.status !== 200)) refusedOver(refused, 1000, 0)
      expect(await status(token)).toMatchObject({ spentThisMonthPence: 1000 })
    }
  })
})
