import { decodeProtectedHeader, SignJWT, UnsecuredJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { issueSessionToken, sessionKeys, sessionLifetimeMs, verifySessionToken } from './session-token'

const secret = sessionKeys(Buffer.alloc(32, 3))
const now = new Date('2030-06-15T10:00:00.000Z')
const claims = { userId: 'u-1', role: 'user', tokenVersion: 2 } as const
const at = (ms: number) => new Date(now.getTime() + ms)

describe('session tokens', () => {
  it('carry user id, role and token version, and verify with the same secret', async () => {
    const token = await issueSessionToken(secret, claims, now)
    expect(await verifySessionToken(secret, token, now)).toMatchObject(claims)
  })

  it('each carry a session id of their own, and say when they end', async () => {
    const [one, two] = await Promise.all([
      issueSessionToken(secret, claims, now).then((t) => verifySessionToken(secret, t, now)),
      issueSessionToken(secret, claims, now).then((t) => verifySessionToken(secret, t, now)),
    ])
    expect(one?.sessionId).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(one?.sessionId).not.toBe(two?.sessionId)
    expect(one?.expiresAt).toEqual(at(sessionLifetimeMs))
  })

  it('are refused without a session id, though signed with the secret', async () => {
    const noSession = await new SignJWT({ role: 'user', tv: 2 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u-1')
      .setIssuedAt(now)
      .setExpirationTime(at(60_000))
      .sign(secret.current.key)
    expect(await verifySessionToken(secret, noSession, now)).toBeUndefined()
  })

  it('last 7 days to the second', async () => {
    const token = await issueSessionToken(secret, claims, now)
    expect(await verifySessionToken(secret, token, at(sessionLifetimeMs - 1000))).toMatchObject(claims)
    expect(await verifySessionToken(secret, token, at(sessionLifetimeMs))).toBeUndefined()
  })

  it('are refused with another secret, tampered, unsigned or without the claims', async () => {
    const token = await issueSessionToken(secret, claims, now)
    expect(await verifySessionToken(sessionKeys(Buffer.alloc(32, 4)), token, now)).toBeUndefined()
    const [header, , signature] = token.split('.')
    const admin = Buffer.from(JSON.stringify({ sub: 'u-1', role: 'admin', tv: 2 })).toString('base64url')
    expect(await verifySessionToken(secret, `${header}.${admin}.${signature}`, now)).toBeUndefined()
    const unsigned = new UnsecuredJWT({ role: 'admin', tv: 0 }).setSubject('u-1').encode()
    expect(await verifySessionToken(secret, unsigned, now)).toBeUndefined()
    const noVersion = await new SignJWT({ role: 'user' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u-1')
      .sign(secret.current.key)
    expect(await verifySessionToken(secret, noVersion, now)).toBeUndefined()
    expect(await verifySessionToken(secret, 'not.a.token', now)).toBeUndefined()
  })

  it('are refused without exp or iat, or living longer than a session, though signed with the secret', async () => {
    const signed = (build: (jwt: SignJWT) => SignJWT) =>
      build(
        new SignJWT({ role: 'user', tv: 2, sid: 'A'.repeat(22) })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject('u-1'),
      ).sign(secret.current.key)
    const noExp = await signed((jwt) => jwt.setIssuedAt(now))
    const noIat = await signed((jwt) => jwt.setExpirationTime(at(60_000)))
    const tooLong = await signed((jwt) => jwt.setIssuedAt(now).setExpirationTime(at(10 * sessionLifetimeMs)))
    const fine = await signed((jwt) => jwt.setIssuedAt(now).setExpirationTime(at(60_000)))
    expect(await verifySessionToken(secret, fine, now)).toMatchObject(claims)
    expect(await verifySessionToken(secret, noExp, now)).toBeUndefined()
    expect(await verifySessionToken(secret, noIat, now)).toBeUndefined()
    expect(await verifySessionToken(secret, tooLong, now)).toMatchObject(claims)
    expect(await verifySessionToken(secret, tooLong, at(sessionLifetimeMs + 1000))).toBeUndefined()
  })

  it('name their key (kid); after a rotation the previous key still verifies, an unknown one never', async () => {
    const old = sessionKeys(Buffer.alloc(32, 5))
    const rotated = sessionKeys(Buffer.alloc(32, 6), [Buffer.alloc(32, 5)])
    const before = await issueSessionToken(old, claims, now)
    const after = await issueSessionToken(rotated, claims, now)
    expect(decodeProtectedHeader(before).kid).toBe(old.current.kid)
    expect(decodeProtectedHeader(after).kid).toBe(rotated.current.kid)
    expect(rotated.current.kid).not.toBe(old.current.kid)
    expect(await verifySessionToken(rotated, before, now)).toMatchObject(claims)
    expect(await verifySessionToken(rotated, after, now)).toMatchObject(claims)
    expect(await verifySessionToken(old, after, now)).toBeUndefined()
    // Naming a key we hold does not let another key's signature pass.
    const [, body, signature] = (
      await issueSessionToken(sessionKeys(Buffer.alloc(32, 7)), claims, now)
    ).split('.')
    const header = Buffer.from(JSON.stringify({ alg: 'HS256', kid: old.current.kid })).toString('base64url')
    expect(await verifySessionToken(rotated, `${header}.${body}.${signature}`, now)).toBeUndefined()
  })

  it('without a kid (signed before tokens named their key) verify with the current key only', async () => {
    const unnamed = await new SignJWT({ role: 'user', tv: 2, sid: 'A'.repeat(22) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u-1')
      .setIssuedAt(now)
      .setExpirationTime(at(60_000))
      .sign(Buffer.alloc(32, 5))
    expect(await verifySessionToken(sessionKeys(Buffer.alloc(32, 5)), unnamed, now)).toMatchObject(claims)
    expect(
      await verifySessionToken(sessionKeys(Buffer.alloc(32, 6), [Buffer.alloc(32, 5)]), unnamed, now),
    ).toBeUndefined()
  })
})
