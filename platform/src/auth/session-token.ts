import { randomBytes } from 'node:crypto'
import { errors, jwtVerify, SignJWT } from 'jose'
import { z } from 'zod'

/** SPEC section 9: the token (and the web's `auth_token` cookie) lasts 7 days. */
export const sessionLifetimeMs = 7 * 24 * 60 * 60 * 1000

const algorithm = 'HS256'

export interface SessionClaims {
  readonly userId: string
  readonly role: 'user' | 'admin'
  /** The user's token version when the token was issued; see `SessionStore`. */
  readonly tokenVersion: number
  /** This session's own id (`sid`): logout ends it alone, on the server (`auth_session_ends`). */
  readonly sessionId: string
  /** When the token stops being accepted anyway (`exp`). */
  readonly expiresAt: Date
}

/** 128 random bits, base64url: a session's id. */
export const newSessionId = (): string => randomBytes(16).toString('base64url')

const payload = z.object({
  sub: z.string().min(1),
  role: z.enum(['user', 'admin']),
  tv: z.number().int().nonnegative(),
  sid: z.string().regex(/^[A-Za-z0-9_-]{22}$/),
  exp: z.number().int(),
})

export async function issueSessionToken(
  secret: Uint8Array,
  claims: Pick<SessionClaims, 'userId' | 'role' | 'tokenVersion'>,
  now: Date,
): Promise<string> {
  return new SignJWT({ role: claims.role, tv: claims.tokenVersion, sid: newSessionId() })
    .setProtectedHeader({ alg: algorithm })
    .setSubject(claims.userId)
    .setIssuedAt(now)
    .setExpirationTime(new Date(now.getTime() + sessionLifetimeMs))
    .sign(secret)
}

/**
 * The claims of a token this server signed and that has not expired at `now`, else undefined.
 * Only HS256 is accepted, so a token cannot choose a weaker algorithm (or none) for itself.
 * A token must say when it was issued and when it ends, and is refused once a session's 7 days
 * from its issue have passed: without `exp` jose would take it as never ending, and with `exp`
 * alone a far one would do the same. A token without a session id (`sid`) is refused: it could
 * not be ended by logging out.
 */
export async function verifySessionToken(
  secret: Uint8Array,
  token: string,
  now: Date,
): Promise<SessionClaims | undefined> {
  try {
    const { payload: verified } = await jwtVerify(token, secret, {
      algorithms: [algorithm],
      currentDate: now,
      requiredClaims: ['sub', 'iat', 'exp'],
      maxTokenAge: sessionLifetimeMs / 1000,
    })
    const claims = payload.safeParse(verified)
    if (!claims.success) return undefined
    return {
      userId: claims.data.sub,
      role: claims.data.role,
      tokenVersion: claims.data.tv,
      sessionId: claims.data.sid,
      expiresAt: new Date(claims.data.exp * 1000),
    }
  } catch (error) {
    if (error instanceof errors.JOSEError) return undefined
    throw error
  }
}
