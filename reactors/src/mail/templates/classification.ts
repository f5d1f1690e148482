/**
 * Every email template, as the emailNotifications setting sees it. Essential email (account and
 * security links, payment confirmation, refunds, winners) always goes; non-essential email
 * (marketing, digests, reminders) is recorded as suppressed in the outbox while notifications
 * are off. Every template a reactor queues is listed here (a test holds the reactors to it).
 */
export const mailTemplateClasses = {
  /** Account and security: the address must be proved and a password reset must arrive. */
  verification: 'essential',
  'password-reset': 'essential',
  'guest-invitation': 'essential',
  /** The old address told that an admin changed the account's email. */
  'email-changed': 'essential',
  /** Payment confirmation: the entrant's receipt and ticket numbers. */
  'entry-confirmation': 'essential',
  /** A refund: after a competition was cancelled, or one entry refunded by an admin. */
  'competition-cancelled': 'essential',
  'entry-refund-email': 'essential',
  /** An undersold competition's new end date: what the entrant paid for changed. */
  'competition-extended': 'essential',
  /** An admin's answer to a contact message. */
  'contact-answer': 'essential',
  /** At the close, whether each entry is in the draw (issue 24): what the entrant paid for. */
  'draw-result': 'essential',
  /** A winner must be told. */
  'winner-email': 'essential',
  /** The double opt-in link the person just asked for, and the answer to their message. */
  'newsletter-confirmation': 'essential',
  'contact-acknowledgement': 'essential',
  /** Marketing: the newsletter itself. */
  'newsletter-welcome': 'non-essential',
} as const satisfies Record<string, 'essential' | 'non-essential'>

export type MailTemplateClass = 'essential' | 'non-essential'

/**
 * A template nobody has classified counts as essential: an email silently not sent (a refund,
 * a reset link) costs more than a marketing email sent while notifications were off.
 */
export function classifyTemplate(template: string): MailTemplateClass {
  return (mailTemplateClasses as Record<string, MailTemplateClass>)[template] ?? 'essential'
}
