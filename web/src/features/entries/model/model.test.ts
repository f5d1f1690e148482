import { newPassword } from '@prizes/contracts'
import { describe, expect, it } from 'vitest'
import { cardNumberIncomplete, formatCardNumber, formatCvc, formatExpiry, validateCard } from './card-form'
import { confettiFor } from './confetti'
import { dashboardGreeting, entryStateLabel, memberSince } from './entry-labels'
import { temporaryPassword } from './temp-password'

describe('temporary guest password', () => {
  it('is 12 characters that always pass the password rules', () => {
    for (let i = 0; i < 500; i++) {
      const password = temporaryPassword()
      expect(password).toHaveLength(12)
      expect(password).toMatch(/^[A-Za-z0-9!@#$%*?]+$/)
      expect(newPassword.safeParse(password).success).toBe(true)
    }
  })

  it('differs from one call to the next', () => {
    expect(new Set(Array.from({ length: 50 }, () => temporaryPassword())).size).toBe(50)
  })
})

describe('card form', () => {
  it('formats as people type', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242')
    expect(formatCardNumber('4000-0025-0000-3155x')).toBe('4000 0025 0000 3155')
    expect(formatExpiry('1230')).toBe('12/30')
    expect(formatExpiry('1')).toBe('1')
    expect(formatCvc('12a34')).toBe('1234')
  })

  it('is complete only with a whole number, MM/YY and a CVC', () => {
    expect(validateCard({ cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' })).toEqual({})
    expect(validateCard({ cardNumber: '4242', expiry: '13/30', cvc: '1' })).toEqual({
      cardNumber: cardNumberIncomplete,
      expiry: 'Expiry must be MM/YY',
      cvc: 'CVC must be 3 or 4 digits',
    })
  })
})

describe('confetti', () => {
  it.each([
    [390, 30, 2000],
    [599, 30, 2000],
    [600, 50, 2500],
    [959, 50, 2500],
    [960, 100, 3000],
    [1280, 100, 3000],
  ])('at %i px: %i particles for %i ms', (width, particleCount, durationMs) => {
    expect(confettiFor(width)).toEqual({ particleCount, durationMs })
  })
})

describe('dashboard labels', () => {
  const now = new Date('2026-06-01T12:00:00Z')
  const entry = { status: 'active', paymentStatus: 'paid', drawDate: '2026-07-01T00:00:00Z' } as const

  it.each([
    [entry, 'Active'],
    [{ ...entry, drawDate: '2026-05-01T00:00:00Z' }, 'Draw Pending'],
    [{ ...entry, status: 'drawn' }, 'Draw Complete'],
    [{ ...entry, status: 'won' }, 'Won'],
    [{ ...entry, status: 'cancelled' }, 'Cancelled'],
    [{ ...entry, status: 'cancelled', paymentStatus: 'refunded' }, 'Refunded'],
    [{ ...entry, drawDate: null }, 'Active'],
    [{ ...entry, drawDate: '2026-05-01T00:00:00Z', drawStatus: 'in_draw' }, 'In the draw'],
    [
      { ...entry, drawDate: '2026-05-01T00:00:00Z', drawStatus: 'not_in_draw' },
      'Not in the draw: incorrect answer',
    ],
    [{ ...entry, status: 'drawn', drawStatus: 'not_in_draw' }, 'Not in the draw: incorrect answer'],
    [{ ...entry, status: 'drawn', drawStatus: 'in_draw' }, 'Draw Complete'],
    [{ ...entry, status: 'won', drawStatus: 'in_draw' }, 'Won'],
  ] as const)('%o is %s', (e, label) => {
    expect(entryStateLabel(e, now).label).toBe(label)
  })

  it('shows member since in en-GB, or Unknown', () => {
    expect(memberSince('2025-03-04T10:00:00Z')).toBe('4 March 2025')
    expect(memberSince('garbage')).toBe('Unknown')
  })
})

describe('dashboard greeting', () => {
  it('welcomes a guest made by the entry flow, and welcomes back a member', () => {
    expect(dashboardGreeting({ firstName: 'Kit', isGuest: true })).toBe('Welcome, Kit!')
    expect(dashboardGreeting({ firstName: 'Kit', isGuest: false })).toBe('Welcome back, Kit!')
  })
})
