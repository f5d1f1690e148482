import { authMessages } from '@prizes/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serverMessages } from './messages'
import { type AuthHarness, startAuthHarness } from './test-harness'
import { person, verified } from './test-people'

/**
 * Issue 10, finding 2: ten wrong passwords from anywhere made the owner's right password, from
 * another address, answer 429 for 15 minutes. Only failures count now, per email and address,
 * per address, and (with known addresses still let in) per email.
 */

const windowMs = 15 * 60 * 1000
const hourMs = 60 * 60 * 1000

let harness: AuthHarness
beforeAll(async () => {
  harness = await startAuthHarness(
    'auth_login_limits',
    {},
    {
      attemptsPerAddress: { max: 1000, windowMs },
      failuresPerEmailAndAddress: { max: 10, windowMs },
      failuresPerAddress: { max: 20, windowMs },
      failuresPerEmail: { max: 25, windowMs: hourMs },
    },
  )
})
afterAll(() => harness.close())

let addresses = 0
/** Every test gets its own addresses, so their buckets never meet. */
const freshAddress = () => `2001:db8::${(++addresses).toString(16)}`
const login = (path: string, email: string, password: string, ip: string) =>
  harness.call('POST', path, { email, password }, { ip })

describe.each([
  ['/api/auth/login', '/api/auth/login-for-entry'],
  ['/api/auth/login-for-entry', '/api/auth/login'],
])('guessing on %s, then signing in on %s', (guessPath, signInPath) => {
  it('lets the right password in from another address after 10+ wrong ones, and keeps refusing the guesser', async () => {
    const owner = await verified(harness)
    const attacker = freshAddress()
    const answers = []
    for (let i = 0; i < 12; i += 1)
      answers.push((await login(guessPath, owner.email, 'Wrong1234', attacker)).status)
    expect(answers).toEqual([...Array(10).fill(401), 429, 429])

    const fromHome = await login(signInPath, owner.email, owner.password, freshAddress())
    expect(fromHome.status).toBe(200)
    expect(fromHome.body).toMatchObject({ success: true, user: { id: owner.userId } })

    // From the guesser's address even the right password is refused: guessing cannot confirm a hit.
    const guesser = await login(signInPath, owner.email, owner.password, attacker)
    expect(guesser.status).toBe(429)
    expect(guesser.body).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: authMessages.tooManyAttempts,
    })
    const retryAfter = Number(guesser.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000)
  })
})

describe('sign-in failures', () => {
  it('count guesses still under way, so a burst from one address gets no more than the limit', async () => {
    const owner = await verified(harness)
    const attacker = freshAddress()
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => login('/api/auth/login', owner.email, 'Wrong1234', attacker)),
    )
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(10)
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(10)
  })

  it('do not count right passwords: an owner signing in often is never limited', async () => {
    const owner = await verified(harness)
    const home = freshAddress()
    for (let i = 0; i < 15; i += 1) {
      expect((await login('/api/auth/login', owner.email, owner.password, home)).status).toBe(200)
    }
  })

  it('are limited per address over many emails, leaving other addresses alone', async () => {
    const sprayer = freshAddress()
    for (let i = 0; i < 20; i += 1) {
      expect((await login('/api/auth/login', person().email, 'Wrong1234', sprayer)).status).toBe(401)
    }
    const owner = await verified(harness)
    expect((await login('/api/auth/login', owner.email, 'Wrong1234', sprayer)).status).toBe(429)
    expect((await login('/api/auth/login', owner.email, owner.password, freshAddress())).status).toBe(200)
  })

  it('from many addresses on one email let in only addresses that signed in or reset before', async () => {
    const owner = await verified(harness)
    const home = freshAddress()
    expect((await login('/api/auth/login', owner.email, owner.password, home)).status).toBe(200)
    // A botnet: each address stays under its own limit, together they pass the email's.
    for (let i = 0; i < 25; i += 1) {
      expect((await login('/api/auth/login', owner.email, 'Wrong1234', freshAddress())).status).toBe(401)
    }
    const stranger = await login('/api/auth/login', owner.email, owner.password, freshAddress())
    expect(stranger.status).toBe(429)
    expect(stranger.body).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: serverMessages.signInFromKnownPlace,
    })
    expect(Number(stranger.headers.get('retry-after'))).toBeGreaterThan(0)
    // The refused attempt did not count as a failure of the stranger's address.
    expect((await login('/api/auth/login', owner.email, owner.password, home)).status).toBe(200)

    // Resetting the password from a new place proves the inbox and lets that place in.
    const travelling = freshAddress()
    expect((await harness.call('POST', '/api/auth/forgot-password', { email: owner.email })).status).toBe(200)
    const token = await harness.linkToken(owner.userId, 'reset-password')
    const reset = await harness.call(
      'POST',
      '/api/auth/reset-password',
      { token, password: 'Another123', confirmPassword: 'Another123' },
      { ip: travelling },
    )
    expect(reset.status).toBe(200)
    expect((await login('/api/auth/login', owner.email, 'Another123', travelling)).status).toBe(200)
    expect((await login('/api/auth/login', owner.email, 'Another123', freshAddress())).status).toBe(429)

    harness.clock.advance(hourMs)
    try {
      expect((await login('/api/auth/login', owner.email, 'Another123', freshAddress())).status).toBe(200)
    } finally {
      harness.clock.advance(-hourMs)
    }
  })

  it('on an email with no account are limited the same way, so the limit tells nobody who exists', async () => {
    const nobody = person().email
    for (let i = 0; i < 25; i += 1) {
      expect((await login('/api/auth/login', nobody, 'Wrong1234', freshAddress())).status).toBe(401)
    }
    const answer = await login('/api/auth/login', nobody, 'Wrong1234', freshAddress())
    expect(answer.status).toBe(429)
    expect(answer.body.message).toBe(serverMessages.signInFromKnownPlace)
  })
})
