import type { SessionUser } from '@prizes/contracts'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  endSession,
  isAdmin,
  replaceSessionToken,
  sessionStore,
  setSessionUser,
  startSession,
} from './session-store'

const user: SessionUser = {
  id: '2f0c7f2e-4b1f-4a57-9a56-7d4bde4a1a10',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '07700 900123',
  address: 'London',
  dateOfBirth: '1990-12-10',
  role: 'user',
  isAdmin: false,
  isGuest: false,
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
}

describe('session store', () => {
  beforeEach(() => endSession())

  it('starts signed out when no cookie was found', () => {
    expect(sessionStore).toMatchObject({ status: 'signed-out', user: null, token: null })
  })

  it('holds the user and token of a session, and forgets both on logout', () => {
    startSession(user, 'jwt')
    expect(sessionStore).toMatchObject({
      status: 'signed-in',
      token: 'jwt',
      user: { email: 'ada@example.com' },
    })
    endSession()
    expect(sessionStore).toMatchObject({ status: 'signed-out', user: null, token: null })
  })

  it('takes an updated user and a replacement token', () => {
    startSession(user, 'jwt')
    setSessionUser({ ...user, firstName: 'Augusta' })
    replaceSessionToken('jwt-2')
    expect(sessionStore.user?.firstName).toBe('Augusta')
    expect(sessionStore.token).toBe('jwt-2')
  })

  it('shows admin features for the admin role only', () => {
    expect(isAdmin({ role: 'admin' })).toBe(true)
    expect(isAdmin({ role: 'user' })).toBe(false)
    expect(isAdmin(null)).toBe(false)
  })
})
