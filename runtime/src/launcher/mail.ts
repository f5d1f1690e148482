import path from 'node:path'
import type { MailTransport } from '@prizes/command-service'
import type { Config } from '@prizes/platform'
import { startMailDev } from '@prizes/platform'
import { createSmtpMailer } from '@prizes/reactors'

export interface PlatformMail {
  readonly mailer: MailTransport
  /** MailDev's web UI when it is the embedded default. */
  readonly webUrl: string | undefined
  stop(): Promise<void>
}

/** Mail goes to SMTP_URL when set, else to an embedded MailDev that keeps every message. */
export async function startPlatformMail(config: Config): Promise<PlatformMail> {
  if (config.SMTP_URL) {
    const mailer = createSmtpMailer({ url: config.SMTP_URL })
    return { mailer, webUrl: undefined, stop: async () => mailer.close() }
  }
  const maildev = await startMailDev({
    dir: path.join(config.DATA_DIR, 'mail'),
    smtpPort: config.MAILDEV_SMTP_PORT,
    webPort: config.MAILDEV_WEB_PORT,
  })
  const mailer = createSmtpMailer({ url: maildev.smtpUrl, provider: 'MailDev (embedded)' })
  return {
    mailer,
    webUrl: maildev.webUrl,
    stop: async () => {
      mailer.close()
      await maildev.stop()
    },
  }
}
