import { describe, expect, test } from 'vitest'
import { deriveOneTimeToken, hashToken, newNonce } from './one-time-token'

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
