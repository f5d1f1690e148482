import { emailToolMessages } from '@prizes/contracts'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../../lib/api-client'
import {
  allTemplatesOutcome,
  callFailedOutcome,
  checkEntryConfirmationForm,
  checkRecipient,
  emptyEntryConfirmationForm,
  singleSendOutcome,
} from './email-tools'

describe('email tools model', () => {
  it('checks the entry confirmation form with the server schema, a message per field', () => {
    const checked = checkEntryConfirmationForm({
      ...emptyEntryConfirmationForm,
      email: 'nope',
      numberOfEntries: '11',
      totalCost: '',
    })
    expect(checked).toEqual({
      ok: false,
      errors: {
        email: 'Please enter a valid email address',
        numberOfEntries: 'Number of entries must be at most 10',
        totalCost: 'Total cost must be a number',
      },
    })
    expect(
      checkEntryConfirmationForm({
        ...emptyEntryConfirmationForm,
        email: ' A@Example.com ',
        totalCost: '7.5',
      }),
    ).toEqual({
      ok: true,
      request: {
        email: 'a@example.com',
        firstName: 'Test',
        competitionTitle: 'Test competition',
        numberOfEntries: 1,
        totalCost: 7.5,
      },
    })
  })

  it('checks a recipient', () => {
    expect(checkRecipient('x')).toEqual({ ok: false, error: 'Please enter a valid email address' })
    expect(checkRecipient('X@example.com')).toEqual({ ok: true, recipient: 'x@example.com' })
  })

  it("says 'Failed to …: reason' with the SMTP server's error or the call's", () => {
    const refused = {
      success: false,
      message: 'The SMTP server did not accept the direct test email: 451 Try again later',
      result: { template: 'direct-test', status: 'failed' as const, error: '451 Try again later' },
    }
    expect(singleSendOutcome(emailToolMessages.directTestFailed, refused)).toEqual({
      tone: 'error',
      message: 'Failed to send direct test: 451 Try again later',
    })
    const failed = callFailedOutcome(
      emailToolMessages.entryConfirmationFailed,
      new ApiError(429, 'RATE_LIMITED', 'Too many test emails. Please wait a minute and try again.'),
    )
    expect(failed.message).toBe(
      'Failed to send entry confirmation: Too many test emails. Please wait a minute and try again.',
    )
    expect(
      allTemplatesOutcome({
        success: false,
        message: '5 of 6 templates sent to a@example.com',
        summary: { total: 6, successful: 5 },
        results: [],
      }).message,
    ).toBe('Failed to test email templates: 1 of 6 templates were not sent')
  })
})
