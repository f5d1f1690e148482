import { randomUUID } from 'node:crypto'
import type { AuthHarness } from './test-harness'

/** Valid registrations, each with its own email, and the steps most tests start from. */

export const strongPassword = 'Secret123'

export function person(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `ada-${randomUUID().slice(0, 8)}@example.com`,
    password: strongPassword,
    phone: '+44 (0)20 7946-0958',
    address: '1 Analytical Row, London',
    dateOfBirth: '1990-12-10',
    marketingEmails: true,
    ...overrides,
  }
}

export type Person = ReturnType<typeof person>

/** A string inside an answer's body, or a clear failure naming where it was expected. */
export function stringField(body: Record<string, unknown>, ...path: string[]): string {
  let value: unknown = body
  for (const key of path) value = (value as Record<string, unknown> | undefined)?.[key]
  if (typeof value !== 'string')
    throw new Error(`expected a string at ${path.join('.')}: ${JSON.stringify(body)}`)
  return value
}

export async function registered(harness: AuthHarness, who: Person = person()) {
  const answer = await harness.call('POST', '/api/auth/register', who)
  if (answer.status !== 200) throw new Error(`register failed: ${JSON.stringify(answer.body)}`)
  return { ...who, userId: stringField(answer.body, 'user', 'id') }
}

export async function verified(harness: AuthHarness, who: Person = person()) {
  const account = await registered(harness, who)
  const token = await harness.linkToken(account.userId, 'verify-email')
  const answer = await harness.call('GET', `/api/auth/verify-email/${token}`)
  if (answer.status !== 200) throw new Error(`verify failed: ${JSON.stringify(answer.body)}`)
  return account
}

/** A verified user, signed in: their session token. */
export async function signedIn(harness: AuthHarness, who: Person = person()) {
  const account = await verified(harness, who)
  const answer = await harness.call('POST', '/api/auth/login', {
    email: account.email,
    password: account.password,
  })
  if (answer.status !== 200) throw new Error(`login failed: ${JSON.stringify(answer.body)}`)
  return { ...account, token: stringField(answer.body, 'token') }
}
