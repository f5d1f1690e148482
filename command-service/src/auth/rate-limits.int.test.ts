import { authMessages } from '@prizes/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RateLimitPolicy } from './rate-limits'
import { type AuthHarness, startAuthHarness } from './test-harness'
import { person } from './test-people'

const windowMs = 15 * 60 * 1000
/** Three tries per email, five per address: small enough to reach in a test. */
const small: RateLimitPolicy = {
  perEmail: { max: 3, windowMs },
  perAddress: { max: 5, windowMs },
}

let harness: AuthHarness
beforeAll(async () => {
  harness = await startAuthHarness('auth_rate_limits', {
    checkEmail: small,
    forgotPassword: small,
    resendVerification: small,
    accountToken: { perAddress: { max: 5, windowMs } },
  })
})
afterAll(() => harness.close())

let addresses = 0
/** Every test gets its own addresses, so their buckets never meet. */
const freshAddress = () => `198.51.100.${++addresses}`

describe.each([
  ['/api/auth/check-email', (email: string) => ({ email })],
  ['/api/auth/forgot-password', (email: string) => ({ email })],
  ['/api/auth/resend-verification', (email: string) => ({ email })],
])('%s', (path, body) => {
  const send = (email: string, ip: string) => harness.call('POST', path, body(email), { ip })

  it('allows the limit per email, then answers 429 with Retry-After, from any address', async () => {
    const email = person().email
    for (let i = 0; i < 3; i += 1) expect((await send(email, freshAddress())).status).not.toBe(429)
    const refused = await send(email.toUpperCase(), freshAddress())
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: authMessages.tooManyAttempts,
    })
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000)
  })

  it('allows the limit per address, then answers 429 whatever the email', async () => {
    const ip = freshAddress()
    for (let i = 0; i < 5; i += 1) expect((await send(person().email, ip)).status).not.toBe(429)
    expect((await send(person().email, ip)).status).toBe(429)
    expect((await send(person().email, freshAddress())).status).not.toBe(429)
  })
})

describe('the emailed links: verify email, check and use a reset link', () => {
  const token = 'a'.repeat(43)
  const uses = [
    (ip: string) => harness.call('GET', `/api/auth/verify-email/${token}`, undefined, { ip }),
    (ip: string) => harness.call('GET', `/api/auth/verify-reset-token/${token}`, undefined, { ip }),
    (ip: string) =>
      harness.call('POST', '/api/auth/reset-password', { token, password: 'NewSecret123' }, { ip }),
  ]

  it('share one bucket per address: past it, 429 with Retry-After, and another address is not refused', async () => {
    const ip = freshAddress()
    // Five dead links over the three endpoints: each answered as such.
    for (const use of [...uses, ...uses.slice(0, 2)]) expect((await use(ip)).status).toBe(400)
    for (const use of uses) {
      const refused = await use(ip)
      expect(refused.status).toBe(429)
      expect(refused.body).toMatchObject({ success: false, code: 'RATE_LIMITED' })
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    }
    for (const use of uses) expect((await use(freshAddress())).status).toBe(400)
  })
})

describe('rate-limit windows', () => {
  it('open again when the window has passed', async () => {
    const ip = freshAddress()
    const ask = () => harness.call('POST', '/api/auth/check-email', { email: person().email }, { ip })
    for (let i = 0; i < 5; i += 1) expect((await ask()).status).toBe(200)
    expect((await ask()).status).toBe(429)
    harness.clock.advance(windowMs)
    try {
      expect((await ask()).status).toBe(200)
    } finally {
      harness.clock.advance(-windowMs)
    }
  })

  it('count attempts the schema refuses too', async () => {
    const ip = freshAddress()
    for (let i = 0; i < 5; i += 1) {
      expect((await harness.call('POST', '/api/auth/check-email', { email: '' }, { ip })).status).toBe(400)
    }
    expect((await harness.call('POST', '/api/auth/check-email', { email: '' }, { ip })).status).toBe(429)
  })

  it('hold when many requests arrive at once (the count is one atomic upsert)', async () => {
    const ip = freshAddress()
    const email = person().email
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => harness.call('POST', '/api/auth/check-email', { email }, { ip })),
    )
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3)
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(7)
  })
})
