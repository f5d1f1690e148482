import { entryMessages } from '@prizes/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { confirmEntryPayment } from './confirm'
import { type Answer, type EntriesHarness, startEntriesHarness, submission } from './test-harness'

let harness: EntriesHarness
beforeAll(async () => {
  harness = await startEntriesHarness('entries_race')
})
afterAll(() => harness.close())

const createIntent = (competitionId: string, token: string, numberOfEntries = 1) =>
  harness.call('/api/entries/create-payment-intent', submission(competitionId, { numberOfEntries }), {
    token,
  })
const confirm = (paymentIntentId: string, token: string) =>
  harness.call('/api/entries/confirm-payment', { paymentIntentId }, { token })

function intentOf(answer: Answer): string {
  const id = answer.body.paymentIntentId
  if (typeof id !== 'string') throw new Error(`no paymentIntentId in ${JSON.stringify(answer.body)}`)
  return id
}

/** One buyer as the web does it: create the intent, pay with 4242…, confirm. */
async function buy(competitionId: string, token: string, numberOfEntries = 1): Promise<Answer> {
  const created = await createIntent(competitionId, token, numberOfEntries)
  if (created.status !== 200) return created
  const paymentIntentId = intentOf(created)
  expect(await harness.pay(paymentIntentId)).toBe('succeeded')
  return confirm(paymentIntentId, token)
}

const ticketsOf = (answer: Answer) => (answer.body.entry as { ticketNumbers: number[] }).ticketNumbers

describe('a rush on the last tickets', () => {
  it('sells exactly the 20 left to 100 concurrent buyers, each number once, and refuses the rest clearly', async () => {
    const competitionId = await harness.competition({ totalTickets: 30 })
    const early = await buy(competitionId, (await harness.user()).token, 10)
    expect(ticketsOf(early)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    const buyers = await Promise.all(Array.from({ length: 100 }, () => harness.user()))

    const answers = await Promise.all(buyers.map((buyer) => buy(competitionId, buyer.token)))

    const sold = answers.filter((answer) => answer.status === 200)
    const refused = answers.filter((answer) => answer.status !== 200)
    expect(sold).toHaveLength(20)
    const numbers = sold.flatMap(ticketsOf).sort((a, b) => a - b)
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 11))
    expect(
      new Set(sold.map((answer) => (answer.body.entry as { entryReference: string }).entryReference)).size,
    ).toBe(20)
    for (const answer of refused) {
      expect(answer).toEqual({
        status: 409,
        body: { success: false, code: 'NOT_ENOUGH_TICKETS', message: entryMessages.notEnoughTickets },
      })
    }

    // Money: every succeeded payment has its tickets or a refund owed; refused intents were cancelled.
    const events = await harness.events(competitionId)
    const settled = new Set(
      events
        .filter((event) => event.type === 'TicketsAllocated' || event.type === 'PaymentRefundDue')
        .map((event) => event.data.paymentIntentId),
    )
    const intents = await harness
      .knex('offline_payment_intents')
      .select<{ id: string; status: string; metadata: { competitionId: string } }[]>(
        'id',
        'status',
        'metadata',
      )
    const mine = intents.filter((intent) => intent.metadata.competitionId === competitionId)
    const succeeded = mine.filter((intent) => intent.status === 'succeeded')
    expect(succeeded).toHaveLength(21)
    expect(succeeded.filter((intent) => !settled.has(intent.id))).toEqual([])
    expect(mine.filter((intent) => intent.status !== 'succeeded' && intent.status !== 'canceled')).toEqual([])
    expect(events.filter((event) => event.type === 'TicketsAllocated')).toHaveLength(21)
  })

  it('allocates once for 10 concurrent confirms of one intent, webhook-style calls among them, all with the same answer', async () => {
    const competitionId = await harness.competition()
    const { token } = await harness.user()
    const paymentIntentId = intentOf(await createIntent(competitionId, token, 2))
    await harness.pay(paymentIntentId)

    const [viaHttp, viaWebhook] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, () => confirm(paymentIntentId, token))),
      Promise.all(
        Array.from({ length: 3 }, () =>
          confirmEntryPayment(harness.deps, { paymentIntentId }, harness.context()),
        ),
      ),
    ])

    const first = viaHttp[0]
    expect(first?.status).toBe(200)
    for (const answer of viaHttp) expect(answer).toEqual(first)
    for (const entry of viaWebhook) expect(entry).toEqual(first?.body.entry)
    expect(ticketsOf(first ?? { status: 0, body: {} })).toEqual([1, 2])
    const allocations = (await harness.events(competitionId)).filter(
      (event) => event.type === 'TicketsAllocated',
    )
    expect(allocations).toHaveLength(1)
  })
})
