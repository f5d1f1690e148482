import type { TokenRequest, UserMailView } from './user-view'

export type MailTemplate = 'verification' | 'guest-invitation' | 'password-reset'

/** What to do about one request: which email, and whose token goes in its link. */
export type MailPlan =
  | { readonly send: false; readonly reason: string }
  | { readonly send: true; readonly template: MailTemplate; readonly link: TokenRequest }

const fromSameCommand = (a: TokenRequest, b: TokenRequest) =>
  a.eventId !== b.eventId && a.correlationId !== undefined && a.correlationId === b.correlationId

function unusable(request: TokenRequest, user: UserMailView, now: Date): string | undefined {
  const spent = user.spent.get(request.eventId)
  if (spent) return spent
  if (request.expiresAt.getTime() <= now.getTime()) return 'the link expired before it could be sent'
  return undefined
}

/**
 * Decides the email for one request. A guest's EmailVerificationRequested becomes the guest
 * invitation, carrying the password link its command asked for with it (a guest finishes
 * setting up by choosing a password, which verifies the email too); that link's request sends
 * nothing of its own, so the guest gets one email, not two. A guest is never sent a bare
 * verification link: it could not verify an account whose password someone else chose.
 */
export function planEmail(request: TokenRequest, user: UserMailView, now: Date): MailPlan {
  if (user.erased) return { send: false, reason: 'the user was erased' }

  if (request.type === 'PasswordResetRequested') {
    const invitation = user.guest
      ? user.requests.find((r) => r.type === 'EmailVerificationRequested' && fromSameCommand(r, request))
      : undefined
    if (invitation) return { send: false, reason: 'the guest invitation carries this link' }
    const problem = unusable(request, user, now)
    return problem
      ? { send: false, reason: problem }
      : { send: true, template: 'password-reset', link: request }
  }

  if (user.guest) {
    const reset = user.requests.find(
      (r) => r.type === 'PasswordResetRequested' && fromSameCommand(r, request) && !unusable(r, user, now),
    )
    if (reset) return { send: true, template: 'guest-invitation', link: reset }
    return {
      send: false,
      reason: 'a guest finishes setting up from a password link, and none usable came with this',
    }
  }
  const problem = unusable(request, user, now)
  if (problem) return { send: false, reason: problem }
  return { send: true, template: 'verification', link: request }
}
