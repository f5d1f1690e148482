import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort, startMailDev } from '@prizes/platform'

/**
 * MailDev in a process of its own, for the bench: in production mail leaves for an SMTP server
 * elsewhere, and MailDev parsing every confirmation email (with jsdom) in the platform's process
 * cost it about a sixth of its CPU. Prints `{"ready":"smtp://…","web":"http://…"}` (the web
 * address serves MailDev's REST API, which the crash test reads); ends with its parent.
 */
async function main() {
  const dir = await mkdtemp(path.join(tmpdir(), 'prizes-bench-mail-'))
  const mail = await startMailDev({ dir, smtpPort: await freePort(), webPort: await freePort() })
  process.stdout.write(`${JSON.stringify({ ready: mail.smtpUrl, web: mail.webUrl })}\n`)
  process.once('SIGTERM', () => process.exit(0))
}

main().catch((error: unknown) => {
  console.error('Bench mail failed:', error)
  process.exit(1)
})
