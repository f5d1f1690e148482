import type { APIRequestContext } from '@playwright/test'
import { readPorts } from './ports'

interface Mail {
  readonly id: string
  readonly time: string
  readonly subject: string
  readonly to: readonly { readonly address: string }[]
  readonly text?: string
  readonly html?: string
}

/** MailDev's REST API on the port the runner gave the platform. */
export function mailDevUrl(): string {
  const { mailWeb } = readPorts()
  if (!mailWeb) throw new Error('E2E_PORTS has no MailDev web port; run through web/playwright.config.ts')
  return `http://127.0.0.1:${mailWeb}`
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The first link to `path` (for example `/verify-email`) in a mail's text, else its HTML. */
export function linkIn(mail: Pick<Mail, 'text' | 'html'>, path: string): string | null {
  const pattern = new RegExp(
    `https?://[^\\s"'<>]*${escapeRegExp(path)}\\?token=[^\\s"'<>&]+(?:&amp;[^\\s"'<>]*)?`,
  )
  const found = pattern.exec(mail.text ?? '') ?? pattern.exec(mail.html ?? '')
  return found ? found[0].replaceAll('&amp;', '&') : null
}

async function findLink(request: APIRequestContext, to: string, path: string, since: Date) {
  const response = await request.get(`${mailDevUrl()}/email`)
  if (!response.ok()) return null
  const mails = ((await response.json()) as Mail[])
    .filter((m) => m.to.some((r) => r.address.toLowerCase() === to.toLowerCase()))
    .filter((m) => Date.parse(m.time) >= since.getTime() - 1000)
    .sort((a, b) => Date.parse(b.time) - Date.parse(a.time))
  for (const mail of mails) {
    const link = linkIn(mail, path)
    if (link) return link
  }
  return null
}

/**
 * Waits, for at most `timeoutMs`, for the newest mail to `to` sent after `since` that carries a
 * link to `path`, and returns that link.
 */
export async function waitForLink(
  request: APIRequestContext,
  { to, path, since, timeoutMs = 20_000 }: { to: string; path: string; since: Date; timeoutMs?: number },
): Promise<string> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const link = await findLink(request, to, path, since)
    if (link) return link
    if (Date.now() > deadline) throw new Error(`No email to ${to} with a ${path} link within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

/** Waits, for at most `timeoutMs`, for a mail to `to` sent after `since` whose text contains `text`. */
export async function waitForMail(
  request: APIRequestContext,
  { to, text, since, timeoutMs = 20_000 }: { to: string; text: string; since: Date; timeoutMs?: number },
): Promise<Mail> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const response = await request.get(`${mailDevUrl()}/email`)
    if (response.ok()) {
      const found = ((await response.json()) as Mail[]).find(
        (m) =>
          m.to.some((r) => r.address.toLowerCase() === to.toLowerCase()) &&
          Date.parse(m.time) >= since.getTime() - 1000 &&
          `${m.subject}\n${m.text ?? ''}`.includes(text),
      )
      if (found) return found
    }
    if (Date.now() > deadline)
      throw new Error(`No email to ${to} containing "${text}" within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}
