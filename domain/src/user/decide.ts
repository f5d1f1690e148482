import type { registrationSources } from '@prizes/contracts'
import type { StreamDecider } from '../decider'
import type {
  BanUser,
  DemoteUser,
  EraseUser,
  PromoteUser,
  RegisterUser,
  Registration,
  UnbanUser,
  UpdateProfile,
  UserCommand,
} from './commands'
import {
  changePassword,
  guestInvitationRequested,
  markEmailVerified,
  requestEmailVerification,
  requestPasswordReset,
  resetPassword,
  verificationRequested,
  verifyEmail,
} from './decide-links'
import { CannotActOnSelf, UserAlreadyExists, UserNotFound } from './errors'
import { decodeUserEvent, type UserEvent } from './events'
import { setSpendingLimit, skipSpendingLimit, takeBreak } from './responsible-play'
import { assertRegistrableDateOfBirth, isGuestSettingUp } from './rules'
import { evolve, initialState, type RegisteredUser, type UserState } from './state'

/** An erased user is gone for every command, though the stream stays. */
function registered(state: UserState, userId: string): RegisteredUser {
  if (state.status !== 'registered') throw new UserNotFound(userId)
  return state
}

const sources = {
  self: 'registration',
  guest: 'competition_entry',
  admin: 'admin_bootstrap',
} as const satisfies Record<Registration['kind'], (typeof registrationSources)[number]>

function registerUser(command: RegisterUser, state: UserState): UserEvent[] {
  const { userId, personal, passwordHash, marketingEmails, registration } = command.data
  if (state.status !== 'none') throw new UserAlreadyExists(userId)
  const { now } = command.metadata
  if (registration.kind !== 'admin' && registration.dateOfBirth !== undefined) {
    assertRegistrableDateOfBirth(registration.dateOfBirth, now)
  }
  const registered: UserEvent = {
    type: 'UserRegistered',
    data: {
      userId,
      personal,
      passwordHash,
      role: registration.kind === 'admin' ? 'admin' : 'user',
      guest: registration.kind === 'guest',
      source: sources[registration.kind],
      marketingEmails,
      emailVerified: registration.kind === 'admin',
    },
  }
  if (registration.kind === 'admin') return [registered]
  // The mail reactor sends the link when it sees the request; registering sends nothing itself.
  if (registration.kind === 'guest')
    return [registered, ...guestInvitationRequested(userId, registration, now)]
  return [registered, verificationRequested(userId, registration.verification, now)]
}

/**
 * The date of birth stays as recorded; so does the email unless an admin changes it. A changed
 * email is unproven: the account is marked unverified and a verification link goes to the new
 * address, exactly as at registration (for a guest still setting up, the invitation with its
 * password link; for a banned account, no link, as `requestEmailVerification` sends none).
 */
function updateProfile(command: UpdateProfile, user: RegisteredUser): UserEvent[] {
  const { userId, email: newEmail, verification, ...editable } = command.data
  const { email, dateOfBirth } = user.personal
  const personal = { ...editable, email: newEmail ?? email, dateOfBirth }
  const updated: UserEvent = { type: 'ProfileUpdated', data: { userId, personal } }
  if (newEmail === undefined) return [updated]
  if (!verification) throw new Error('a changed email needs the verification link sent to it')
  const unverified: UserEvent = { type: 'EmailUnverified', data: { userId } }
  if (user.banned) return [updated, unverified]
  const { now } = command.metadata
  const links = isGuestSettingUp(user)
    ? guestInvitationRequested(
        userId,
        { verification: verification.link, passwordLink: verification.passwordLink },
        now,
      )
    : [verificationRequested(userId, verification.link, now)]
  return [updated, unverified, ...links]
}

function banUser(command: BanUser, user: RegisteredUser): UserEvent[] {
  if (command.data.byUserId === user.userId) throw new CannotActOnSelf('ban')
  return user.banned ? [] : [{ type: 'UserBanned', data: { userId: user.userId } }]
}

function unbanUser(_command: UnbanUser, user: RegisteredUser): UserEvent[] {
  return user.banned ? [{ type: 'UserUnbanned', data: { userId: user.userId } }] : []
}

function promoteUser(_command: PromoteUser, user: RegisteredUser): UserEvent[] {
  return user.role === 'admin' ? [] : [{ type: 'UserPromoted', data: { userId: user.userId } }]
}

function demoteUser(command: DemoteUser, user: RegisteredUser): UserEvent[] {
  if (command.data.byUserId === user.userId) throw new CannotActOnSelf('demote')
  return user.role === 'admin' ? [{ type: 'UserDemoted', data: { userId: user.userId } }] : []
}

/** Erasing twice is one erasure: the second finds nothing left to erase. */
function eraseUser(command: EraseUser, state: UserState): UserEvent[] {
  if (state.status === 'erased') return []
  const user = registered(state, command.data.userId)
  if (command.data.byUserId === user.userId) throw new CannotActOnSelf('delete')
  return [{ type: 'UserErased', data: { userId: user.userId } }]
}

export function decide(command: UserCommand, state: UserState): UserEvent[] {
  const { userId } = command.data
  switch (command.type) {
    case 'RegisterUser':
      return registerUser(command, state)
    case 'RequestEmailVerification':
      return requestEmailVerification(command, registered(state, userId))
    case 'VerifyEmail':
      return verifyEmail(command, registered(state, userId))
    case 'MarkEmailVerified':
      return markEmailVerified(command, registered(state, userId))
    case 'RequestPasswordReset':
      return requestPasswordReset(command, registered(state, userId))
    case 'ResetPassword':
      return resetPassword(command, registered(state, userId))
    case 'ChangePassword':
      return changePassword(command, registered(state, userId))
    case 'UpdateProfile':
      return updateProfile(command, registered(state, userId))
    case 'BanUser':
      return banUser(command, registered(state, userId))
    case 'UnbanUser':
      return unbanUser(command, registered(state, userId))
    case 'PromoteUser':
      return promoteUser(command, registered(state, userId))
    case 'DemoteUser':
      return demoteUser(command, registered(state, userId))
    case 'EraseUser':
      return eraseUser(command, state)
    case 'HoldAccountForReview': {
      // Held once; an account an admin cleared stays cleared.
      const user = registered(state, userId)
      if (user.review !== 'none') return []
      return [{ type: 'AccountHeldForReview', data: { userId, reason: 'matches-person-on-break' } }]
    }
    case 'ClearAccountReview':
      return registered(state, userId).review === 'cleared'
        ? []
        : [{ type: 'AccountReviewCleared', data: { userId } }]
    case 'ChooseWinnerName': {
      const { shown } = command.data
      if (registered(state, userId).winnerNameHidden === !shown) return []
      return [{ type: shown ? 'WinnerNameShown' : 'WinnerNameHidden', data: { userId } }]
    }
    case 'SetSpendingLimit':
      return setSpendingLimit(command, registered(state, userId).play)
    case 'SkipSpendingLimit':
      return skipSpendingLimit(command, registered(state, userId).play)
    case 'TakeBreak':
      return takeBreak(command, registered(state, userId).play)
    default: {
      const unhandled: never = command
      throw new Error(`Unknown user command ${JSON.stringify(unhandled)}`)
    }
  }
}

export const userDecider: StreamDecider<UserCommand, UserState, UserEvent> = {
  decide,
  evolve,
  initialState,
  decodeEvent: decodeUserEvent,
}
