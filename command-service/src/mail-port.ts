import type { TestEntryConfirmationRequest } from '@prizes/contracts'

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

/** What one conversation with the SMTP server showed. */
export interface SmtpCheck {
  /** Connected, greeted, upgraded to TLS where offered, and signed in when we have credentials. */
  readonly connection: { readonly ok: boolean; readonly error: string | null }
  /**
   * The server accepted our sender in `MAIL FROM` in that session: it lets us send as that
   * address (a server that only relays for its own domains, or refuses an unverified sender,
   * says no here). Not asked when the connection failed.
   */
  readonly permissions: { readonly ok: boolean; readonly error: string | null }
}

/** A test email: the template it shows and the message. */
export interface TestEmail {
  readonly template: string
  readonly mail: OutgoingMail
}

/**
 * The Email System tab's sample emails, rendered from the real templates (the reactors own
 * them; the composition root hands them to the command service).
 */
export interface TestMails {
  /** The entry-confirmation template with the details the admin typed. */
  entryConfirmation(input: TestEntryConfirmationRequest, publicUrl: string): TestEmail
  /** Every template once, with sample details. */
  everyTemplate(to: string, publicUrl: string, now: Date): TestEmail[]
  /** A short message that only proves the transport delivers. */
  direct(to: string, now: Date): TestEmail
}
