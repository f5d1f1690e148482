import type { Encrypted, EncryptedPersonalData, registrationSources, UserRole } from '@prizes/contracts'
import type { UserEvent } from './events'
import { evolvePlay, noResponsiblePlay, type ResponsiblePlay } from './responsible-play'

/** The latest verification or reset link a user was sent; only its hash is ever known here. */
export interface OutstandingToken {
  readonly tokenHash: string
  readonly expiresAt: string
  readonly used: boolean
}

export interface RegisteredUser {
  readonly status: 'registered'
  readonly userId: string
  readonly role: UserRole
  readonly banned: boolean
  readonly guest: boolean
  readonly source: (typeof registrationSources)[number]
  readonly emailVerified: boolean
  readonly marketingEmails: boolean
  /** Encrypted with the user's key; only the command side can read them. */
  readonly personal: EncryptedPersonalData
  readonly passwordHash: Encrypted
  /** Only the latest link of each kind counts: asking again supersedes the older one. */
  readonly verification: OutstandingToken | undefined
  readonly reset: OutstandingToken | undefined
  /**
   * Rises whenever sessions issued before must end (password changed or reset, ban, demotion,
   * erasure). The command side's session table mirrors it so every request can check it.
   */
  readonly tokenVersion: number
  /** The monthly spending limit and breaks the user set themselves. */
  readonly play: ResponsiblePlay
  /**
   * `held`: the account matches a person on a break under another account and may not pay
   * until an admin clears it; `cleared`: an admin found another person (issue 23).
   */
  readonly review: 'none' | 'held' | 'cleared'
  /** Whether the user objected to their name being published as a winner (issue 24). */
  readonly winnerNameHidden: boolean
}

/** Erased: the stream keeps its shape, the key is gone, and no command applies any more. */
export interface ErasedUser {
  readonly status: 'erased'
  readonly userId: string
  readonly tokenVersion: number
}

export interface NoUser {
  readonly status: 'none'
}

export type UserState = NoUser | RegisteredUser | ErasedUser

export const initialState: UserState = { status: 'none' }

function markUsed(
  token: OutstandingToken | undefined,
  tokenHash: string | null,
): OutstandingToken | undefined {
  return token && token.tokenHash === tokenHash ? { ...token, used: true } : token
}

function evolveRegistered(user: RegisteredUser, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return user
    case 'EmailVerificationRequested': {
      const { tokenHash, expiresAt } = event.data
      return { ...user, verification: { tokenHash, expiresAt, used: false } }
    }
    case 'EmailVerified':
      return {
        ...user,
        emailVerified: true,
        verification: markUsed(user.verification, event.data.tokenHash),
      }
    case 'EmailUnverified':
      // Any link sent to the old address dies with it; a new one follows in the same append.
      return { ...user, emailVerified: false, verification: undefined }
    case 'PasswordResetRequested': {
      const { tokenHash, expiresAt } = event.data
      return { ...user, reset: { tokenHash, expiresAt, used: false } }
    }
    case 'PasswordReset':
      return {
        ...user,
        passwordHash: event.data.passwordHash,
        reset: markUsed(user.reset, event.data.tokenHash),
        tokenVersion: user.tokenVersion + 1,
      }
    case 'PasswordChanged':
      // A reset link sent before the change would undo it; it dies with the old password.
      return {
        ...user,
        passwordHash: event.data.passwordHash,
        reset: undefined,
        tokenVersion: user.tokenVersion + 1,
      }
    case 'ProfileUpdated':
      return { ...user, personal: event.data.personal }
    case 'UserBanned':
      return { ...user, banned: true, tokenVersion: user.tokenVersion + 1 }
    case 'UserUnbanned':
      return { ...user, banned: false }
    case 'UserPromoted':
      return { ...user, role: 'admin' }
    case 'UserDemoted':
      return { ...user, role: 'user', tokenVersion: user.tokenVersion + 1 }
    case 'UserErased':
      return { status: 'erased', userId: user.userId, tokenVersion: user.tokenVersion + 1 }
    case 'SpendingLimitSet':
    case 'SpendingLimitIncreaseRequested':
    case 'SpendingLimitSkipped':
    case 'BreakTaken':
    case 'UnconfirmedPlayDropped':
      return { ...user, play: evolvePlay(user.play, event, user.emailVerified) }
    case 'WinnerNameHidden':
      return { ...user, winnerNameHidden: true }
    case 'WinnerNameShown':
      return { ...user, winnerNameHidden: false }
    case 'AccountHeldForReview':
      return { ...user, review: 'held' }
    case 'AccountReviewCleared':
      return { ...user, review: 'cleared' }
    default: {
      const unhandled: never = event
      throw new Error(`evolve does not handle ${JSON.stringify(unhandled)}`)
    }
  }
}

/**
 * Applies a recorded fact. Facts were checked by `decide` before they were written, so evolve
 * never refuses one; an event that cannot apply (only a corrupt stream could hold one) leaves
 * the state as it was.
 */
export function evolve(state: UserState, event: UserEvent): UserState {
  if (state.status === 'none') {
    if (event.type !== 'UserRegistered') return state
    const { userId, personal, passwordHash, role, guest, source, marketingEmails, emailVerified } = event.data
    return {
      status: 'registered',
      userId,
      role,
      banned: false,
      guest,
      source,
      emailVerified,
      marketingEmails,
      personal,
      passwordHash,
      verification: undefined,
      reset: undefined,
      tokenVersion: 0,
      play: noResponsiblePlay,
      review: 'none',
      winnerNameHidden: false,
    }
  }
  if (state.status === 'erased') return state
  return evolveRegistered(state, event)
}
