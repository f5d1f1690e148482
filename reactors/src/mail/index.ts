export { brand } from './brand'
export {
  createMailOutbox,
  type EnqueueResult,
  type MailOutbox,
  type QueuedEmail,
} from './outbox'
export {
  createMailSender,
  leaseDueEmails,
  type MailSender,
  type MailSenderOptions,
  type RunningMailSender,
  retryDelay,
  startMailSender,
} from './outbox-sender'
export { createSmtpMailer, InvalidSmtpUrl, type SmtpMailerOptions } from './smtp-mailer'
export { guestInvitationEmail, passwordResetEmail, verificationEmail } from './templates/account-emails'
export { type EntryConfirmation, entryConfirmationEmail, formatPence } from './templates/entry-emails'
export type { RenderedEmail } from './templates/render'
