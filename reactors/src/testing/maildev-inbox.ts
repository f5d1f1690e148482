import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
// MailDev is started by the platform launcher; tests drive the very same module.
import { startMailDev } from '@prizes/platform'

/** An email as MailDev's REST API (`GET /email`) returns it; only the fields tests read. */
export interface ReceivedEmail {
  readonly to: ReadonlyArray<{ readonly address: string }>
  readonly subject: string
  readonly html: string
  readonly text: string
}

export interface TestInbox {
  readonly smtpUrl: string
  /** Every email received so far for `address`. */
  emailsTo(address: string): Promise<ReceivedEmail[]>
  /** Waits until `count` emails for `address` are there (MailDev stores them a moment after accepting). */
  waitForEmails(address: string, count?: number, timeoutMs?: number): Promise<ReceivedEmail[]>
  stop(): Promise<void>
}

/**
 * A real SMTP server on free ports. MailDev's modules are singletons: start one per test file
 * (vitest runs each file in its own module graph).
 */
export async function startTestInbox(): Promise<TestInbox> {
  const dir = await mkdtemp(path.join(tmpdir(), 'prizes-maildev-'))
  const maildev = await startMailDev({ dir, smtpPort: 0, webPort: 0 })
  const api = `http://127.0.0.1:${maildev.webPort}`

  async function emailsTo(address: string): Promise<ReceivedEmail[]> {
    const response = await fetch(`${api}/email`)
    if (!response.ok) throw new Error(`MailDev answered ${response.status}`)
    const all = (await response.json()) as ReceivedEmail[]
    return all.filter((email) => email.to.some((to) => to.address === address))
  }

  return {
    smtpUrl: maildev.smtpUrl,
    emailsTo,
    async waitForEmails(address, count = 1, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const emails = await emailsTo(address)
        if (emails.length >= count) return emails
        if (Date.now() > deadline)
          throw new Error(`${emails.length} of ${count} emails to ${address} arrived`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
    async stop() {
      await maildev.stop()
      await rm(dir, { recursive: true, force: true })
    },
  }
}
