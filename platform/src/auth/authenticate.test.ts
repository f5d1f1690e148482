import Router from '@koa/router'
import { authMessages } from '@prizes/contracts'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../http/app'
import { type Served, serve } from '../testing/serve'
import { authenticate, optionalUser, requireAdmin, requireUser } from './authenticate'
import type { SessionRecord, SessionStore } from './session-store'
import { issueSessionToken, sessionKeys } from './session-token'

const secret = sessionKeys(Buffer.alloc(32, 9))
const now = new Date('2030-06-15T10:00:00.000Z')
const sessions = new Map<string, SessionRecord>()
const store: SessionStore = { get: async (userId) => sessions.get(userId) }

const router = new Router()
router.use(authenticate({ secret, sessions: store, clock: () => now }))
router.get('/me', (ctx) => {
  ctx.body = requireUser(ctx)
})
router.get('/admin', (ctx) => {
  ctx.body = requireAdmin(ctx)
})
router.get('/public', (ctx) => {
  ctx.body = { signedIn: optionalUser(ctx) !== undefined }
})

let served: Served
beforeAll(async () => {
  served = await serve(
    createApp({ name: 'test', logger: pino({ level: 'silent' }), routers: [router] }).callback(),
  )
})
afterAll(() => served.close())

const get = async (path: string, token?: string) => {
  const response = await fetch(`${served.url}${path}`, {
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

function given(record: SessionRecord) {
  sessions.set(record.userId, record)
  return issueSessionToken(secret, record, now)
}

const ended = { success: false, code: 'UNAUTHORIZED', message: authMessages.sessionExpired }

describe('authenticate', () => {
  it('lets a token through while its version, role and standing hold', async () => {
    const token = await given({ userId: 'u-1', tokenVersion: 0, role: 'user', banned: false })
    expect(await get('/me', token)).toEqual({ status: 200, body: { userId: 'u-1', role: 'user' } })
  })

  it('ends the session when the version moved on, the user was banned or is gone', async () => {
    const token = await given({ userId: 'u-2', tokenVersion: 0, role: 'user', banned: false })
    sessions.set('u-2', { userId: 'u-2', tokenVersion: 1, role: 'user', banned: false })
    expect(await get('/me', token)).toEqual({ status: 401, body: ended })
    const banned = await given({ userId: 'u-3', tokenVersion: 0, role: 'user', banned: false })
    sessions.set('u-3', { userId: 'u-3', tokenVersion: 0, role: 'user', banned: true })
    expect((await get('/me', banned)).status).toBe(401)
    sessions.delete('u-3')
    expect((await get('/me', banned)).status).toBe(401)
  })

  it('refuses an admin token whose user is no admin any more, and admin routes to users', async () => {
    const token = await given({ userId: 'u-4', tokenVersion: 0, role: 'admin', banned: false })
    expect((await get('/admin', token)).status).toBe(200)
    sessions.set('u-4', { userId: 'u-4', tokenVersion: 0, role: 'user', banned: false })
    expect((await get('/me', token)).status).toBe(401)
    const user = await given({ userId: 'u-5', tokenVersion: 0, role: 'user', banned: false })
    expect(await get('/admin', user)).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } })
  })

  it('asks for a sign-in without a token, and leaves public routes alone even with a stale one', async () => {
    expect(await get('/me')).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } })
    expect((await get('/me')).body.message).not.toBe(authMessages.sessionExpired)
    expect(await get('/public', 'stale.token.here')).toEqual({ status: 200, body: { signedIn: false } })
    const token = await given({ userId: 'u-6', tokenVersion: 0, role: 'user', banned: false })
    expect(await get('/public', token)).toEqual({ status: 200, body: { signedIn: true } })
  })
})
