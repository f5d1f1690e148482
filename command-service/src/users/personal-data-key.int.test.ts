import { randomBytes } from 'node:crypto'
import { userEvents, userStream } from '@prizes/contracts'
import {
  decryptValue,
  generateUserKey,
  readUserKey,
  rewrapUserKeys,
  UnwrappableUserKey,
  usePersonalDataKey,
  userKeysTable,
  wrapClearUserKeys,
} from '@prizes/platform'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AuthHarness, startAuthHarness } from '../auth/test-harness'
import { person, signedIn } from '../auth/test-people'

/**
 * Issue 23: every user's personal-data key is kept wrapped under PERSONAL_DATA_KEY, so the
 * database alone decrypts nobody; a rotation rewraps them all, leaving the data as it was.
 */
let harness: AuthHarness
const operator = randomBytes(32)
beforeAll(async () => {
  harness = await startAuthHarness('personal_data_key')
  usePersonalDataKey(operator)
})
afterAll(async () => {
  usePersonalDataKey(undefined)
  await harness.close()
})

const storedKey = async (userId: string): Promise<Buffer> =>
  (await harness.knex(userKeysTable).where({ user_id: userId }).first<{ key: Buffer }>('key')).key

/** The user's last name as registered, decrypted with the key the table gives now. */
async function lastNameOf(userId: string): Promise<string | undefined> {
  const [registration] = await harness.store.readStream(userStream(userId), { limit: 1 })
  const sealed = userEvents.UserRegistered.parse(registration?.data).personal
  return decryptValue(await readUserKey(harness.knex, userId), sealed.lastName)
}

describe('personal-data keys under PERSONAL_DATA_KEY', () => {
  it('a registration keeps its key wrapped: the row is not the key, and the key opens the data', async () => {
    const who = person({ lastName: 'Wrappington' })
    const { userId } = await signedIn(harness, who)
    const stored = await storedKey(userId)
    const key = await readUserKey(harness.knex, userId)
    expect(key?.key).toHaveLength(32)
    expect(stored).toHaveLength(60)
    expect(stored.includes(key?.key.subarray(0, 8) ?? Buffer.alloc(8))).toBe(false)
    expect(await lastNameOf(userId)).toBe('Wrappington')
  })

  it('keys kept clear from before are wrapped (a batch at a time) and still open the data', async () => {
    const clear = Array.from({ length: 3 }, () => ({
      userId: `clear-${randomBytes(6).toString('hex')}`,
      key: generateUserKey(),
    }))
    await harness
      .knex(userKeysTable)
      .insert(clear.map(({ userId, key }) => ({ user_id: userId, key_id: key.id, key: key.key })))
    expect(await wrapClearUserKeys(harness.knex, operator)).toBe(3)
    for (const { userId, key } of clear) {
      const stored = await storedKey(userId)
      expect(stored).toHaveLength(60)
      expect(stored.equals(key.key)).toBe(false)
      expect(await readUserKey(harness.knex, userId)).toEqual(key)
    }
    expect(await wrapClearUserKeys(harness.knex, operator)).toBe(0)
  })

  it('a rotation keeps every user readable with the new key and with the old one not at all', async () => {
    const people = await Promise.all(
      ['Rotherham', 'Rotterdam', 'Rotorua'].map((lastName) => signedIn(harness, person({ lastName }))),
    )
    const everyone: string[] = await harness.knex(userKeysTable).pluck('user_id')
    const before = new Map(
      await Promise.all(everyone.map(async (id) => [id, await readUserKey(harness.knex, id)] as const)),
    )
    const next = randomBytes(32)
    expect(await rewrapUserKeys(harness.knex, { old: operator, new: next })).toBe(everyone.length)

    await expect(readUserKey(harness.knex, people[0]?.userId ?? '')).rejects.toThrow(UnwrappableUserKey)
    usePersonalDataKey(next)
    try {
      for (const id of everyone) expect(await readUserKey(harness.knex, id)).toEqual(before.get(id))
      expect(await Promise.all(people.map(({ userId }) => lastNameOf(userId)))).toEqual([
        'Rotherham',
        'Rotterdam',
        'Rotorua',
      ])
      // A second rotation from the old key finds nothing it can open, and changes nothing.
      await expect(rewrapUserKeys(harness.knex, { old: operator, new: randomBytes(32) })).rejects.toThrow(
        UnwrappableUserKey,
      )
      expect(await lastNameOf(people[2]?.userId ?? '')).toBe('Rotorua')
    } finally {
      usePersonalDataKey(operator)
    }
  })
})
