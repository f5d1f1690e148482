import { describe, it } from 'vitest'
import type { UserEvent } from './events'
import {
  given,
  hash,
  hour,
  later,
  link,
  metadata,
  register,
  registered,
  userId,
  verificationRequested,
  verified,
} from './test-fixtures'

const guestRegistered = {
  ...registered,
  data: { ...registered.data, guest: true, source: 'competition_entry' },
} as UserEvent
/** A guest's password link lasts as long as a verification link. */
const passwordLinkRequested = (n: number): UserEvent => ({
  type: 'PasswordResetRequested',
  data: { userId, ...link(n), expiresAt: '2030-06-17T10:00:00.000Z' },
})
const guestInvited = [guestRegistered, verificationRequested(1), passwordLinkRequested(2)]

describe('RegisterUser', () => {
  it('records the registration and asks for a 48-hour verification link', () => {
    given()
      .when(register({ kind: 'self', dateOfBirth: '1990-01-01', verification: link(1) }))
      .thenEmits([registered, verificationRequested(1)])
  })

  it('refuses anyone under 18 on the day of the command', () => {
    given()
      .when(register({ kind: 'self', dateOfBirth: '2012-06-16', verification: link(1) }))
      .thenFails({ code: 'INVALID_DATE_OF_BIRTH', message: 'You must be 18 or older to register' })
  })

  it('records a guest from a competition entry, inviting them to choose a password within 48 hours', () => {
    given()
      .when(register({ kind: 'guest', verification: link(1), passwordLink: link(2) }))
      .thenEmits([guestRegistered, verificationRequested(1), passwordLinkRequested(2)])
  })

  it('holds a guest who gives a date of birth to the same age rule (issue 24)', () => {
    const guest = { kind: 'guest', verification: link(1), passwordLink: link(2) } as const
    given()
      .when(register({ ...guest, dateOfBirth: '2012-06-16' }))
      .thenFails({ code: 'INVALID_DATE_OF_BIRTH', message: 'You must be 18 or older to register' })
    given()
      .when(register({ ...guest, dateOfBirth: '1990-01-01' }))
      .thenEmits([guestRegistered, verificationRequested(1), passwordLinkRequested(2)])
  })

  it('records a verified admin without any email', () => {
    given()
      .when(register({ kind: 'admin' }))
      .thenEmits([
        {
          ...registered,
          data: { ...registered.data, role: 'admin', source: 'admin_bootstrap', emailVerified: true },
        } as UserEvent,
      ])
  })

  it('refuses an id that exists, erased or not', () => {
    const again = register({ kind: 'admin' })
    given(registered).when(again).thenFails({ code: 'USER_ALREADY_EXISTS' })
    given(registered, { type: 'UserErased', data: { userId } })
      .when(again)
      .thenFails({ code: 'USER_ALREADY_EXISTS' })
  })
})

describe('VerifyEmail', () => {
  const verify = (n: number, at = metadata) =>
    ({ type: 'VerifyEmail', data: { userId, tokenHash: hash(n) }, metadata: at }) as const

  it('verifies with the latest link', () => {
    given(registered, verificationRequested(1)).when(verify(1)).thenEmits([verified])
  })

  it('answers with nothing to record once verified, so the caller reports "already verified"', () => {
    given(registered, verificationRequested(1), verified).when(verify(1)).thenEmits([])
  })

  it('refuses a superseded link, an expired one, and a user with no link', () => {
    given(registered, verificationRequested(1), verificationRequested(2))
      .when(verify(1))
      .thenFails({ code: 'INVALID_TOKEN', reason: 'superseded' })
    given(registered, verificationRequested(1))
      .when(verify(1, later(48 * hour)))
      .thenFails({
        code: 'INVALID_TOKEN',
        reason: 'expired',
        message: 'Invalid or expired verification token',
      })
    given(registered).when(verify(1)).thenFails({ code: 'INVALID_TOKEN', reason: 'unknown' })
  })

  it('finds no erased user', () => {
    given(registered, verificationRequested(1), { type: 'UserErased', data: { userId } })
      .when(verify(1))
      .thenFails({ code: 'USER_NOT_FOUND' })
  })

  it('does not verify a guest still setting up: whoever created it chose the password', () => {
    given(...guestInvited)
      .when(verify(1))
      .thenFails({ code: 'INVALID_TOKEN', reason: 'superseded' })
  })
})

describe('RequestEmailVerification', () => {
  const resend = { type: 'RequestEmailVerification', data: { userId, link: link(2) }, metadata } as const

  it('sends a fresh link to an unverified user', () => {
    given(registered, verificationRequested(1))
      .when(resend)
      .thenEmits([verificationRequested(2)])
  })

  it('records nothing for a verified or banned user', () => {
    given(registered, verified).when(resend).thenEmits([])
    given(registered, { type: 'UserBanned', data: { userId } }).when(resend).thenEmits([])
  })

  it('sends a guest still setting up a new invitation with a password link', () => {
    const withPasswordLink = { ...resend, data: { ...resend.data, passwordLink: link(3) } }
    given(...guestInvited)
      .when(withPasswordLink)
      .thenEmits([verificationRequested(2), passwordLinkRequested(3)])
    // Anyone else is sent the verification link alone.
    given(registered, verificationRequested(1))
      .when(withPasswordLink)
      .thenEmits([verificationRequested(2)])
  })
})

describe('MarkEmailVerified', () => {
  const mark = { type: 'MarkEmailVerified', data: { userId }, metadata } as const
  it('verifies without a link, once', () => {
    given(registered)
      .when(mark)
      .thenEmits([{ type: 'EmailVerified', data: { userId, tokenHash: null } }])
    given(registered, verified).when(mark).thenEmits([])
  })
})
