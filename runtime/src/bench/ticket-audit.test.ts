import { randomUUID } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { auditTickets } from './ticket-audit'

const allocated = (ticketNumbers: number[]) => ({
  type: 'TicketsAllocated',
  data: {
    competitionId: 'c1',
    entryId: randomUUID(),
    userId: 'u1',
    ticketNumbers,
    entryReference: 'PRZ-2030-000001',
    answer: '4',
    answerCorrect: true,
    amountPence: 100 * ticketNumbers.length,
    paymentIntentId: 'pi_1',
  },
})

describe('auditTickets', () => {
  test('a clean sale: sold counted, nothing over, nothing twice', () => {
    const events = [allocated([1, 2]), { type: 'TicketsReserved', data: {} }, allocated([3])]
    expect(auditTickets(events, 3)).toEqual({
      sold: 3,
      oversold: 0,
      duplicateNumbers: 0,
      outOfRange: 0,
      allocations: 2,
      refundsDue: 0,
    })
  })

  test('finds tickets sold twice, beyond the total, or numbered outside it', () => {
    const events = [allocated([1, 2]), allocated([2, 3]), { type: 'PaymentRefundDue', data: {} }]
    expect(auditTickets(events, 3)).toMatchObject({
      sold: 4,
      oversold: 1,
      duplicateNumbers: 1,
      outOfRange: 0,
      refundsDue: 1,
    })
    expect(auditTickets([allocated([4])], 3)).toMatchObject({ oversold: 0, outOfRange: 1 })
  })
})
