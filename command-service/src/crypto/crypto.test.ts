import { describe, expect, test } from 'vitest'
import { deriveOneTimeToken, hashToken, newNonce } from './one-time-token'
import { decryptValue, encryptValue, generateUserKey, keyIdOf, UndecryptableValue } from './personal-data'

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

describe('one-time tokens', () => {
  test('are derived from secret, purpose, user and nonce', () => {
    const secret = Buffer.from('s'.repeat(32))
    const nonce = newNonce()
    const token = deriveOneTimeToken(secret, 'verify-email', 'u1', nonce)
    expect(deriveOneTimeToken(secret, 'verify-email', 'u1', nonce)).toBe(token)
    expect(deriveOneTimeToken(secret, 'reset-password', 'u1', nonce)).not.toBe(token)
    expect(deriveOneTimeToken(Buffer.from('t'.repeat(32)), 'verify-email', 'u1', nonce)).not.toBe(token)
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/)
    expect(hashToken(token)).not.toContain(token)
  })
})
