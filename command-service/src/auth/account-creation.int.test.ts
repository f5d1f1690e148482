import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type PasswordLane, type PasswordWorkState, passwordWork } from '../users/password-work'
import { defaultRateLimits } from './rate-limits'
import { type Answer, type AuthHarness, startAuthHarness } from './test-harness'
import { person, verified } from './test-people'

/**
 * Issue 10, finding 4: 200 guest accounts in 5 s from one address, each emailing any recipient,
 * and 100 concurrent registrations slowing every login past a second. Account creation is now
 * limited per address, account emails per inbox, and password checks go before new hashes.
 */

let harness: AuthHarness
beforeAll(async () => {
  harness = await startAuthHarness('auth_account_creation', {
    register: defaultRateLimits.register,
    createGuestAccount: defaultRateLimits.createGuestAccount,
    forgotPassword: defaultRateLimits.forgotPassword,
  })
})
afterAll(() => harness.close())

let addresses = 0
const freshAddress = () => `2001:db8:4::${(++addresses).toString(16)}`

const guestOf = (who: ReturnType<typeof person>) => ({
  firstName: who.firstName,
  lastName: who.lastName,
  email: who.email,
  phone: who.phone,
  address: who.address,
  dateOfBirth: '1990-01-01',
  tempPassword: 'Temp12345!',
  source: 'competition_entry',
})
const createGuest = (who: ReturnType<typeof person>, ip: string) =>
  harness.call('POST', '/api/auth/create-guest-account', guestOf(who), { ip })

describe('creating accounts', () => {
  it('allows 20 guest accounts an hour from one address; the 21st is 429 while another address still works', async () => {
    const ip = freshAddress()
    for (let i = 0; i < 20; i += 1) expect((await createGuest(person(), ip)).status).toBe(200)
    const refused = await createGuest(person(), ip)
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: 'Too many accounts have been created from your network. Please wait 60 minutes and try again.',
    })
    expect(Number(refused.headers.get('retry-after'))).toBe(3600)
    expect((await createGuest(person(), freshAddress())).status).toBe(200)
  })

  it('allows 20 registrations an hour from one address', async () => {
    const ip = freshAddress()
    for (let i = 0; i < 20; i += 1) {
      expect((await harness.call('POST', '/api/auth/register', person(), { ip })).status).toBe(200)
    }
    const refused = await harness.call('POST', '/api/auth/register', person(), { ip })
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).not.toBeNull()
  })

  it('sends one inbox at most 10 account emails an hour, however its address is spelt and whoever asks', async () => {
    const inbox = `victim-${addresses}@example.com`
    const spelt = (n: number) => inbox.replace('@', `+${n}@`).toUpperCase()
    for (let n = 1; n <= 10; n += 1) {
      expect((await createGuest(person({ email: spelt(n) }), freshAddress())).status).toBe(200)
    }
    const flooded = await createGuest(person({ email: spelt(11) }), freshAddress())
    expect(flooded.status).toBe(429)
    expect(flooded.body.message).toBe(
      'Too many emails have been sent to this address recently. Please wait 60 minutes and try again.',
    )
    const reset = await harness.call(
      'POST',
      '/api/auth/forgot-password',
      { email: inbox },
      { ip: freshAddress() },
    )
    expect(reset.status).toBe(429)
    // Another inbox is untouched.
    expect((await createGuest(person(), freshAddress())).status).toBe(200)
  })
})

/** Waits (bounded) until the condition holds, looking between turns of the event loop. */
async function until(condition: () => boolean, what: string) {
  const deadline = Date.now() + 20_000
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
}

describe('password hashing under a burst of registrations', () => {
  it('checks a sign-in password ahead of the registrations queued before it', async () => {
    const account = await verified(harness)
    const starts: { lane: PasswordLane; state: PasswordWorkState }[] = []
    const stop = passwordWork.onStart((lane, state) => starts.push({ lane, state }))
    let burst: Promise<Answer>[] = []
    try {
      // Enough queued that the sign-in's lookups finish before the queue drains, on a loaded machine too.
      burst = Array.from({ length: 30 }, () =>
        harness.call('POST', '/api/auth/register', person(), { ip: freshAddress() }),
      )
      await until(() => passwordWork.state().waiting['new-password'] >= 12, 'registrations queue for hashing')
      const before = starts.length
      const login = await harness.call('POST', '/api/auth/login', {
        email: account.email,
        password: account.password,
      })
      expect(login.status).toBe(200)
      const check = starts.slice(before).find((start) => start.lane === 'check')
      // The sign-in's argon2 check began while registrations that came before it still waited.
      expect(check?.state.waiting['new-password']).toBeGreaterThan(0)
      const answers = await Promise.all(burst)
      expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(200))
    } finally {
      // A failed assertion must not leave requests running into the harness's shutdown.
      await Promise.allSettled(burst)
      stop()
    }
  })
})
