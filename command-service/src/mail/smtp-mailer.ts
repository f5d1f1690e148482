import nodemailer from 'nodemailer'
import { brand } from './brand'
import type { Mailer } from './mailer'

export interface SmtpMailerOptions {
  /** `smtp://[user:pass@]host:port` or `smtps://...`: the embedded MailDev or SMTP_URL. */
  readonly url: string
  /** The sender; the brand's no-reply address unless given. */
  readonly from?: string
}

export class InvalidSmtpUrl extends Error {
  constructor(url: string) {
    super(`Not an SMTP URL (expected smtp:// or smtps://): ${url.replace(/\/\/[^@/]*@/, '//***@')}`)
    this.name = 'InvalidSmtpUrl'
  }
}

/**
 * A Mailer over SMTP with nodemailer. Nodemailer reads host, port, credentials and TLS from the
 * URL (`smtps://` is TLS from the start; `smtp://` upgrades with STARTTLS when offered).
 */
export function createSmtpMailer(options: SmtpMailerOptions): Mailer {
  if (!/^smtps?:\/\//.test(options.url)) throw new InvalidSmtpUrl(options.url)
  const transport = nodemailer.createTransport(options.url)
  const from = options.from ?? brand.fromAddress
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text })
    },
    close() {
      transport.close()
    },
  }
}
