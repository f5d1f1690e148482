/** The pages of the web app that take a one-time token (SPEC section 2). */
export type TokenPage = 'verify-email' | 'reset-password'

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

/** The home page with the "forgot password" dialog open, where a user asks for a new link. */
export function forgotPasswordLink(publicUrl: string): string {
  const url = new URL(`${base(publicUrl)}/`)
  url.searchParams.set('forgot-password', 'true')
  return url.toString()
}
