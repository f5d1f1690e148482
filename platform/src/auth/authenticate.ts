import { authMessages } from '@prizes/contracts'
import type Koa from 'koa'
import { forbidden, unauthorized } from '../http/errors'
import type { SessionStore } from './session-store'
import { type SessionKeys, verifySessionToken } from './session-token'

/** Who is calling, as the server sees them now (the role is the current one, not the token's). */
export interface Principal {
  readonly userId: string
  readonly role: 'user' | 'admin'
}

/** The session a request was made in: what logout ends. */
export interface CurrentSession {
  readonly userId: string
  readonly sessionId: string
  readonly expiresAt: Date
}

type Outcome = { readonly principal: Principal; readonly session: CurrentSession } | { readonly ended: true }

const outcomes = new WeakMap<Koa.Context, Outcome>()

export interface AuthenticateOptions {
  /** The session tokens' keys (`loadSecrets(knex).jwt`). */
  readonly secret: SessionKeys
  readonly sessions: SessionStore
  /** Tests move time; the default is the real clock. */
  readonly clock?: () => Date
}

/**
 * Reads `Authorization: Bearer <token>` and checks it against the session table, so a ban,
 * demotion or password change (each bumps the token version) ends older tokens at once. It
 * never refuses by itself: a public endpoint must still work when the browser sends a stale
 * token, so refusal is left to `requireUser` and `requireAdmin`.
 */
export function authenticate(options: AuthenticateOptions) {
  const clock = options.clock ?? (() => new Date())
  return async function authenticateRequest(ctx: Koa.Context, next: Koa.Next) {
    const header = ctx.get('authorization')
    if (header !== '') outcomes.set(ctx, await check(header))
    await next()
  }

  async function check(header: string): Promise<Outcome> {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1]
    if (token === undefined) return { ended: true }
    const claims = await verifySessionToken(options.secret, token, clock())
    if (!claims) return { ended: true }
    const current = await options.sessions.get(claims.userId, claims.sessionId)
    const stillValid =
      current !== undefined &&
      current.tokenVersion === claims.tokenVersion &&
      !current.banned &&
      // Demotion bumps the version too; this is a second lock on the same door.
      (claims.role === 'user' || current.role === 'admin')
    if (!stillValid) return { ended: true }
    const { sessionId, expiresAt } = claims
    return {
      principal: { userId: current.userId, role: current.role },
      session: { userId: current.userId, sessionId, expiresAt },
    }
  }
}

/** The caller, or 401: no token asks them to sign in, an ended session says so. */
export function requireUser(ctx: Koa.Context): Principal {
  const outcome = outcomes.get(ctx)
  if (outcome === undefined) throw unauthorized()
  if ('ended' in outcome) throw unauthorized(authMessages.sessionExpired)
  return outcome.principal
}

/** The caller's session, or 401 as `requireUser`. */
export function requireSession(ctx: Koa.Context): CurrentSession {
  requireUser(ctx)
  const outcome = outcomes.get(ctx)
  if (!outcome || !('session' in outcome)) throw unauthorized(authMessages.sessionExpired)
  return outcome.session
}

/** The caller if they are an admin now (checked on the server, from the session table). */
export function requireAdmin(ctx: Koa.Context): Principal {
  const principal = requireUser(ctx)
  if (principal.role !== 'admin') throw forbidden()
  return principal
}

/** The caller when signed in, else undefined; for endpoints that work either way. */
export function optionalUser(ctx: Koa.Context): Principal | undefined {
  const outcome = outcomes.get(ctx)
  return outcome && 'principal' in outcome ? outcome.principal : undefined
}
