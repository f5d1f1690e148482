import type { OutgoingMail } from '@prizes/command-service/use-cases'
import { guestInvitationEmail, passwordResetEmail, verificationEmail } from '../mail/templates/account-emails'
import type { MailTemplate } from './plan'
import type { TokenRequest } from './user-view'

export interface ComposeInput {
  readonly template: MailTemplate
  readonly link: TokenRequest
  readonly token: string
  readonly to: string
  readonly firstName: string | undefined
  readonly publicUrl: string
}

/** The email for a plan, with the link token already derived. */
export function composeEmail(input: ComposeInput): OutgoingMail {
  const common = {
    publicUrl: input.publicUrl,
    firstName: input.firstName,
    requestedAt: input.link.requestedAt,
    expiresAt: input.link.expiresAt,
  }
  const rendered = (() => {
    switch (input.template) {
      case 'verification':
        return verificationEmail({ ...common, token: input.token })
      case 'password-reset':
        return passwordResetEmail({ ...common, token: input.token })
      case 'guest-invitation':
        return guestInvitationEmail({ ...common, token: input.token })
      default: {
        const unknown: never = input.template
        throw new Error(`Unknown mail template ${String(unknown)}`)
      }
    }
  })()
  return { to: input.to, ...rendered }
}
