import { randomUUID } from 'node:crypto'
import type { OneTimeTokenPurpose } from '@prizes/command-service/testing'
import { deriveOneTimeToken, hashToken } from '@prizes/command-service/use-cases'
import type { UserEvent } from '@prizes/contracts'
import type { NewEvent, RecordedEvent } from '@prizes/event-store'
import { encryptValue, type UserKey } from '@prizes/platform'

/** Test builders for user events with the contract's shapes. */

export const oneTimeSecret = Buffer.alloc(32, 7)

export interface Person {
  readonly firstName: string
  readonly email: string
}

export function registered(userId: string, key: UserKey, person: Person, guest = false): UserEvent {
  const enc = (value: string) => encryptValue(key, value)
  return {
    type: 'UserRegistered',
    data: {
      userId,
      personal: {
        firstName: enc(person.firstName),
        lastName: enc('Lovelace'),
        email: enc(person.email),
        phone: enc('07700 900123'),
        address: enc('1 High Street, Leeds'),
        dateOfBirth: guest ? null : enc('1990-01-01'),
      },
      passwordHash: enc('$argon2id$fake'),
      role: 'user',
      guest,
      source: guest ? 'competition_entry' : 'registration',
      marketingEmails: false,
      emailVerified: false,
    },
  }
}

type RequestEvent = Extract<UserEvent, { type: 'EmailVerificationRequested' | 'PasswordResetRequested' }>

export interface LinkRequest {
  readonly event: RequestEvent
  readonly token: string
}

/** A verification or reset request whose token is derived from `secret`, as the command side does. */
export function linkRequested(
  secret: Buffer,
  purpose: OneTimeTokenPurpose,
  userId: string,
  expiresAt: Date,
  nonce = randomUUID(),
): LinkRequest {
  const token = deriveOneTimeToken(secret, purpose, userId, nonce)
  const data = { userId, nonce, tokenHash: hashToken(token), expiresAt: expiresAt.toISOString() }
  return {
    token,
    event:
      purpose === 'verify-email'
        ? { type: 'EmailVerificationRequested', data }
        : { type: 'PasswordResetRequested', data },
  }
}

export function withEnvelope(
  event: UserEvent,
  occurredAt: Date,
  correlationId: string = randomUUID(),
): NewEvent {
  const eventId = randomUUID()
  return {
    id: eventId,
    type: event.type,
    data: event.data,
    metadata: {
      eventId,
      occurredAt: occurredAt.toISOString(),
      actor: { system: 'test' },
      correlationId,
      causationId: correlationId,
      schemaVersion: 1,
    },
  }
}

/** The same events as a store would hand them back, for pure tests. */
export function recorded(streamId: string, events: readonly NewEvent[]): RecordedEvent[] {
  return events.map((event, index) => ({
    id: event.id ?? randomUUID(),
    type: event.type,
    data: event.data,
    metadata: event.metadata ?? {},
    streamId,
    revision: BigInt(index),
    position: { commit: 1n, prepare: BigInt(index) },
    recordedAt: new Date(0),
  }))
}
