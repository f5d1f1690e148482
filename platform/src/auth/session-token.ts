import { createHash, randomBytes } from 'node:crypto'
import { decodeProtectedHeader, errors, jwtVerify, SignJWT } from 'jose'
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

/** One key that signs or verifies session tokens, named in their `kid` header. */
export interface SessionKey {
  readonly kid: string
  readonly key: Uint8Array
}

/**
 * The keys of session tokens: `current` signs new ones; `previous` (the keys before a rotation)
 * still verify the tokens they signed, until those expire.
 */
export interface SessionKeys {
  readonly current: SessionKey
  readonly previous: readonly SessionKey[]
}

/** A key's id: a hash of it, so every service names the same key alike and none shows it. */
function sessionKeyId(key: Uint8Array): string {
  return createHash('sha256').update('session-key-id\0').update(key).digest('base64url').slice(0, 16)
}

export function sessionKeys(current: Uint8Array, previous: readonly Uint8Array[] = []): SessionKeys {
  const named = (key: Uint8Array): SessionKey => ({ kid: sessionKeyId(key), key })
  return { current: named(current), previous: previous.map(named) }
}

/**
 * The key a token names: the current one or a previous one; a token without `kid` (signed
 * before tokens carried one) is the current key's. Undefined for a key we do not hold.
 */
function keyOf(keys: SessionKeys, token: string): Uint8Array | undefined {
  let kid: unknown
  try {
    kid = decodeProtectedHeader(token).kid
  } catch {
    return undefined
  }
  if (kid === undefined) return keys.current.key
  return [keys.current, ...keys.previous].find((key) => key.kid === kid)?.key
}

const payload = z.object({
  sub: z.string().min(1),
  role: z.enum(['user', 'admin']),
  tv: z.number().int().nonnegative(),
  sid: z.string().regex(/^[A-Za-z0-9_-]{22}$/),
  exp: z.number().int(),
})

export async function issueSessionToken(
  keys: SessionKeys,
  claims: Pick<SessionClaims, 'userId' | 'role' | 'tokenVersion'>,
  now: Date,
): Promise<string> {
  return new SignJWT({ role: claims.role, tv: claims.tokenVersion, sid: newSessionId() })
    .setProtectedHeader({ alg: algorithm, kid: keys.current.kid })
    .setSubject(claims.userId)
    .setIssuedAt(now)
    .setExpirationTime(new Date(now.getTime() + sessionLifetimeMs))
    .sign(keys.current.key)
}

/**
 * The claims of a token this server signed and that has not expired at `now`, else undefined.
 * Only HS256 is accepted, so a token cannot choose a weaker algorithm (or none) for itself.
 * A token must say when it was issued and when it ends, and is refused once a session's 7 days
 * from its issue have passed: without `exp` jose would take it as never ending, and with `exp`
 * alone a far one would do the same. A token without a session id (`sid`) is refused: it could
 * not be ended by logging out. A token naming a key (`kid`) we do not hold is refused.
 */
export async function verifySessionToken(
  keys: SessionKeys,
  token: string,
  now: Date,
): Promise<SessionClaims | undefined> {
  const key = keyOf(keys, token)
  if (key === undefined) return undefined
  try {
    const { payload: verified } = await jwtVerify(token, key, {
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
