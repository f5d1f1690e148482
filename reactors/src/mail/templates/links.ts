/**
 * The pages of the web app that take a one-time token (SPEC section 2, the page where a guest
 * finishes setting up by choosing a password, which takes a reset token, and the newsletter's).
 */
export type TokenPage =
  | 'verify-email'
  | 'reset-password'
  | 'finish-setup'
  | 'newsletter/confirm'
  | 'newsletter/unsubscribe'

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

/** The dashboard's tabs a link can open (the web app reads `?dashboard=`). */
export type DashboardTab = 'entries'

/**
 * `<PUBLIC_URL>/?dashboard=entries`: the entrant's dashboard, which is an overlay without a
 * route; the web app opens it on load, asking to sign in first when signed out.
 */
export function dashboardLink(publicUrl: string, tab: DashboardTab = 'entries'): string {
  const url = new URL(`${base(publicUrl)}/`)
  url.searchParams.set('dashboard', tab)
  return url.toString()
}

/** The RFC 8058 one-click unsubscribe URL of a newsletter email's `List-Unsubscribe` header. */
export function oneClickUnsubscribeLink(publicUrl: string, token: string): string {
  const url = new URL(`${base(publicUrl)}/api/newsletter/one-click-unsubscribe`)
  url.searchParams.set('token', token)
  return url.toString()
}

/** `<PUBLIC_URL><path>`: a public page of the web app (`sitePages` in contracts). */
export function pageLink(publicUrl: string, path: string): string {
  return new URL(`${base(publicUrl)}${path}`).toString()
}
