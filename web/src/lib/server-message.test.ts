import { authMessages } from '@prizes/contracts'
import { describe, expect, it } from 'vitest'
import { ApiError } from './api-client'
import { messageOf } from './server-message'

describe('messageOf', () => {
  it("shows the server's message", () => {
    expect(messageOf(new ApiError(409, 'EMAIL_TAKEN', authMessages.emailTaken), 'Registration failed')).toBe(
      authMessages.emailTaken,
    )
  })

  it('falls back when the server said nothing we can show', () => {
    expect(messageOf(new ApiError(502, 'HTTP_ERROR', 'Server error occurred.'), 'Login failed')).toBe(
      'Login failed',
    )
    expect(
      messageOf(new ApiError(200, 'INVALID_RESPONSE', 'Invalid API response format'), 'Login failed'),
    ).toBe('Login failed')
    expect(messageOf(new Error('boom'), 'Login failed')).toBe('Login failed')
  })

  it('says plainly when the network is down', () => {
    expect(messageOf(new ApiError(0, 'NETWORK_ERROR', 'Network connection failed.'), 'Login failed')).toBe(
      'Network connection failed.',
    )
  })
})
