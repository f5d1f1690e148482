import type { EntrySubmission } from '@prizes/contracts'
import { describe, expect, it } from 'vitest'
import type { EntryTarget } from '../../../stores/ui-store'
import {
  clearPendingPayment,
  outcomeOfStripeStatus,
  type PendingPayment,
  paymentReturnOf,
  pendingPaymentMaxAgeMs,
  readPendingPayment,
  resumableFrom,
  returnUrl,
  savePendingPayment,
  withoutReturnParams,
} from './pending-payment'

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

const competition: EntryTarget = {
  id: '5b1c3a9e-2f4d-4c8b-9a6e-1d2f3a4b5c6d',
  title: 'A car',
  prize: 'A car',
  price: 2.99,
  remaining: 100,
  maxEntries: 200,
  perPerson: 100,
  endDate: '2030-01-01T00:00:00.000Z',
}
const submission: EntrySubmission = {
  competitionId: '5b1c3a9e-2f4d-4c8b-9a6e-1d2f3a4b5c6d',
  numberOfEntries: 2,
  skillQuestionAnswer: 'Paris',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0958',
  address: '1 Analytical Row',
  agreedToTerms: true,
  subscribedToNewsletter: false,
}
const now = 1_900_000_000_000
const pending: PendingPayment = {
  competition,
  submission,
  intent: { paymentIntentId: 'pi_1', clientSecret: 'pi_1_secret_x', amount: 598 },
  savedAt: now - 1000,
}
const returned = new URL(
  'https://prizes.example/?tab=x&payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_x&redirect_status=succeeded#top',
)

describe('a payment kept across a redirect', () => {
  it('is kept and read back whole', () => {
    const storage = memoryStorage()
    savePendingPayment(storage, pending)
    expect(readPendingPayment(storage, now)).toEqual(pending)
    clearPendingPayment(storage)
    expect(readPendingPayment(storage, now)).toBeNull()
  })

  it('is resumed by the return of the same payment only', () => {
    const storage = memoryStorage()
    savePendingPayment(storage, pending)
    expect(resumableFrom(returned, storage, now)).toEqual(pending)
    const other = new URL(returned.href.replace('payment_intent=pi_1', 'payment_intent=pi_2'))
    expect(resumableFrom(other, storage, now)).toBeNull()
    expect(resumableFrom(new URL('https://prizes.example/'), storage, now)).toBeNull()
  })

  it('is not resumed when old, from the future, damaged or for another competition', () => {
    const storage = memoryStorage()
    savePendingPayment(storage, { ...pending, savedAt: now - pendingPaymentMaxAgeMs - 1 })
    expect(readPendingPayment(storage, now)).toBeNull()
    savePendingPayment(storage, { ...pending, savedAt: now + 60_000 })
    expect(readPendingPayment(storage, now)).toBeNull()
    storage.setItem('prizes:pending-payment', '{not json')
    expect(readPendingPayment(storage, now)).toBeNull()
    savePendingPayment(storage, {
      ...pending,
      submission: { ...submission, competitionId: '6b1c3a9e-2f4d-4c8b-9a6e-1d2f3a4b5c6d' },
    })
    expect(readPendingPayment(storage, now)).toBeNull()
    savePendingPayment(storage, { ...pending, submission: { ...submission, numberOfEntries: 0 } })
    expect(readPendingPayment(storage, now)).toBeNull()
  })

  it('survives a storage that refuses', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('quota')
      },
      removeItem: () => {
        throw new Error('denied')
      },
    }
    expect(() => savePendingPayment(refusing, pending)).not.toThrow()
    expect(readPendingPayment(refusing, now)).toBeNull()
    expect(() => clearPendingPayment(refusing)).not.toThrow()
  })
})

describe('the return address', () => {
  it('reads Stripe’s parameters', () => {
    expect(paymentReturnOf(returned)).toEqual({ paymentIntentId: 'pi_1', redirectStatus: 'succeeded' })
    expect(paymentReturnOf(new URL('https://prizes.example/?redirect_status=failed'))).toBeNull()
  })

  it('is cleaned of them, keeping the rest', () => {
    expect(withoutReturnParams(returned)).toBe('/?tab=x#top')
    expect(returnUrl({ href: returned.href })).toBe('https://prizes.example/?tab=x#top')
  })
})

describe('Stripe.js statuses', () => {
  it('processing waits, succeeded succeeds, anything else did not take the payment', () => {
    expect(outcomeOfStripeStatus('processing').status).toBe('processing')
    expect(outcomeOfStripeStatus('succeeded').status).toBe('succeeded')
    expect(outcomeOfStripeStatus('requires_capture').status).toBe('succeeded')
    expect(outcomeOfStripeStatus('requires_payment_method')).toEqual({
      status: 'declined',
      message: 'Payment failed',
    })
  })
})
