import type { SmtpCheck } from './smtp-check'

/** One email ready to go: always both an HTML and a plain-text part. */
export interface OutgoingMail {
  readonly to: string
  readonly subject: string
  readonly html: string
  readonly text: string
  /** Extra headers (a newsletter's `List-Unsubscribe` and `List-Unsubscribe-Post`). */
  readonly headers?: Readonly<Record<string, string>>
}

/** The mail port: reactors send through it and know nothing of SMTP. */
export interface Mailer {
  /** Resolves once the server accepted the message; rejects when it did not. */
  send(mail: OutgoingMail): Promise<void>
  close(): void
}

/** The configured transport itself, for the admin's Email System tab. */
export interface MailTransport extends Mailer {
  /** 'MailDev (embedded)', or the SMTP server's host and port. */
  readonly provider: string
  /** The sender's address (`MAIL FROM`). */
  readonly fromAddress: string
  /** One conversation with the server: can we connect, sign in, and send as `fromAddress`? */
  check(timeoutMs: number): Promise<SmtpCheck>
}
