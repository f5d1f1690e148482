import { details } from '@prizes/command-service/testing'
import { describe, expect, it } from 'vitest'
import { recorded } from '../testing/user-events'
import { entrantsAtExtension } from './extension-email'

const competitionId = '00000000-0000-4000-8000-0000000000aa'
const event = (type: string, data: Record<string, unknown>) => ({ type, data: { competitionId, ...data } })

const entryId = (n: number) => `00000000-0000-4000-8000-00000000000${n}`
const allocation = (n: number, userId: string) => ({
  entryId: entryId(n),
  userId,
  ticketNumbers: [n],
  entryReference: `PRZ-2030-00000${n}`,
  answer: '4',
  answerCorrect: true,
  allocatedAt: '2030-01-01T00:00:00.000Z',
})

describe('entrantsAtExtension', () => {
  it('names each entrant holding tickets once, paid or postal, and leaves out the refunded', () => {
    const events = recorded(`competition-${competitionId}`, [
      event('CompetitionCreated', { details, featured: false }),
      event('TicketsAllocated', { ...allocation(1, 'paid'), amountPence: 250, paymentIntentId: 'pi_1' }),
      event('TicketsAllocated', { ...allocation(2, 'paid'), amountPence: 250, paymentIntentId: 'pi_2' }),
      event('PostalEntryRecorded', {
        ...allocation(3, 'postal'),
        amountPence: 0,
        paymentIntentId: null,
        receivedAt: '2030-01-01T00:00:00.000Z',
      }),
      event('TicketsAllocated', {
        ...allocation(4, 'refunded'),
        amountPence: 250,
        paymentIntentId: 'pi_4',
      }),
      event('EntryRefunded', {
        entryId: entryId(4),
        amountPence: 250,
        paymentIntentId: 'pi_4',
        refundId: 're_4',
        reason: 'requested',
      }),
    ])
    const { title, userIds } = entrantsAtExtension(events)
    expect(title).toBe(details.title)
    expect(userIds).toEqual(['paid', 'postal'])
  })
})
