import type { MailTransport } from '@prizes/command-service/use-cases'
import nodemailer from 'nodemailer'
import type SMTPTransport from 'nodemailer/lib/smtp-transport'
import { brand } from './brand'
import { checkSmtp } from './smtp-check'

export interface SmtpMailerOptions {
  /** `smtp://[user:pass@]host:port` or `smtps://...`: the embedded MailDev or SMTP_URL. */
  readonly url: string
  /** The sender; the brand's no-reply address unless given. */
  readonly from?: string
  /** How the Email System tab names the server; its host and port unless given. */
  readonly provider?: string
}

export class InvalidSmtpUrl extends Error {
  constructor(url: string) {
    super(`Not an SMTP URL (expected smtp:// or smtps://): ${withoutCredentials(url)}`)
    this.name = 'InvalidSmtpUrl'
  }
}

const withoutCredentials = (url: string) => url.replace(/\/\/[^@/]*@/, '//***@')

/** `Name <address>` or a bare address: the address alone, as `MAIL FROM` takes it. */
export function addressOf(from: string): string {
  return (/<([^<>]+)>\s*$/.exec(from)?.[1] ?? from).trim()
}

/** `smtp.example.com:587`: where mail goes, without credentials. */
function hostOf(url: string): string {
  try {
    const parsed = new URL(url)
    const port = parsed.port || (parsed.protocol === 'smtps:' ? '465' : '587')
    return `${parsed.hostname}:${port}`
  } catch {
    return withoutCredentials(url)
  }
}

/**
 * A Mailer over SMTP with nodemailer. Nodemailer reads host, port, credentials and TLS from the
 * URL (`smtps://` is TLS from the start; `smtp://` upgrades with STARTTLS when offered).
 */
export function createSmtpMailer(options: SmtpMailerOptions): MailTransport {
  if (!/^smtps?:\/\//.test(options.url)) throw new InvalidSmtpUrl(options.url)
  const transport = nodemailer.createTransport(options.url)
  const from = options.from ?? brand.fromAddress
  const smtp = transport.transporter as SMTPTransport
  return {
    provider: options.provider ?? hostOf(options.url),
    fromAddress: addressOf(from),
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        ...(mail.headers ? { headers: { ...mail.headers } } : {}),
      })
    },
    check(timeoutMs) {
      const auth = smtp.options.auth?.user ? smtp.getAuth({}) : undefined
      return checkSmtp(smtp.options, auth as Parameters<typeof checkSmtp>[1], addressOf(from), timeoutMs)
    },
    close() {
      transport.close()
    },
  }
}
