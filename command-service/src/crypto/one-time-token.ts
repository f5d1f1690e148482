import { createHash, createHmac, randomBytes } from 'node:crypto'

export type OneTimeTokenPurpose =
  | 'verify-email'
  | 'reset-password'
  | 'newsletter-confirm'
  | 'newsletter-unsubscribe'

/**
 * One-time tokens (email verification, password reset, newsletter links) are derived, never stored:
 * token = HMAC-SHA256(server secret, `<purpose>:<userId>:<nonce>`). Events carry the nonce and
 * the token's hash; the mail reactor re-derives the token to build the link, while someone
 * reading the log (without the secret) can neither use nor derive it.
 */
export function deriveOneTimeToken(
  secret: Buffer,
  purpose: OneTimeTokenPurpose,
  userId: string,
  nonce: string,
): string {
  return createHmac('sha256', secret).update(`${purpose}:${userId}:${nonce}`).digest('base64url')
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}

export function newNonce(): string {
  return randomBytes(16).toString('base64url')
}
