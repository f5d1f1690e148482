import { authMessages } from '@prizes/contracts'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { passwordWork } from '../users/password-work'
import { banUser } from '../users/standing'
import { type AuthHarness, startAuthHarness } from './test-harness'
import { person, registered, signedIn, verified } from './test-people'

/**
 * Issue 10, finding 13 (the account part): a token without `exp` was accepted, change-password
 * had no attempt limit, and forgot-password and resend answered in 13 ms for known emails and
 * 2 ms for unknown ones.
 */

const windowMs = 15 * 60 * 1000

let harness: AuthHarness
beforeAll(async () => {
  harness = await startAuthHarness(
    'auth_tokens_lookups',
    {},
    { currentPasswordFailuresPerUser: { max: 5, windowMs } },
  )
})
afterAll(() => harness.close())

describe('session tokens', () => {
  it('are refused without exp, though signed with the server secret and current in every other way', async () => {
    const account = await signedIn(harness)
    const claims = { role: 'user', tv: 0, sid: 'S'.repeat(22) }
    const sign = (withExp: boolean) => {
      const jwt = new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(account.userId)
        .setIssuedAt(harness.clock.now())
      return (withExp ? jwt.setExpirationTime(new Date(harness.clock.now().getTime() + 60_000)) : jwt).sign(
        harness.secrets.jwt.current.key,
      )
    }
    const profile = (token: string) => harness.call('GET', '/api/auth/profile', undefined, { token })
    expect((await profile(await sign(true))).status).toBe(200)
    const forever = await profile(await sign(false))
    expect(forever.status).toBe(401)
    expect(forever.body).toMatchObject({ code: 'UNAUTHORIZED', message: authMessages.sessionExpired })
  })
})

describe('change-password', () => {
  const change = (token: string, currentPassword: string, ip = '2001:db8:13::1') =>
    harness.call(
      'PUT',
      '/api/auth/change-password',
      { currentPassword, newPassword: 'Changed123', confirmPassword: 'Changed123' },
      { token, ip },
    )

  it('refuses a sixth wrong current password in 15 minutes with 429, even the right one, from anywhere', async () => {
    const account = await signedIn(harness)
    for (let i = 0; i < 5; i += 1) {
      const wrong = await change(account.token, 'Wrong1234')
      expect(wrong.status).toBe(400)
      expect(wrong.body.fieldErrors).toEqual({ currentPassword: ['Current password is incorrect'] })
    }
    const refused = await change(account.token, account.password, '2001:db8:13::2')
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: authMessages.tooManyAttempts,
    })
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)

    harness.clock.advance(windowMs)
    try {
      expect((await change(account.token, account.password)).status).toBe(200)
    } finally {
      harness.clock.advance(-windowMs)
    }
  })

  it('does not count a right current password', async () => {
    let account = await signedIn(harness)
    for (let i = 0; i < 7; i += 1) {
      const answer = await harness.call(
        'PUT',
        '/api/auth/change-password',
        { currentPassword: account.password, newPassword: `Changed12${i}`, confirmPassword: `Changed12${i}` },
        { token: account.token },
      )
      expect(answer.status).toBe(200)
      account = { ...account, password: `Changed12${i}`, token: String(answer.body.token) }
    }
  })
})

interface Steps {
  /** Command-side SQL, without values, sorted: the same statements whatever their order. */
  readonly sql: readonly string[]
  /** Event-store calls (reads, appends, rows in an append's transaction), the user named as `user-*`. */
  readonly store: readonly string[]
  /** argon2 checks started. */
  readonly checks: number
}

/** The steps one request takes: its SQL, its reads and appends of the log, its password checks. */
async function stepsOf(request: () => Promise<unknown>): Promise<Steps> {
  const sql: string[] = []
  const onQuery = (query: { sql: string }) => sql.push(query.sql)
  let checks = 0
  const stop = passwordWork.onStart((lane) => {
    if (lane === 'check') checks += 1
  })
  harness.knex.on('query', onQuery)
  harness.storeCalls.length = 0
  try {
    await request()
  } finally {
    harness.knex.off('query', onQuery)
    stop()
  }
  const store = harness.storeCalls.map((call) => call.replace(/ user-\S+$/, ' user-*'))
  return { sql: [...sql].sort(), store: [...store].sort(), checks }
}

describe('account look-ups do the same work whether or not the email has an account', () => {
  const post = (path: string, body: unknown) => () => harness.call('POST', path, body)

  it('login: an unknown email reads a stream and a key and checks a password, as a wrong password does', async () => {
    const account = await verified(harness)
    const nobody = person().email
    // Warm both paths (the decoy hash, the streams in the handler's cache).
    await post('/api/auth/login', { email: account.email, password: 'Wrong1234' })()
    await post('/api/auth/login', { email: nobody, password: 'Wrong1234' })()

    const known = await stepsOf(post('/api/auth/login', { email: account.email, password: 'Wrong1234' }))
    const unknown = await stepsOf(post('/api/auth/login', { email: nobody, password: 'Wrong1234' }))
    expect(known.checks).toBe(1)
    expect(unknown).toEqual(known)
    expect(unknown.store).toEqual(['readStream user-*'])
  })

  it('resend-verification: an unknown email takes the steps of a known one with nothing to send', async () => {
    const account = await verified(harness)
    const nobody = person().email
    await post('/api/auth/resend-verification', { email: account.email })()
    await post('/api/auth/resend-verification', { email: nobody })()

    const known = await stepsOf(post('/api/auth/resend-verification', { email: account.email }))
    const unknown = await stepsOf(post('/api/auth/resend-verification', { email: nobody }))
    expect(unknown).toEqual(known)
    expect(unknown.store.length).toBeGreaterThan(0)
  })

  it('forgot-password: an unknown email takes the steps of a known one but the link’s own append', async () => {
    const account = await verified(harness)
    const suspended = await verified(harness)
    await banUser(harness.deps, { userId: suspended.userId, byUserId: 'admin' }, harness.context())
    const nobody = person().email
    for (const email of [account.email, suspended.email, nobody]) {
      await post('/api/auth/forgot-password', { email })()
    }

    const known = await stepsOf(post('/api/auth/forgot-password', { email: account.email }))
    const banned = await stepsOf(post('/api/auth/forgot-password', { email: suspended.email }))
    const unknown = await stepsOf(post('/api/auth/forgot-password', { email: nobody }))
    expect(unknown).toEqual(banned)
    expect(known.sql).toEqual(unknown.sql)
    // Recording the link is its append, with the link's row in the same transaction.
    expect(known.store).toEqual([...unknown.store, 'append user-*', 'row statement'].sort())
  })
})

describe('asking for a link answers before any work that depends on the account', () => {
  /**
   * Holds the account's stream row locked in a transaction of its own, so recording a link (an
   * append to that stream) waits until it is let go: a slow database, for this account only.
   */
  async function holdStream(userId: string) {
    const trx = await harness.knex.transaction()
    await trx.raw('select revision from streams where stream_id = ? for update', [`user-${userId}`])
    return () => trx.commit()
  }

  const ask = (path: string, email: string) =>
    fetch(`${harness.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
      // Far longer than an answer takes; an answer that waits for the held stream never comes.
      signal: AbortSignal.timeout(10_000),
    })

  it.each([
    ['/api/auth/forgot-password', 'reset-password'],
    ['/api/auth/resend-verification', 'verify-email'],
  ] as const)(
    '%s: a known email is answered while its link is still being recorded',
    async (path, purpose) => {
      // Unverified, so a new verification link is recorded too; the reset link for a verified one.
      const account = purpose === 'verify-email' ? await registered(harness) : await verified(harness)
      const before = await harness.linkToken(account.userId, 'verify-email')
      const release = await holdStream(account.userId)
      let answer: Response
      try {
        answer = await ask(path, account.email)
        expect(answer.status).toBe(200)
        const unknown = await ask(path, person().email)
        expect(await answer.json()).toEqual(await unknown.json())
      } finally {
        await release()
      }
      // Let go, the new link is recorded after all.
      await harness.afterAnswer.idle()
      const latest = await harness.linkToken(account.userId, purpose)
      if (purpose === 'verify-email') expect(latest).not.toBe(before)
      else expect(latest).toEqual(expect.any(String))
    },
  )
})
