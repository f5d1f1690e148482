import { describe, expect, it } from 'vitest'
import { creditCardMonth } from './ledger'

describe('creditCardMonth', () => {
  it('is the calendar month in London, in winter (GMT) and summer (BST)', () => {
    expect(creditCardMonth(new Date('2030-01-31T23:59:59.999Z'))).toBe('2030-01')
    expect(creditCardMonth(new Date('2030-02-01T00:00:00.000Z'))).toBe('2030-02')
    // 23:30 UTC on 31 May is 00:30 on 1 June in London.
    expect(creditCardMonth(new Date('2030-05-31T22:59:59.999Z'))).toBe('2030-05')
    expect(creditCardMonth(new Date('2030-05-31T23:30:00.000Z'))).toBe('2030-06')
    expect(creditCardMonth(new Date('2030-12-31T23:59:59.000Z'))).toBe('2030-12')
    expect(creditCardMonth(new Date('2031-01-01T00:00:00.000Z'))).toBe('2031-01')
  })
})
