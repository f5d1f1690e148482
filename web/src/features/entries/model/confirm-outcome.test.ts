import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../lib/api-client'
import { confirmOutcomeOf } from './confirm-outcome'

describe('what a failed confirm-payment means', () => {
  it('processing waits', () => {
    expect(confirmOutcomeOf(new ApiError(409, 'PAYMENT_PROCESSING', 'Still processing'))).toEqual({
      status: 'processing',
    })
  })

  it('an unpaid payment (402) may be paid again, with the provider message', () => {
    expect(confirmOutcomeOf(new ApiError(402, 'PAYMENT_NOT_SUCCEEDED', 'Your card was declined.'))).toEqual({
      status: 'declined',
      message: 'Your card was declined.',
    })
  })

  it('a credit card over the monthly limit offers another card, with the server message', () => {
    const message =
      'Credit card payments are limited to £250 a month. You have £0.00 left on credit cards this month; please pay by debit card.'
    expect(confirmOutcomeOf(new ApiError(409, 'CREDIT_CARD_LIMIT', message))).toEqual({
      status: 'creditCardLimit',
      message,
    })
  })

  it.each([
    [409, 'PAYMENT_NOT_SUCCEEDED', 'This payment has expired. Please start your entry again.'],
    [409, 'NOT_ENOUGH_TICKETS', 'Not enough tickets left. Your payment will be refunded in full.'],
    [404, 'PAYMENT_NOT_FOUND', 'Payment not found'],
  ])('a definite refusal (%i %s) stops the entry', (status, code, message) => {
    expect(confirmOutcomeOf(new ApiError(status, code, message))).toEqual({ status: 'refused', message })
  })

  it.each([
    new ApiError(0, 'NETWORK_ERROR', 'Network connection failed.'),
    new ApiError(0, 'TIMEOUT', 'The server took too long to respond.'),
    new ApiError(503, 'PAYMENT_PROVIDER_UNAVAILABLE', 'We could not reach the payment provider.'),
    new ApiError(500, 'HTTP_ERROR', 'Request failed (500)'),
    new ApiError(429, 'RATE_LIMITED', 'Too many requests'),
    new TypeError('Failed to fetch'),
  ])('no definite answer (%s) is thrown, to be asked again', (error) => {
    expect(() => confirmOutcomeOf(error)).toThrow()
  })

  it('keeps the server message of what it throws, not the client’s own wording', () => {
    expect(() =>
      confirmOutcomeOf(new ApiError(503, 'PAYMENT_PROVIDER_UNAVAILABLE', 'Try in a moment')),
    ).toThrow('Try in a moment')
  })
})
