import { describe, expect, it } from 'vitest'
import { allEntriesCsvFileName, canRefund, paymentShown } from './admin-entries'

describe('the entries export file name', () => {
  it('is dated by the UTC day, as the server names it', () => {
    expect(allEntriesCsvFileName(new Date('2030-03-04T23:30:00.000Z'))).toBe('entries-2030-03-04.csv')
  })
})

describe('the refund button', () => {
  it('is offered for paid entries only, never a postal one', () => {
    expect(canRefund({ payment_status: 'paid', entry_method: 'online' })).toBe(true)
    for (const status of ['pending', 'failed', 'refunded'] as const) {
      expect(canRefund({ payment_status: status, entry_method: 'online' })).toBe(false)
    }
    expect(canRefund({ payment_status: 'paid', entry_method: 'postal' })).toBe(false)
  })
})

describe("an entry's payment as the admin lists show it", () => {
  it('reads "Postal (free)" for a postal entry, never "Paid £0.00" (issue 24)', () => {
    expect(paymentShown({ payment_status: 'paid', entry_method: 'postal', total_cost: 0 })).toEqual({
      status: 'Postal (free)',
      tone: 'info',
      cost: 'Free',
    })
    expect(paymentShown({ payment_status: 'paid', entry_method: 'online', total_cost: 5.98 })).toEqual({
      status: 'Paid',
      tone: 'success',
      cost: '£5.98',
    })
  })
})
