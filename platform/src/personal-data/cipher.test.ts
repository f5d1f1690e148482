import { describe, expect, test } from 'vitest'
import { decryptValue, encryptValue, generateUserKey, keyIdOf, UndecryptableValue } from './cipher'

describe('personal data encryption', () => {
  test('round-trips under the user key and hides the plaintext', () => {
    const key = generateUserKey()
    const sealed = encryptValue(key, 'ada@example.com')
    expect(sealed).toMatch(/^enc:v1:/)
    expect(sealed).not.toContain('ada')
    expect(keyIdOf(sealed)).toBe(key.id)
    expect(decryptValue(key, sealed)).toBe('ada@example.com')
  })

  test('the same value encrypts differently each time', () => {
    const key = generateUserKey()
    expect(encryptValue(key, 'x')).not.toBe(encryptValue(key, 'x'))
  })

  test('without the key (erased) the value is gone; with another key it is refused', () => {
    const sealed = encryptValue(generateUserKey(), 'secret')
    expect(decryptValue(undefined, sealed)).toBeUndefined()
    expect(() => decryptValue(generateUserKey(), sealed)).toThrow(UndecryptableValue)
  })

  test('a tampered value fails authentication', () => {
    const key = generateUserKey()
    const sealed = encryptValue(key, 'secret value')
    const parts = sealed.split(':')
    const data = Buffer.from(parts[5] ?? '', 'base64url')
    data[0] = (data[0] ?? 0) ^ 1
    parts[5] = data.toString('base64url')
    expect(() => decryptValue(key, parts.join(':'))).toThrow()
  })
})
