import { encryptedPersonalData, userEvents, userStream } from '@prizes/contracts'
import { decryptValue, readUserKey } from '@prizes/platform'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AuthHarness, startAuthHarness } from '../auth/test-harness'
import { person, signedIn } from '../auth/test-people'
import { eraseUser } from './erase'

let harness: AuthHarness
beforeAll(async () => {
  harness = await startAuthHarness('users_erase')
})
afterAll(() => harness.close())

/** Values that appear nowhere else, so finding one anywhere means it leaked. */
const who = person({
  firstName: 'Zebedee',
  lastName: 'Quartermaine',
  email: 'zebedee.quartermaine@example.org',
  phone: '+44 7700 900999',
  address: '42 Wallaby Way, Sydney',
  dateOfBirth: '1985-03-17',
})
const edited = {
  firstName: 'Xanthippe',
  lastName: 'Featherstonehaugh',
  phone: '07700 900777',
  address: '9 Fennel Row',
}
const personalValues = [
  who.firstName,
  who.lastName,
  who.email,
  who.phone,
  who.address,
  who.dateOfBirth,
  ...Object.values(edited),
]

/** Every stored event of every stream, as PostgreSQL holds the JSON. */
async function rawEventText(): Promise<string> {
  const { rows } = await harness.store.pool.query<{ data: string; metadata: string }>(
    'select data::text as data, metadata::text as metadata from events order by global_position',
  )
  return rows.map((row) => `${row.data}\n${row.metadata}`).join('\n')
}

describe('eraseUser', () => {
  it('leaves no readable personal data in the event store or the command-side tables', async () => {
    const account = await signedIn(harness, who)
    const { userId } = account
    await harness.call('PUT', '/api/auth/profile', edited, { token: account.token })
    await harness.call('POST', '/api/auth/forgot-password', { email: who.email })

    // While the user exists, the events hold ciphertext only; the key makes it readable.
    const before = await rawEventText()
    for (const value of personalValues) expect(before).not.toContain(value)
    const key = await readUserKey(harness.knex, userId)
    const [registration] = await harness.store.readStream(userStream(userId), { limit: 1 })
    const sealed = userEvents.UserRegistered.parse(registration?.data).personal
    expect(decryptValue(key, sealed.lastName)).toBe(who.lastName)

    const erased = await eraseUser(harness.deps, { userId }, harness.context())
    expect(erased.events).toEqual([{ type: 'UserErased', data: { userId } }])

    const after = await rawEventText()
    for (const value of personalValues) {
      expect(after).not.toContain(value)
      expect(after.toLowerCase()).not.toContain(value.toLowerCase())
    }
    // The log keeps its shape: every event is still there, still well formed.
    const events = await harness.store.readStream(userStream(userId))
    expect(events.map((event) => event.type)).toEqual([
      'UserRegistered',
      'EmailVerificationRequested',
      'EmailVerified',
      'ProfileUpdated',
      'PasswordResetRequested',
      'UserErased',
    ])
    // Without the key nothing decrypts: every encrypted field of every event is gone for good.
    expect(await readUserKey(harness.knex, userId)).toBeUndefined()
    const encryptedFields = events.flatMap((event) => {
      const data = event.data as Record<string, unknown>
      const personal = data.personal ? Object.values(encryptedPersonalData.parse(data.personal)) : []
      return [...personal, data.passwordHash].filter((value): value is string => typeof value === 'string')
    })
    expect(encryptedFields.length).toBeGreaterThanOrEqual(13)
    for (const value of encryptedFields) expect(decryptValue(undefined, value)).toBeUndefined()

    for (const table of ['user_keys', 'user_emails', 'user_tokens', 'auth_sessions']) {
      expect(await harness.knex(table).where({ user_id: userId })).toEqual([])
    }
    const indexed = await harness.knex('user_emails').select('email')
    expect(JSON.stringify(indexed)).not.toContain(who.email)
  })

  it('ends the session, frees the email, and records nothing the second time', async () => {
    const account = await signedIn(harness)
    await eraseUser(harness.deps, { userId: account.userId }, harness.context())
    expect((await harness.call('GET', '/api/auth/profile', undefined, { token: account.token })).status).toBe(
      401,
    )
    const login = await harness.call('POST', '/api/auth/login', {
      email: account.email,
      password: account.password,
    })
    expect(login.body.code).toBe('INVALID_CREDENTIALS')
    expect((await harness.call('POST', '/api/auth/check-email', { email: account.email })).body.exists).toBe(
      false,
    )
    expect((await harness.call('POST', '/api/auth/register', person({ email: account.email }))).status).toBe(
      200,
    )

    const again = await eraseUser(harness.deps, { userId: account.userId }, harness.context())
    expect(again.events).toEqual([])
  })

  it('refuses a user that never existed', async () => {
    await expect(
      eraseUser(harness.deps, { userId: '00000000-0000-4000-8000-000000000000' }, harness.context()),
    ).rejects.toMatchObject({ code: 'USER_NOT_FOUND' })
  })
})
