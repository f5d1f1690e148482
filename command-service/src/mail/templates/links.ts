/**
 * The pages of the web app that take a one-time token (SPEC section 2, and the page where a
 * guest finishes setting up by choosing a password, which takes a reset token).
 */
export type TokenPage = 'verify-email' | 'reset-password' | 'finish-setup'

const base = (publicUrl: string) => publicUrl.replace(/\/+$/, '')

/**
 * `<PUBLIC_URL>/<page>?token=<token>`. PUBLIC_URL may carry a path (the app behind a prefix) and
 * a trailing slash; the token is URL-encoded.
 */
export function tokenLink(publicUrl: string, page: TokenPage, token: string): string {
  const url = new URL(`${base(publicUrl)}/${page}`)
  url.searchParams.set('token', token)
  return url.toString()
}
