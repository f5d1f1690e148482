import { createHash, createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { fromHex, jsDrawCrypto, toHex } from './crypto'

describe('jsDrawCrypto', () => {
  const lengths = [0, 1, 3, 55, 56, 63, 64, 65, 119, 120, 127, 128, 1000]

  it.each(lengths)('hashes %i bytes as node:crypto does', (length) => {
    const bytes = Uint8Array.from({ length }, (_, i) => (i * 31 + 7) & 0xff)
    expect(toHex(jsDrawCrypto.sha256(bytes))).toBe(createHash('sha256').update(bytes).digest('hex'))
  })

  it('knows the published test vector', () => {
    expect(toHex(jsDrawCrypto.sha256(new TextEncoder().encode('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    )
  })

  it.each([0, 32, 64, 65, 100])(
    'computes HMAC-SHA256 with a %i-byte key as node:crypto does',
    (keyLength) => {
      const key = Uint8Array.from({ length: keyLength }, (_, i) => (i * 13) & 0xff)
      const message = new TextEncoder().encode('randomness and list hash')
      expect(toHex(jsDrawCrypto.hmacSha256(key, message))).toBe(
        createHmac('sha256', key).update(message).digest('hex'),
      )
    },
  )

  it('round-trips hex and refuses what is not lower-case hex bytes', () => {
    expect(toHex(fromHex('00ff10'))).toBe('00ff10')
    expect(() => fromHex('abc')).toThrow()
    expect(() => fromHex('ABCD')).toThrow()
  })
})
