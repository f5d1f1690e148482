import { type EncryptedPersonalData, userEvents } from '@prizes/contracts'
import type { RecordedEvent } from '@prizes/event-store'

export type TokenRequestType = 'EmailVerificationRequested' | 'PasswordResetRequested'
export const tokenRequestTypes: readonly TokenRequestType[] = [
  'EmailVerificationRequested',
  'PasswordResetRequested',
]

/** An EmailVerificationRequested or PasswordResetRequested, with what the mail needs from its envelope. */
export interface TokenRequest {
  readonly eventId: string
  readonly type: TokenRequestType
  readonly userId: string
  readonly nonce: string
  readonly tokenHash: string
  readonly requestedAt: Date
  readonly expiresAt: Date
  /** The command that asked; two requests with the same one came from one command. */
  readonly correlationId: string | undefined
}

/** What the mail reactor knows of a user, folded from the user's whole stream. */
export interface UserMailView {
  readonly userId: string
  /** The latest personal data, still encrypted. */
  readonly personal: EncryptedPersonalData
  /** Registered as a guest and has not chosen a password since (reset or change). */
  readonly guest: boolean
  readonly erased: boolean
  readonly requests: readonly TokenRequest[]
  /**
   * Requests whose link no longer works or no longer matters, by event id, with the reason:
   * used, superseded by a newer link of the same kind (only the latest counts), the email
   * verified since, or the password changed since (which cancels a pending reset).
   */
  readonly spent: ReadonlyMap<string, string>
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined)

export function tokenRequestOf(event: RecordedEvent): TokenRequest | undefined {
  if (event.type !== 'EmailVerificationRequested' && event.type !== 'PasswordResetRequested') return undefined
  const parsed = userEvents[event.type].safeParse(event.data)
  if (!parsed.success) return undefined
  const occurredAt = text(event.metadata.occurredAt)
  const requestedAt =
    occurredAt && !Number.isNaN(Date.parse(occurredAt)) ? new Date(occurredAt) : event.recordedAt
  return {
    eventId: event.id,
    type: event.type,
    userId: parsed.data.userId,
    nonce: parsed.data.nonce,
    tokenHash: parsed.data.tokenHash,
    requestedAt,
    expiresAt: new Date(parsed.data.expiresAt),
    correlationId: text(event.metadata.correlationId),
  }
}

/** Folds a user's stream; undefined when it holds no (readable) registration. */
export function foldUserMailView(events: readonly RecordedEvent[]): UserMailView | undefined {
  let view: UserMailView | undefined
  const requests: TokenRequest[] = []
  const spent = new Map<string, string>()
  const latest = new Map<TokenRequestType, TokenRequest>()
  /** Ends the latest link of a kind, if it is still live. */
  const spend = (type: TokenRequestType, reason: (r: TokenRequest) => string) => {
    const current = latest.get(type)
    if (current && !spent.has(current.eventId)) spent.set(current.eventId, reason(current))
  }
  const usedOr = (tokenHash: string | null, otherwise: string) => (r: TokenRequest) =>
    r.tokenHash === tokenHash ? 'the link was already used' : otherwise

  for (const event of events) {
    switch (event.type) {
      case 'UserRegistered': {
        const parsed = userEvents.UserRegistered.safeParse(event.data)
        if (parsed.success) {
          const { userId, personal, guest } = parsed.data
          view = { userId, personal, guest, erased: false, requests, spent }
        }
        break
      }
      case 'ProfileUpdated': {
        const parsed = userEvents.ProfileUpdated.safeParse(event.data)
        if (view && parsed.success) view = { ...view, personal: parsed.data.personal }
        break
      }
      case 'EmailVerified': {
        const parsed = userEvents.EmailVerified.safeParse(event.data)
        spend(
          'EmailVerificationRequested',
          usedOr(parsed.data?.tokenHash ?? null, 'the email was verified since'),
        )
        break
      }
      case 'PasswordReset': {
        const parsed = userEvents.PasswordReset.safeParse(event.data)
        spend('PasswordResetRequested', usedOr(parsed.data?.tokenHash ?? null, 'a newer link superseded it'))
        if (view) view = { ...view, guest: false }
        break
      }
      case 'PasswordChanged':
        spend('PasswordResetRequested', () => 'the password was changed since')
        if (view) view = { ...view, guest: false }
        break
      case 'UserErased':
        if (view) view = { ...view, erased: true }
        break
      default: {
        const request = tokenRequestOf(event)
        if (!request) break
        spend(request.type, () => 'a newer link superseded it')
        latest.set(request.type, request)
        requests.push(request)
      }
    }
  }
  return view
}
