import { describe, expect, it } from 'vitest'
import type { UserCommand } from './commands'
import type { UserEvent } from './events'
import { assertWithinLimit, breakAt, limitAt, pendingAt } from './responsible-play'
import {
  enc,
  given,
  hash,
  hour,
  later,
  metadata,
  now,
  registered,
  resetRequested,
  userId,
  verified,
} from './test-fixtures'

const setLimit = (limitPence: number | null, at = metadata): UserCommand => ({
  type: 'SetSpendingLimit',
  data: { userId, limitPence, prompt: 'account-settings' },
  metadata: at,
})
const limitSet = (limitPence: number): UserEvent => ({
  type: 'SpendingLimitSet',
  data: { userId, limitPence, prompt: 'account-settings' },
})
const day = 24 * hour
const inADay = new Date(now.getTime() + day).toISOString()
const increase = (limitPence: number | null, currentLimitPence: number, effectiveAt = inADay): UserEvent => ({
  type: 'SpendingLimitIncreaseRequested',
  data: { userId, limitPence, currentLimitPence, effectiveAt },
})
const takeBreak = (period: '1d' | '7d' | '30d' | '6m' | 'permanent', at = metadata): UserCommand => ({
  type: 'TakeBreak',
  data: { userId, period },
  metadata: at,
})

describe('monthly spending limit', () => {
  it('a first limit applies at once, £0 included', () => {
    given(registered)
      .when(setLimit(0))
      .thenEmits([limitSet(0)])
    given(registered)
      .when(setLimit(1000))
      .thenEmits([limitSet(1000)])
  })

  it('a lower limit applies at once and drops a pending increase', () => {
    const { state } = given(registered, limitSet(1000), increase(5000, 1000))
    given(registered, limitSet(1000), increase(5000, 1000))
      .when(setLimit(500))
      .thenEmits([limitSet(500)])
    expect(state.status === 'registered' && pendingAt(state.play, now)).toEqual({
      limitPence: 5000,
      effectiveAt: inADay,
    })
  })

  it('a higher limit or none waits 24 hours', () => {
    given(registered, limitSet(1000))
      .when(setLimit(2000))
      .thenEmits([increase(2000, 1000)])
    given(registered, limitSet(1000))
      .when(setLimit(null))
      .thenEmits([increase(null, 1000)])
  })

  it('the limit in force changes only once the 24 hours have passed', () => {
    const { state } = given(registered, limitSet(1000), increase(2000, 1000))
    if (state.status !== 'registered') throw new Error('registered expected')
    expect(limitAt(state.play, new Date(now.getTime() + day - 1))).toBe(1000)
    expect(limitAt(state.play, new Date(now.getTime() + day))).toBe(2000)
    expect(pendingAt(state.play, new Date(now.getTime() + day))).toBeNull()
  })

  it('an increase asked after an earlier one came into force starts from it', () => {
    given(registered, limitSet(1000), increase(2000, 1000))
      .when(setLimit(3000, later(day + hour)))
      .thenEmits([increase(3000, 2000, new Date(now.getTime() + 2 * day + hour).toISOString())])
  })

  it('no limit and none asked for only answers the question, once', () => {
    given(registered)
      .when(setLimit(null))
      .thenEmits([{ type: 'SpendingLimitSkipped', data: { userId, prompt: 'account-settings' } }])
    given(registered, limitSet(100), increase(null, 100))
      .when(setLimit(null, later(2 * day)))
      .thenEmits([])
  })

  it('skipping is recorded once', () => {
    const skip: UserCommand = { type: 'SkipSpendingLimit', data: { userId, prompt: 'sign-up' }, metadata }
    const skipped: UserEvent = { type: 'SpendingLimitSkipped', data: { userId, prompt: 'sign-up' } }
    given(registered).when(skip).thenEmits([skipped])
    given(registered, skipped).when(skip).thenEmits([])
  })

  it('refuses a purchase over the limit with what is left', () => {
    expect(() => assertWithinLimit(1000, 500, 1500)).toThrow(
      'This would take you over your monthly spending limit of £10.00. You have £5.00 left this month.',
    )
    expect(() => assertWithinLimit(0, 0, 100)).toThrow(expect.objectContaining({ leftPence: 0 }))
    expect(() => assertWithinLimit(1000, 500, 500)).not.toThrow()
    expect(() => assertWithinLimit(null, 10_000_000, 500)).not.toThrow()
  })
})

describe('breaks', () => {
  const taken = (period: '1d' | '7d' | '30d' | '6m' | 'permanent', endsAt: string | null): UserEvent => ({
    type: 'BreakTaken',
    data: { userId, period, endsAt },
  })

  it('ends after its period, or never', () => {
    given(registered)
      .when(takeBreak('1d'))
      .thenEmits([taken('1d', inADay)])
    given(registered)
      .when(takeBreak('6m'))
      .thenEmits([taken('6m', '2030-12-15T10:00:00.000Z')])
    given(registered)
      .when(takeBreak('permanent'))
      .thenEmits([taken('permanent', null)])
  })

  it('is in force until it ends', () => {
    const { state } = given(registered, taken('1d', inADay))
    if (state.status !== 'registered') throw new Error('registered expected')
    expect(breakAt(state.play, new Date(now.getTime() + day - 1))).toEqual({ endsAt: inADay })
    expect(breakAt(state.play, new Date(now.getTime() + day))).toBeUndefined()
  })

  it('cannot be shortened, only lengthened', () => {
    given(registered, taken('7d', new Date(now.getTime() + 7 * day).toISOString()))
      .when(takeBreak('1d'))
      .thenFails({ code: 'BREAK_CANNOT_BE_SHORTENED' })
    given(registered, taken('permanent', null))
      .when(takeBreak('6m'))
      .thenFails({ code: 'BREAK_CANNOT_BE_SHORTENED' })
    given(registered, taken('1d', inADay))
      .when(takeBreak('7d'))
      .thenEmits([taken('7d', new Date(now.getTime() + 7 * day).toISOString())])
  })

  it('a new break may follow one that ended', () => {
    given(registered, taken('1d', inADay))
      .when(takeBreak('1d', later(2 * day)))
      .thenEmits([taken('1d', new Date(now.getTime() + 3 * day).toISOString())])
  })
})

describe('a limit and break set while the email was unproven (issue 23)', () => {
  const permanent: UserEvent = { type: 'BreakTaken', data: { userId, period: 'permanent', endsAt: null } }
  const reset = (n: number): UserCommand => ({
    type: 'ResetPassword',
    data: { userId, tokenHash: hash(n), passwordHash: enc('owner') },
    metadata,
  })
  const resetDone = (n: number): UserEvent[] => [
    { type: 'PasswordReset', data: { userId, passwordHash: enc('owner'), tokenHash: hash(n) } },
    { type: 'EmailVerified', data: { userId, tokenHash: null } },
  ]
  const dropped = (restored: Partial<Extract<UserEvent, { type: 'UnconfirmedPlayDropped' }>['data']> = {}) =>
    ({
      type: 'UnconfirmedPlayDropped',
      data: { userId, limitPence: null, pending: null, limitAnswered: false, break: null, ...restored },
    }) as const satisfies UserEvent

  it('bind the account until its owner chooses a password from the emailed link, then are dropped', () => {
    const stranger = given(registered, permanent, limitSet(0), resetRequested(2))
    if (stranger.state.status !== 'registered') throw new Error('registered expected')
    expect(breakAt(stranger.state.play, now)).toEqual({ endsAt: null })
    expect(limitAt(stranger.state.play, now)).toBe(0)
    stranger.when(reset(2)).thenEmits([...resetDone(2), dropped()])
    const owner = given(registered, permanent, limitSet(0), resetRequested(2), ...resetDone(2), dropped())
    if (owner.state.status !== 'registered') throw new Error('registered expected')
    expect(breakAt(owner.state.play, now)).toBeUndefined()
    expect(limitAt(owner.state.play, now)).toBeNull()
    // What the owner sets now binds them: a later reset drops nothing.
    given(
      registered,
      permanent,
      resetRequested(2),
      ...resetDone(2),
      dropped(),
      limitSet(500),
      resetRequested(3),
    )
      .when(reset(3))
      .thenEmits([
        { type: 'PasswordReset', data: { userId, passwordHash: enc('owner'), tokenHash: hash(3) } },
      ])
  })

  it('restores what was in force before them: a proven limit stays', () => {
    given(registered, verified, limitSet(1000), { type: 'EmailUnverified', data: { userId } })
      .when(setLimit(0))
      .thenEmits([limitSet(0)])
    given(
      registered,
      verified,
      limitSet(1000),
      { type: 'EmailUnverified', data: { userId } },
      limitSet(0),
      permanent,
      resetRequested(2),
    )
      .when(reset(2))
      .thenEmits([...resetDone(2), dropped({ limitPence: 1000, limitAnswered: true })])
  })

  it('nothing to drop when every change was made with a proven email', () => {
    given(registered, verified, permanent, resetRequested(2))
      .when(reset(2))
      .thenEmits([
        { type: 'PasswordReset', data: { userId, passwordHash: enc('owner'), tokenHash: hash(2) } },
      ])
  })
})
