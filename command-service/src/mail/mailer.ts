/** One email ready to go: always both an HTML and a plain-text part. */
export interface OutgoingMail {
  readonly to: string
  readonly subject: string
  readonly html: string
  readonly text: string
}

/** The mail port: reactors send through it and know nothing of SMTP. */
export interface Mailer {
  /** Resolves once the server accepted the message; rejects when it did not. */
  send(mail: OutgoingMail): Promise<void>
  close(): void
}
