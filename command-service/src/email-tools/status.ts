import type { EmailStatus } from '@prizes/contracts'
import type { MailTransport } from '../mail-port'

export interface StatusCheckerOptions {
  /** An answer this young is given again instead of asking the server (one check per period). */
  readonly reuseMs?: number
  /** How long the server has to connect, sign in and answer `MAIL FROM`. */
  readonly timeoutMs?: number
  readonly now?: () => Date
}

/**
 * The email status of SPEC section 3, from a real conversation with the SMTP server. However
 * many admins press Check again, the server is asked at most once per `reuseMs`, and callers
 * arriving while a check runs share it.
 */
export function createStatusChecker(
  transport: MailTransport | undefined,
  options: StatusCheckerOptions = {},
): { status(): Promise<EmailStatus> } {
  const reuseMs = options.reuseMs ?? 10_000
  const timeoutMs = options.timeoutMs ?? 5_000
  const now = options.now ?? (() => new Date())
  let last: { readonly at: number; readonly status: EmailStatus } | undefined
  let running: Promise<EmailStatus> | undefined

  async function check(mail: MailTransport): Promise<EmailStatus> {
    const started = now()
    const result = await mail.check(timeoutMs).catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error)
      return { connection: { ok: false, error: reason }, permissions: { ok: false, error: null } }
    })
    const status: EmailStatus = {
      configured: true,
      connection: result.connection.ok,
      permissions: result.permissions.ok,
      provider: mail.provider,
      email: mail.fromAddress,
      connectionError: result.connection.error,
      permissionsError: result.permissions.error,
      checkedAt: started.toISOString(),
    }
    last = { at: started.getTime(), status }
    return status
  }

  return {
    async status() {
      if (!transport) {
        return {
          configured: false,
          connection: false,
          permissions: false,
          provider: 'None',
          email: '',
          connectionError: 'No mail transport is configured (SMTP_URL)',
          permissionsError: null,
          checkedAt: null,
        }
      }
      if (last && now().getTime() - last.at < reuseMs) return last.status
      running ??= check(transport).finally(() => {
        running = undefined
      })
      return running
    },
  }
}
