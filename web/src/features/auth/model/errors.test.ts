import { authMessages } from '@prizes/contracts'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../lib/api-client'
import { isEmailNotVerified, isLinkProblem, verificationFailureMessage } from './errors'

describe('isEmailNotVerified', () => {
  it('knows the code and the wording', () => {
    expect(isEmailNotVerified(new ApiError(403, 'EMAIL_NOT_VERIFIED', 'x'))).toBe(true)
    expect(isEmailNotVerified(new ApiError(403, 'FORBIDDEN', 'Please Verify Your Email first'))).toBe(true)
    expect(
      isEmailNotVerified(new ApiError(401, 'INVALID_CREDENTIALS', authMessages.invalidCredentials)),
    ).toBe(false)
    expect(isEmailNotVerified(new Error('verify your email'))).toBe(false)
  })
})

describe('verificationFailureMessage', () => {
  it("shows the server's 400 message, else the spec's", () => {
    expect(verificationFailureMessage(new ApiError(400, 'INVALID_TOKEN', 'This link was already used'))).toBe(
      'This link was already used',
    )
    expect(verificationFailureMessage(new ApiError(400, 'HTTP_ERROR', 'Request failed (400)'))).toBe(
      'Invalid or expired verification token',
    )
  })

  it('names a server error and a network failure', () => {
    expect(verificationFailureMessage(new ApiError(500, 'INTERNAL_ERROR', 'Internal'))).toBe(
      'Server error occurred. Please try again later or contact support.',
    )
    expect(verificationFailureMessage(new ApiError(503, 'HTTP_ERROR', 'x'))).toBe(
      'Server error occurred. Please try again later or contact support.',
    )
    expect(verificationFailureMessage(new ApiError(0, 'NETWORK_ERROR', 'x'))).toBe(
      'Network connection failed. Please check your internet connection and try again.',
    )
    expect(verificationFailureMessage(new ApiError(0, 'TIMEOUT', 'x'))).toBe(
      'Network connection failed. Please check your internet connection and try again.',
    )
  })
})

describe('isLinkProblem', () => {
  it('is a 4xx answer, not a missing one', () => {
    expect(isLinkProblem(new ApiError(400, 'INVALID_TOKEN', 'x'))).toBe(true)
    expect(isLinkProblem(new ApiError(404, 'NOT_FOUND', 'x'))).toBe(true)
    expect(isLinkProblem(new ApiError(0, 'NETWORK_ERROR', 'x'))).toBe(false)
    expect(isLinkProblem(new ApiError(500, 'INTERNAL_ERROR', 'x'))).toBe(false)
  })
})
