import type { EncryptedPersonalData } from '@prizes/contracts'
import { expect } from 'vitest'
import type { NewLink, UserCommand } from './commands'
import { decide } from './decide'
import type { UserEvent } from './events'
import { evolve, initialState, type UserState } from './state'

/** Shared by the user decider's tests: ids, a fixed clock, stand-in ciphertext and events. */
export const userId = '0b7a4c3e-8a1d-4b8e-9a55-0d8f3c2b1a00'
export const adminId = '5c1d2e3f-4a5b-4c6d-8e7f-901234567890'
export const now = new Date('2030-06-15T10:00:00.000Z')
export const metadata = { now }
export const later = (ms: number) => ({ now: new Date(now.getTime() + ms) })
export const hour = 60 * 60 * 1000

/** Ciphertext stand-ins: the domain never reads them, only carries them. */
export const enc = (label: string) => `enc:v1:key1:iv:tag:${label}`
export const personal: EncryptedPersonalData = {
  firstName: enc('first'),
  lastName: enc('last'),
  email: enc('email'),
  phone: enc('phone'),
  address: enc('address'),
  dateOfBirth: enc('dob'),
}
export const hash = (n: number) => n.toString(16).padStart(64, '0')
export const link = (n: number): NewLink => ({ nonce: `nonce-${n}-0123456789`, tokenHash: hash(n) })

export const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId,
    personal,
    passwordHash: enc('pw'),
    role: 'user',
    guest: false,
    source: 'registration',
    marketingEmails: false,
    emailVerified: false,
  },
}
export const verificationRequested = (n: number, expiresAt = '2030-06-17T10:00:00.000Z'): UserEvent => ({
  type: 'EmailVerificationRequested',
  data: { userId, ...link(n), expiresAt },
})
export const verified: UserEvent = { type: 'EmailVerified', data: { userId, tokenHash: hash(1) } }
export const resetRequested = (n: number): UserEvent => ({
  type: 'PasswordResetRequested',
  data: { userId, ...link(n), expiresAt: '2030-06-15T11:00:00.000Z' },
})

/** Given these events, when this command, then these events (or this error). */
export function given(...events: UserEvent[]) {
  const state: UserState = events.reduce(evolve, initialState)
  return {
    state,
    when: (command: UserCommand) => ({
      thenEmits: (expected: UserEvent[]) => expect(decide(command, state)).toEqual(expected),
      thenFails: (expected: Record<string, unknown>) =>
        expect(() => decide(command, state)).toThrow(expect.objectContaining(expected)),
    }),
  }
}

export const register = (
  registration: Extract<UserCommand, { type: 'RegisterUser' }>['data']['registration'],
) =>
  ({
    type: 'RegisterUser',
    data: { userId, personal, passwordHash: enc('pw'), marketingEmails: false, registration },
    metadata,
  }) as const
