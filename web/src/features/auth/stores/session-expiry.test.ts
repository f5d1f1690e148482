import type { SessionUser } from '@prizes/contracts'
import { beforeEach, describe, expect, it } from 'vitest'
import { ApiError } from '../../../lib/api-client'
import { endSession, sessionStore, startSession } from '../../../stores/session-store'
import { uiStore } from '../../../stores/ui-store'
import { endSessionIfRefused } from './session-expiry'

const user = {
  id: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '07700 900123',
  address: '',
  dateOfBirth: null,
  role: 'user',
  isAdmin: false,
  isGuest: false,
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
} satisfies SessionUser

const ended = new ApiError(401, 'UNAUTHORIZED', 'Your session has ended. Please log in again.')

describe('ending a session the server refused', () => {
  beforeEach(() => {
    endSession()
    uiStore.overlay = null
    uiStore.snackbar = null
  })

  it('signs out, says why and offers the login', () => {
    startSession(user, 'old')
    endSessionIfRefused(ended)
    expect(sessionStore.status).toBe('signed-out')
    expect(uiStore.snackbar?.message).toBe('Your session has ended. Please log in again.')
    expect(uiStore.overlay).toEqual({ kind: 'accounts', intent: 'sign-in' })
  })

  it('leaves wrong passwords and other failures alone', () => {
    startSession(user, 'token')
    endSessionIfRefused(new ApiError(401, 'INVALID_CREDENTIALS', 'Invalid email or password'))
    endSessionIfRefused(new ApiError(403, 'FORBIDDEN', 'Access denied. Admin privileges required.'))
    endSessionIfRefused(new ApiError(0, 'NETWORK_ERROR', 'Network connection failed.'))
    expect(sessionStore.status).toBe('signed-in')
    expect(uiStore.snackbar).toBeNull()
  })

  it('stays silent while signed out or restoring', () => {
    endSessionIfRefused(ended)
    sessionStore.status = 'restoring'
    endSessionIfRefused(ended)
    expect(uiStore.snackbar).toBeNull()
    expect(uiStore.overlay).toBeNull()
  })
})
