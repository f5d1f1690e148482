import { type UserEvent, type UserEventType, userEvents } from '@prizes/contracts'
import type { StoredEvent } from '../decider'

export type { UserEvent, UserEventType }

function isUserEventType(type: string): type is UserEventType {
  return Object.hasOwn(userEvents, type)
}

/**
 * A stored user event, validated against its contract schema. Unknown types answer undefined
 * (see `EventDecoder`); a known type with bad data throws, so a stream that breaks its own
 * contract stops the command instead of being misread.
 */
export function decodeUserEvent(stored: StoredEvent): UserEvent | undefined {
  const { type } = stored
  if (!isUserEventType(type)) return undefined
  switch (type) {
    case 'UserRegistered':
      return { type, data: userEvents.UserRegistered.parse(stored.data) }
    case 'EmailVerificationRequested':
      return { type, data: userEvents.EmailVerificationRequested.parse(stored.data) }
    case 'EmailVerified':
      return { type, data: userEvents.EmailVerified.parse(stored.data) }
    case 'EmailUnverified':
      return { type, data: userEvents.EmailUnverified.parse(stored.data) }
    case 'PasswordResetRequested':
      return { type, data: userEvents.PasswordResetRequested.parse(stored.data) }
    case 'PasswordReset':
      return { type, data: userEvents.PasswordReset.parse(stored.data) }
    case 'PasswordChanged':
      return { type, data: userEvents.PasswordChanged.parse(stored.data) }
    case 'ProfileUpdated':
      return { type, data: userEvents.ProfileUpdated.parse(stored.data) }
    case 'UserBanned':
      return { type, data: userEvents.UserBanned.parse(stored.data) }
    case 'UserUnbanned':
      return { type, data: userEvents.UserUnbanned.parse(stored.data) }
    case 'UserPromoted':
      return { type, data: userEvents.UserPromoted.parse(stored.data) }
    case 'UserDemoted':
      return { type, data: userEvents.UserDemoted.parse(stored.data) }
    case 'UserErased':
      return { type, data: userEvents.UserErased.parse(stored.data) }
    case 'WinnerNameHidden':
      return { type, data: userEvents.WinnerNameHidden.parse(stored.data) }
    case 'WinnerNameShown':
      return { type, data: userEvents.WinnerNameShown.parse(stored.data) }
    case 'SpendingLimitSet':
      return { type, data: userEvents.SpendingLimitSet.parse(stored.data) }
    case 'SpendingLimitIncreaseRequested':
      return { type, data: userEvents.SpendingLimitIncreaseRequested.parse(stored.data) }
    case 'SpendingLimitSkipped':
      return { type, data: userEvents.SpendingLimitSkipped.parse(stored.data) }
    case 'BreakTaken':
      return { type, data: userEvents.BreakTaken.parse(stored.data) }
    case 'UnconfirmedPlayDropped':
      return { type, data: userEvents.UnconfirmedPlayDropped.parse(stored.data) }
    case 'AccountHeldForReview':
      return { type, data: userEvents.AccountHeldForReview.parse(stored.data) }
    case 'AccountReviewCleared':
      return { type, data: userEvents.AccountReviewCleared.parse(stored.data) }
    default: {
      const unhandled: never = type
      throw new Error(`No decoder for user event ${String(unhandled)}`)
    }
  }
}
