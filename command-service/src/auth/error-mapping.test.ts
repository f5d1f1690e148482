import { authMessages } from '@prizes/contracts'
import {
  AccountBanned,
  CannotActOnSelf,
  EmailNotVerified,
  EmailTaken,
  IncorrectCurrentPassword,
  InvalidCredentials,
  InvalidDateOfBirth,
  InvalidToken,
  RegistrationsClosed,
  UserAlreadyExists,
  UserNotFound,
} from '@prizes/domain'
import { describe, expect, it } from 'vitest'
import { answerOf } from '../testing/error-answer'

describe('account errors over HTTP', () => {
  it.each([
    [new UserNotFound('u'), 404, 'USER_NOT_FOUND'],
    [new InvalidCredentials(), 401, 'INVALID_CREDENTIALS'],
    [new EmailNotVerified(), 403, 'EMAIL_NOT_VERIFIED'],
    [new AccountBanned(), 403, 'ACCOUNT_BANNED'],
    [new RegistrationsClosed(), 403, 'REGISTRATIONS_CLOSED'],
    [new EmailTaken(), 409, 'EMAIL_TAKEN'],
    [new UserAlreadyExists('u'), 409, 'USER_ALREADY_EXISTS'],
    [new CannotActOnSelf('demote'), 409, 'CANNOT_ACT_ON_SELF'],
    [new InvalidToken('reset-password', 'expired'), 400, 'INVALID_TOKEN'],
  ])('%s is %i %s', (error, status, code) => {
    expect(answerOf(error)).toMatchObject({ status, code, message: error.message })
  })

  it('names the field of a form rule that needed the server', () => {
    expect(answerOf(new InvalidDateOfBirth(authMessages.underage))).toEqual({
      status: 400,
      success: false,
      code: 'VALIDATION_FAILED',
      message: authMessages.underage,
      fieldErrors: { dateOfBirth: [authMessages.underage] },
    })
    expect(answerOf(new IncorrectCurrentPassword())).toMatchObject({
      status: 400,
      fieldErrors: { currentPassword: ['Current password is incorrect'] },
    })
  })

  it('keeps the spec wording for sign-in refusals', () => {
    expect(answerOf(new EmailNotVerified())?.message).toContain('verify your email')
    expect(answerOf(new InvalidToken('verify-email', 'used'))?.message).toBe(
      authMessages.invalidVerificationToken,
    )
  })
})
