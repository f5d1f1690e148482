import { brand, companyDetails } from '../brand'
import { tokenLink } from './links'
import { greeting, type RenderedEmail, renderEmail } from './render'
import { describeValidity, type LinkValidity } from './validity'

interface Recipient {
  readonly publicUrl: string
  /** Shown in the greeting; omitted when unknown. */
  readonly firstName?: string | undefined
}

const ignoreIfNotYou =
  'If you did not ask for this, you can ignore this email: nothing changes until the link is used.'

/** After registration or a resend: the link to the verify-email page. */
export function verificationEmail(
  input: Recipient & LinkValidity & { readonly token: string },
): RenderedEmail {
  return renderEmail(`Verify your email address for ${brand.name}`, [
    { kind: 'paragraph', text: greeting(input.firstName) },
    {
      kind: 'paragraph',
      text: `Thank you for signing up to ${brand.name}. Please confirm your email address so you can sign in and enter competitions.`,
    },
    {
      kind: 'button',
      label: 'Verify my email address',
      href: tokenLink(input.publicUrl, 'verify-email', input.token),
    },
    { kind: 'paragraph', text: `This link can be used once and is valid for ${describeValidity(input)}.` },
    { kind: 'paragraph', text: ignoreIfNotYou },
  ])
}

/** After forgot-password: the link to the reset-password page. */
export function passwordResetEmail(
  input: Recipient & LinkValidity & { readonly token: string },
): RenderedEmail {
  return renderEmail(`Reset your ${brand.name} password`, [
    { kind: 'paragraph', text: greeting(input.firstName) },
    { kind: 'paragraph', text: 'We received a request to reset the password of your account.' },
    {
      kind: 'button',
      label: 'Choose a new password',
      href: tokenLink(input.publicUrl, 'reset-password', input.token),
    },
    { kind: 'paragraph', text: `This link can be used once and is valid for ${describeValidity(input)}.` },
    {
      kind: 'paragraph',
      text: 'If you did not ask to reset your password, you can ignore this email: your password stays as it is.',
    },
  ])
}

/**
 * To a guest account created during a competition entry: the link to the finish-setup page,
 * where the guest chooses a password (a reset token), which also confirms the email and ends
 * every session opened before, whoever opened it.
 */
export function guestInvitationEmail(
  input: Recipient & LinkValidity & { readonly token: string },
): RenderedEmail {
  return renderEmail(`Finish setting up your ${brand.name} account`, [
    { kind: 'paragraph', text: greeting(input.firstName) },
    {
      kind: 'paragraph',
      text: `We created a ${brand.name} guest account for you when you entered a competition. Finish setting it up to sign in at any time, follow your entries and hear if you win.`,
    },
    {
      kind: 'paragraph',
      text: 'Choose your own password below. Doing so also confirms your email address.',
    },
    {
      kind: 'button',
      label: 'Choose my password',
      href: tokenLink(input.publicUrl, 'finish-setup', input.token),
    },
    { kind: 'paragraph', text: `This link can be used once and is valid for ${describeValidity(input)}.` },
    { kind: 'paragraph', text: 'If you did not enter a competition with us, you can ignore this email.' },
  ])
}

/**
 * To the address an account had until an admin changed it: the change, that every session was
 * ended, and whom to ask if it was not wanted. The new address is not named: whoever reads the
 * old inbox need not learn it.
 */
export function emailChangedEmail(input: Recipient): RenderedEmail {
  return renderEmail(`The email address of your ${brand.name} account was changed`, [
    { kind: 'paragraph', text: greeting(input.firstName) },
    {
      kind: 'paragraph',
      text: `Our support team changed the email address of your ${brand.name} account: this address no longer signs in to it, and every session that was signed in has been ended.`,
    },
    {
      kind: 'paragraph',
      text: `If you did not ask for this, please contact us at ${companyDetails().supportEmail} straight away.`,
    },
  ])
}
