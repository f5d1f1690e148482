import { authCookieName } from '@prizes/contracts'

/** SPEC sections 3 and 9: the session token lives in a cookie named auth_token for 7 days. */
export { authCookieName }
export const authCookieDays = 7

/** The token in a `document.cookie` string, or null. */
export function parseAuthToken(cookies: string): string | null {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=')
    if (separator === -1) continue
    if (part.slice(0, separator).trim() !== authCookieName) continue
    const value = part.slice(separator + 1).trim()
    if (value === '') return null
    try {
      return decodeURIComponent(value)
    } catch {
      return null
    }
  }
  return null
}

interface CookieOptions {
  /** Sent only over https; set when the page itself is on https. */
  readonly secure: boolean
}

const attributes = ({ secure }: CookieOptions, maxAgeSeconds: number) =>
  ['Path=/', `Max-Age=${maxAgeSeconds}`, 'SameSite=Lax', ...(secure ? ['Secure'] : [])].join('; ')

/** The `document.cookie` assignment that keeps the token for 7 days. */
export function authCookie(token: string, options: CookieOptions): string {
  return `${authCookieName}=${encodeURIComponent(token)}; ${attributes(options, authCookieDays * 24 * 60 * 60)}`
}

/** The assignment that removes it. */
export function expiredAuthCookie(options: CookieOptions): string {
  return `${authCookieName}=; ${attributes(options, 0)}`
}

const inBrowser = () => typeof document !== 'undefined'
const secureContext = () => typeof location !== 'undefined' && location.protocol === 'https:'

export function readAuthToken(): string | null {
  return inBrowser() ? parseAuthToken(document.cookie) : null
}

// The Cookie Store API is asynchronous and missing from some browsers we serve; the session needs the token at once.
export function writeAuthToken(token: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see above
  if (inBrowser()) document.cookie = authCookie(token, { secure: secureContext() })
}

export function clearAuthToken(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see writeAuthToken
  if (inBrowser()) document.cookie = expiredAuthCookie({ secure: secureContext() })
}
