import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { generateUserKey } from './cipher'
import { UnwrappableUserKey, unwrapUserKey, wrappedKeyBytes, wrapUserKey } from './key-wrapping'

describe('a user key wrapped under PERSONAL_DATA_KEY', () => {
  const operator = randomBytes(32)
  const key = generateUserKey()

  it('opens under the same key, for the same user and key id, and shows no byte run of the key', () => {
    const wrapped = wrapUserKey(operator, 'user-1', key)
    expect(wrapped).toHaveLength(wrappedKeyBytes)
    expect(wrapped.includes(key.key.subarray(0, 8))).toBe(false)
    expect(unwrapUserKey(operator, 'user-1', key.id, wrapped)).toEqual(key)
  })

  it('is refused under another key, moved to another user or key id, or with no key at all', () => {
    const wrapped = wrapUserKey(operator, 'user-1', key)
    expect(() => unwrapUserKey(randomBytes(32), 'user-1', key.id, wrapped)).toThrow(
      /another PERSONAL_DATA_KEY/,
    )
    expect(() => unwrapUserKey(operator, 'user-2', key.id, wrapped)).toThrow(UnwrappableUserKey)
    expect(() => unwrapUserKey(operator, 'user-1', 'other-id', wrapped)).toThrow(UnwrappableUserKey)
    expect(() => unwrapUserKey(undefined, 'user-1', key.id, wrapped)).toThrow(/no PERSONAL_DATA_KEY/)
  })

  it('a key kept clear before wrapping (32 bytes) is read as it is; another length is refused', () => {
    expect(unwrapUserKey(undefined, 'user-1', key.id, key.key)).toEqual(key)
    expect(() => unwrapUserKey(operator, 'user-1', key.id, Buffer.alloc(40))).toThrow(/40 bytes/)
  })
})
