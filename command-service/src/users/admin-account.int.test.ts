import { userStream } from '@prizes/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AuthHarness, startAuthHarness } from '../auth/test-harness'
import { registered } from '../auth/test-people'
import { createAdminAccount, InvalidAdminAccount } from './admin-account'

let harness: AuthHarness
beforeAll(async () => {
  harness = await startAuthHarness('users_admin_account')
})
afterAll(() => harness.close())

const login = (email: string, password: string) =>
  harness.call('POST', '/api/auth/login', { email, password })

describe('createAdminAccount', () => {
  it('registers a verified admin who can sign in at once, and is idempotent on the email', async () => {
    const input = { email: 'Operator@Example.com', password: 'Admin12345', firstName: 'Olive' }
    const first = await createAdminAccount(harness.deps, input, harness.context())
    expect(first.outcome).toBe('created')
    const answer = await login('operator@example.com', 'Admin12345')
    expect(answer.status).toBe(200)
    expect(answer.body.user).toMatchObject({
      role: 'admin',
      isAdmin: true,
      emailVerified: true,
      firstName: 'Olive',
      lastName: 'Admin',
    })

    const again = await createAdminAccount(harness.deps, input, harness.context())
    expect(again).toEqual({ userId: first.userId, outcome: 'unchanged' })
    const types = (await harness.store.readStream(userStream(first.userId))).map((event) => event.type)
    expect(types).toEqual(['UserRegistered'])
  })

  it('promotes and verifies an existing account with that email, leaving its password', async () => {
    const account = await registered(harness)
    const result = await createAdminAccount(
      harness.deps,
      { email: account.email, password: 'Other12345' },
      harness.context(),
    )
    expect(result).toEqual({ userId: account.userId, outcome: 'promoted' })
    expect((await login(account.email, 'Other12345')).status).toBe(401)
    const answer = await login(account.email, account.password)
    expect(answer.body.user).toMatchObject({ role: 'admin', emailVerified: true })
  })

  it('gives two bootstraps of one email racing each other one account', async () => {
    const input = { email: 'twin@example.com', password: 'Admin12345' }
    const results = await Promise.all([
      createAdminAccount(harness.deps, input, harness.context()),
      createAdminAccount(harness.deps, input, harness.context()),
    ])
    expect(new Set(results.map((result) => result.userId)).size).toBe(1)
    expect(results.map((result) => result.outcome).sort()).toEqual(['created', 'unchanged'])
    expect(await harness.knex('user_emails').where({ email: 'twin@example.com' })).toHaveLength(1)
  })

  it('refuses an invalid email or a weak password, saying why', async () => {
    await expect(
      createAdminAccount(harness.deps, { email: 'nope', password: 'Admin12345' }, harness.context()),
    ).rejects.toThrow(InvalidAdminAccount)
    await expect(
      createAdminAccount(harness.deps, { email: 'ok@example.com', password: 'weak' }, harness.context()),
    ).rejects.toThrow(/at least 8 characters/)
  })
})
