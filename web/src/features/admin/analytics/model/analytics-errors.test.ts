import { describe, expect, it } from 'vitest'
import { ApiError, clientErrorCodes, clientErrorMessages } from '../../../../lib/api-client'
import { analyticsLoadMessage, noTokenCode } from './analytics-errors'

const refused = (status: number, message = 'Something') => new ApiError(status, 'SOME_CODE', message)

describe('analyticsLoadMessage (SPEC section 8, analytics load errors)', () => {
  it('says there is no token when the call was not made for want of one', () => {
    expect(analyticsLoadMessage(new ApiError(401, noTokenCode, 'x'))).toBe('No authentication token found')
  })

  it('calls no answer, whether offline or timed out, a network error', () => {
    expect(analyticsLoadMessage(new ApiError(0, clientErrorCodes.network, clientErrorMessages.network))).toBe(
      'Network error. Please check your connection.',
    )
    expect(analyticsLoadMessage(new ApiError(0, clientErrorCodes.timeout, clientErrorMessages.timeout))).toBe(
      'Network error. Please check your connection.',
    )
  })

  it("names 401, 403, 404 and 500 in the spec's words, whatever the server said", () => {
    expect(analyticsLoadMessage(refused(401))).toBe('Authentication failed. Please log in again.')
    expect(analyticsLoadMessage(refused(403))).toBe('Access denied. Admin privileges required.')
    expect(analyticsLoadMessage(refused(404))).toBe('Analytics endpoint not found.')
    expect(analyticsLoadMessage(refused(500))).toBe('Server error. Please try again later.')
  })

  it("gives any other status as 'API Error (status): message'", () => {
    expect(analyticsLoadMessage(refused(503, 'Down for maintenance'))).toBe(
      'API Error (503): Down for maintenance',
    )
    expect(analyticsLoadMessage(refused(429, 'Too many requests'))).toBe('API Error (429): Too many requests')
    expect(analyticsLoadMessage(refused(502, clientErrorMessages.server))).toBe(
      `API Error (502): ${clientErrorMessages.server}`,
    )
  })

  it('ignores an aborted request', () => {
    expect(analyticsLoadMessage(new DOMException('The operation was aborted.', 'AbortError'))).toBeNull()
  })
})
