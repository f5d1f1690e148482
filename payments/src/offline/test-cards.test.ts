import { describe, expect, it } from 'vitest'
import { cardMessages, isExpired, judgeCard, testCards } from './test-cards'

const now = new Date('2030-06-15T10:00:00.000Z')
const valid = '12/34'

describe('judgeCard', () => {
  it('lets 4242 4242 4242 4242 through, spaces or not', () => {
    const credit = { kind: 'succeeds', funding: 'credit' }
    expect(judgeCard({ cardNumber: '4242 4242 4242 4242', expiry: valid }, now)).toEqual(credit)
    expect(judgeCard({ cardNumber: testCards.succeeds, expiry: valid }, now)).toEqual(credit)
  })

  it('lets 4000 0566 5566 5556 through as a debit card', () => {
    expect(judgeCard({ cardNumber: '4000 0566 5566 5556', expiry: valid }, now)).toEqual({
      kind: 'succeeds',
      funding: 'debit',
    })
    expect(judgeCard({ cardNumber: '4000 0566 5566 5556', expiry: '05/30' }, now)).toEqual({
      kind: 'refused',
      message: cardMessages.expired,
    })
  })

  it('declines 4000 0000 0000 0002 with Stripe message', () => {
    expect(judgeCard({ cardNumber: '4000 0000 0000 0002', expiry: valid }, now)).toEqual({
      kind: 'refused',
      message: 'Your card was declined.',
    })
  })

  it('asks for authentication on 4000 0025 0000 3155', () => {
    expect(judgeCard({ cardNumber: '4000-0025-0000-3155', expiry: valid }, now)).toEqual({
      kind: 'requires_authentication',
      funding: 'credit',
    })
  })

  it('takes 4000 0000 0000 7700 as processing and 8807 as a charge the provider then fails to report once', () => {
    expect(judgeCard({ cardNumber: '4000 0000 0000 7700', expiry: valid }, now)).toEqual({
      kind: 'processing',
      funding: 'debit',
    })
    expect(judgeCard({ cardNumber: '4000 0000 0000 8807', expiry: valid }, now)).toEqual({
      kind: 'succeeds_then_unreachable',
      funding: 'debit',
    })
    expect(judgeCard({ cardNumber: '4000 0000 0000 7700', expiry: '05/30' }, now)).toMatchObject({
      kind: 'refused',
    })
  })

  it('calls any other number incorrect, before looking at the expiry', () => {
    for (const cardNumber of ['4242 4242 4242 4241', '1234', '5555 5555 5555 4444']) {
      expect(judgeCard({ cardNumber, expiry: '01/20' }, now)).toEqual({
        kind: 'refused',
        message: 'Your card number is incorrect.',
      })
    }
  })

  it('refuses an expired card, even a good number', () => {
    expect(judgeCard({ cardNumber: testCards.succeeds, expiry: '05/30' }, now)).toEqual({
      kind: 'refused',
      message: cardMessages.expired,
    })
  })
})

describe('isExpired', () => {
  it('keeps a card good to the last moment of its month', () => {
    expect(isExpired('06/30', now)).toBe(false)
    expect(isExpired('06/30', new Date('2030-06-30T23:59:59.999Z'))).toBe(false)
    expect(isExpired('06/30', new Date('2030-07-01T00:00:00.000Z'))).toBe(true)
    expect(isExpired('05/30', now)).toBe(true)
    expect(isExpired('01/31', now)).toBe(false)
  })

  it('treats what is not MM/YY as expired', () => {
    expect(isExpired('13/30', now)).toBe(true)
    expect(isExpired('00/30', now)).toBe(true)
    expect(isExpired('june', now)).toBe(true)
  })
})
