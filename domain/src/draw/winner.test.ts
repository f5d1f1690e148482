import { describe, expect, it } from 'vitest'
import { type DrawCrypto, jsDrawCrypto, toHex } from './crypto'
import { drawIndex } from './winner'

const base = { seed: '11'.repeat(32), randomness: '22'.repeat(32), listHash: '33'.repeat(32) }

/** A hash stand-in whose blocks are given, to reach the rejection boundary exactly. */
function scripted(blocks: number[][]): DrawCrypto & { calls: Uint8Array[] } {
  const calls: Uint8Array[] = []
  return {
    calls,
    sha256: jsDrawCrypto.sha256,
    hmacSha256: (_key, message) => {
      calls.push(message)
      const words = blocks[calls.length - 1] ?? []
      const out = new Uint8Array(32)
      const view = new DataView(out.buffer)
      for (const [i, word] of words.entries()) view.setUint32(i * 4, word)
      return out
    },
  }
}

describe('drawIndex', () => {
  it('rejects the values at and above the largest multiple of n (n = 3, limit 2^32 - 1)', () => {
    const crypto = scripted([[0xffffffff, 0xfffffffe, 0, 0, 0, 0, 0, 0]])
    // 0xffffffff is the one value of 2^32 that would favour index 0; 0xfffffffe % 3 = 2.
    expect(drawIndex({ ...base, size: 3 }, crypto)).toEqual({ index: 2, attempts: 2 })
  })

  it('rejects about half of the values when n is just over 2^31, without bias', () => {
    const n = 2 ** 31 + 1
    const crypto = scripted([[n, n + 5, 2 ** 32 - 1, n - 1, 0, 0, 0, 0]])
    expect(drawIndex({ ...base, size: n }, crypto)).toEqual({ index: n - 1, attempts: 4 })
  })

  it('derives the next block with a 4-byte counter once a block is used up', () => {
    const rejected = Array.from({ length: 8 }, () => 0xffffffff)
    const crypto = scripted([rejected, [7, 0, 0, 0, 0, 0, 0, 0]])
    expect(drawIndex({ ...base, size: 3 }, crypto)).toEqual({ index: 1, attempts: 9 })
    const [first, second] = crypto.calls
    expect(first?.length).toBe(64)
    expect(second && toHex(second.slice(64))).toBe('00000001')
  })

  it('is spread evenly over a size that is not a power of two', () => {
    const size = 6
    const counts = new Array<number>(size).fill(0)
    const draws = 6000
    for (let i = 0; i < draws; i++) {
      const seed = toHex(jsDrawCrypto.sha256(new TextEncoder().encode(`s${i}`)))
      const { index } = drawIndex({ ...base, seed, size }, jsDrawCrypto)
      counts[index] = (counts[index] ?? 0) + 1
    }
    // Each of 6 outcomes expects 1000; a fair draw stays well inside ±150 (about 4.2 sigma).
    for (const count of counts) expect(Math.abs(count - draws / size)).toBeLessThan(150)
  })

  it('refuses to draw from nothing', () => {
    expect(() => drawIndex({ ...base, size: 0 }, jsDrawCrypto)).toThrow(RangeError)
  })

  it('draws the same ticket for the same inputs and another for another seed', () => {
    const a = drawIndex({ ...base, size: 1000 }, jsDrawCrypto)
    expect(drawIndex({ ...base, size: 1000 }, jsDrawCrypto)).toEqual(a)
    expect(drawIndex({ ...base, seed: '12'.repeat(32), size: 1000 }, jsDrawCrypto).index).not.toBe(a.index)
  })
})
