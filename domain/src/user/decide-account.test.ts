import { describe, expect, it } from 'vitest'
import type { UserEvent } from './events'
import { expiryAfter, verificationLinkLifetimeMs } from './rules'
import { evolve, initialState } from './state'
import {
  adminId,
  enc,
  given,
  hash,
  hour,
  later,
  link,
  metadata,
  personal,
  registered,
  resetRequested,
  userId,
  verificationRequested,
  verified,
} from './test-fixtures'

const banned: UserEvent = { type: 'UserBanned', data: { userId } }
const guest: UserEvent = {
  ...registered,
  data: { ...registered.data, guest: true, source: 'competition_entry' },
} as UserEvent
const erased: UserEvent = { type: 'UserErased', data: { userId } }

describe('RequestPasswordReset', () => {
  const request = {
    type: 'RequestPasswordReset',
    data: { userId, link: { nonce: 'nonce-2-0123456789', tokenHash: hash(2) } },
    metadata,
  } as const

  it('asks for a link valid for one hour', () => {
    given(registered, verified)
      .when(request)
      .thenEmits([resetRequested(2)])
  })

  it('records nothing for a banned user (the caller answers the same)', () => {
    given(registered, banned).when(request).thenEmits([])
  })
})

describe('ResetPassword', () => {
  const reset = (n: number, at = metadata) =>
    ({
      type: 'ResetPassword',
      data: { userId, tokenHash: hash(n), passwordHash: enc('new') },
      metadata: at,
    }) as const
  const passwordReset: UserEvent = {
    type: 'PasswordReset',
    data: { userId, passwordHash: enc('new'), tokenHash: hash(2) },
  }

  it('sets the password with the latest link, and verifies an unverified email too', () => {
    given(registered, verified, resetRequested(2)).when(reset(2)).thenEmits([passwordReset])
    given(registered, verificationRequested(1), resetRequested(2))
      .when(reset(2))
      .thenEmits([passwordReset, { type: 'EmailVerified', data: { userId, tokenHash: null } }])
  })

  it('uses a link once', () => {
    given(registered, verified, resetRequested(2), passwordReset)
      .when(reset(2))
      .thenFails({ code: 'INVALID_TOKEN', reason: 'used', message: 'Invalid or expired reset link' })
  })

  it('refuses a link after its hour, a superseded one, and one outlived by a password change', () => {
    given(registered, resetRequested(2))
      .when(reset(2, later(hour)))
      .thenFails({ code: 'INVALID_TOKEN', reason: 'expired' })
    given(registered, resetRequested(2), resetRequested(3))
      .when(reset(2))
      .thenFails({ code: 'INVALID_TOKEN', reason: 'superseded' })
    given(registered, resetRequested(2), {
      type: 'PasswordChanged',
      data: { userId, passwordHash: enc('x') },
    })
      .when(reset(2))
      .thenFails({ code: 'INVALID_TOKEN', reason: 'unknown' })
  })

  it('refuses a banned user', () => {
    given(registered, resetRequested(2), banned).when(reset(2)).thenFails({ code: 'ACCOUNT_BANNED' })
  })

  it("finishes a guest's setup: the password chosen at entry is replaced, the email verified, every session ended", () => {
    const invited = [guest, verificationRequested(1), resetRequested(2)]
    given(...invited)
      .when(reset(2))
      .thenEmits([passwordReset, { type: 'EmailVerified', data: { userId, tokenHash: null } }])
    const after = [
      ...invited,
      passwordReset,
      { type: 'EmailVerified', data: { userId, tokenHash: null } } as UserEvent,
    ]
    const state = after.reduce(evolve, initialState)
    expect(state).toMatchObject({ passwordHash: enc('new'), emailVerified: true, tokenVersion: 1 })
  })
})

describe('ChangePassword', () => {
  const change = { type: 'ChangePassword', data: { userId, passwordHash: enc('new') }, metadata } as const
  it('records the new hash', () => {
    given(registered, verified)
      .when(change)
      .thenEmits([{ type: 'PasswordChanged', data: { userId, passwordHash: enc('new') } }])
  })
  it('refuses a banned or erased user', () => {
    given(registered, banned).when(change).thenFails({ code: 'ACCOUNT_BANNED' })
    given(registered, erased).when(change).thenFails({ code: 'USER_NOT_FOUND' })
  })
  it('refuses a guest still setting up, whose password was chosen at entry, until the link sets one', () => {
    given(guest, verificationRequested(1)).when(change).thenFails({ code: 'GUEST_SETUP_PENDING' })
    given(guest, verificationRequested(1), verified)
      .when(change)
      .thenEmits([{ type: 'PasswordChanged', data: { userId, passwordHash: enc('new') } }])
  })
})

describe('UpdateProfile', () => {
  it('keeps the recorded email and date of birth whatever else changes', () => {
    const edited = { firstName: enc('f2'), lastName: enc('l2'), phone: enc('p2'), address: enc('a2') }
    given(registered)
      .when({ type: 'UpdateProfile', data: { userId, ...edited }, metadata })
      .thenEmits([
        {
          type: 'ProfileUpdated',
          data: { userId, personal: { ...edited, email: personal.email, dateOfBirth: personal.dateOfBirth } },
        },
      ])
  })

  const edited = { firstName: enc('f2'), lastName: enc('l2'), phone: enc('p2'), address: enc('a2') }
  const changeEmail = {
    type: 'UpdateProfile' as const,
    data: { userId, ...edited, email: enc('e2'), verification: { link: link(2), passwordLink: link(3) } },
    metadata,
  }
  const updated: UserEvent = {
    type: 'ProfileUpdated',
    data: { userId, personal: { ...edited, email: enc('e2'), dateOfBirth: personal.dateOfBirth } },
  }
  const unverified: UserEvent = { type: 'EmailUnverified', data: { userId } }

  it("takes an admin's new email, keeping the date of birth, unverified until the link sent to it is used", () => {
    const before = given(registered, verificationRequested(1), verified)
    expect(before.state).toMatchObject({ emailVerified: true })
    const expiresAt = expiryAfter(metadata.now, verificationLinkLifetimeMs)
    const events: UserEvent[] = [
      updated,
      unverified,
      { type: 'EmailVerificationRequested', data: { userId, ...link(2), expiresAt } },
    ]
    before.when(changeEmail).thenEmits(events)
    const after = given(registered, verificationRequested(1), verified, ...events)
    expect(after.state).toMatchObject({
      emailVerified: false,
      verification: { tokenHash: link(2).tokenHash, used: false },
    })
    after
      .when({ type: 'VerifyEmail', data: { userId, tokenHash: link(2).tokenHash }, metadata })
      .thenEmits([{ type: 'EmailVerified', data: { userId, tokenHash: link(2).tokenHash } }])
  })

  it('sends a banned account no link, but its new email is unverified all the same', () => {
    given(registered, banned).when(changeEmail).thenEmits([updated, unverified])
  })

  it('refuses a changed email without the link that proves it', () => {
    const { verification: _, ...data } = changeEmail.data
    expect(() =>
      given(registered)
        .when({ ...changeEmail, data })
        .thenEmits([]),
    ).toThrow('verification link')
  })
})

describe('admin actions', () => {
  const promoted: UserEvent = { type: 'UserPromoted', data: { userId } }

  it('bans and unbans once each', () => {
    given(registered)
      .when({ type: 'BanUser', data: { userId, byUserId: adminId }, metadata })
      .thenEmits([banned])
    given(registered, banned).when({ type: 'BanUser', data: { userId }, metadata }).thenEmits([])
    given(registered, banned)
      .when({ type: 'UnbanUser', data: { userId }, metadata })
      .thenEmits([{ type: 'UserUnbanned', data: { userId } }])
    given(registered).when({ type: 'UnbanUser', data: { userId }, metadata }).thenEmits([])
  })

  it('promotes and demotes once each', () => {
    given(registered).when({ type: 'PromoteUser', data: { userId }, metadata }).thenEmits([promoted])
    given(registered, promoted).when({ type: 'PromoteUser', data: { userId }, metadata }).thenEmits([])
    given(registered, promoted)
      .when({ type: 'DemoteUser', data: { userId, byUserId: adminId }, metadata })
      .thenEmits([{ type: 'UserDemoted', data: { userId } }])
    given(registered).when({ type: 'DemoteUser', data: { userId }, metadata }).thenEmits([])
  })

  it('lets nobody ban, demote or delete themselves', () => {
    given(registered, promoted)
      .when({ type: 'DemoteUser', data: { userId, byUserId: userId }, metadata })
      .thenFails({ code: 'CANNOT_ACT_ON_SELF', action: 'demote' })
    given(registered, promoted)
      .when({ type: 'BanUser', data: { userId, byUserId: userId }, metadata })
      .thenFails({ code: 'CANNOT_ACT_ON_SELF', action: 'ban' })
    given(registered, promoted)
      .when({ type: 'EraseUser', data: { userId, byUserId: userId }, metadata })
      .thenFails({ code: 'CANNOT_ACT_ON_SELF', action: 'delete' })
  })

  it('erases once; an erased user is not found by anything else', () => {
    given(registered).when({ type: 'EraseUser', data: { userId }, metadata }).thenEmits([erased])
    given(registered)
      .when({ type: 'EraseUser', data: { userId, byUserId: adminId }, metadata })
      .thenEmits([erased])
    given(registered, erased).when({ type: 'EraseUser', data: { userId }, metadata }).thenEmits([])
    given().when({ type: 'EraseUser', data: { userId }, metadata }).thenFails({ code: 'USER_NOT_FOUND' })
    given(registered, erased)
      .when({ type: 'PromoteUser', data: { userId }, metadata })
      .thenFails({ code: 'USER_NOT_FOUND' })
  })
})

describe('tokenVersion', () => {
  const versionAfter = (...events: UserEvent[]) => {
    const state = [registered, ...events].reduce(evolve, initialState)
    return state.status === 'none' ? undefined : state.tokenVersion
  }

  it('rises on password change and reset, ban, demotion and erasure, and nothing else', () => {
    expect(versionAfter()).toBe(0)
    expect(versionAfter({ type: 'PasswordChanged', data: { userId, passwordHash: enc('x') } })).toBe(1)
    expect(
      versionAfter(resetRequested(2), {
        type: 'PasswordReset',
        data: { userId, passwordHash: enc('x'), tokenHash: hash(2) },
      }),
    ).toBe(1)
    expect(versionAfter(banned, { type: 'UserUnbanned', data: { userId } })).toBe(1)
    expect(
      versionAfter({ type: 'UserPromoted', data: { userId } }, { type: 'UserDemoted', data: { userId } }),
    ).toBe(1)
    expect(versionAfter(erased)).toBe(1)
    expect(versionAfter(verified, { type: 'ProfileUpdated', data: { userId, personal } })).toBe(0)
  })
})
