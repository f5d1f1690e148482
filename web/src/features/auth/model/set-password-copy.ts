import { authMessages } from '@prizes/contracts'

/**
 * The words of the view for each link that sets a password: the reset email's, and the guest
 * invitation's "Finish setting up", which sets the guest's own password and verifies the email
 * (the server ends every session opened before, including the one the entry flow started).
 */
export interface SetPasswordCopy {
  readonly checking: string
  readonly invalidTitle: string
  readonly invalidHint: string
  readonly formTitle: string
  readonly submit: string
  readonly submitting: string
  readonly doneTitle: string
  readonly doneText: string
}

export const resetPasswordCopy: SetPasswordCopy = {
  checking: 'Checking your reset link…',
  invalidTitle: authMessages.invalidResetLink,
  invalidHint: 'Reset links work once and for one hour. Ask for a new one and we will email it to you.',
  formTitle: 'Choose a new password',
  submit: 'Reset Password',
  submitting: 'Resetting…',
  doneTitle: 'Your password has been reset',
  doneText: 'Your new password is set. Log in with it to carry on.',
}

export const finishSetupCopy: SetPasswordCopy = {
  checking: 'Checking your link…',
  invalidTitle: 'Invalid or expired link',
  invalidHint:
    'Links to finish setting up work once and for 48 hours. Ask for a password reset link and we will email it to you: it finishes setting up your account too.',
  formTitle: 'Choose your password',
  submit: 'Set Password',
  submitting: 'Saving…',
  doneTitle: 'Your account is ready',
  doneText: 'Your email is confirmed and your password is set. Log in with it to follow your entries.',
}
