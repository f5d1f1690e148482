export { brand } from './brand'
export type { Mailer, OutgoingMail } from './mailer'
export { createSmtpMailer, InvalidSmtpUrl, type SmtpMailerOptions } from './smtp-mailer'
export {
  guestInvitationEmail,
  type InvitationLink,
  passwordResetEmail,
  verificationEmail,
} from './templates/account-emails'
export { type EntryConfirmation, entryConfirmationEmail, formatPence } from './templates/entry-emails'
export type { RenderedEmail } from './templates/render'
