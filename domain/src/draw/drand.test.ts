import { describe, expect, it } from 'vitest'
import { drandRound, quicknet } from './drand'

describe('drandRound', () => {
  const at = (seconds: number) => new Date((quicknet.genesisTime + seconds) * 1000)

  it('answers the first round published at or after the moment', () => {
    expect(drandRound(at(0))).toBe(1)
    expect(drandRound(at(-100))).toBe(1)
    expect(drandRound(at(3))).toBe(2)
    expect(drandRound(at(3.5))).toBe(3)
    expect(drandRound(at(30 * 24 * 3600))).toBe(864_001)
  })

  it('follows another chain given', () => {
    const chain = { chainHash: 'x', genesisTime: 1000, period: 30 }
    expect(drandRound(new Date(1_000_000 + 61_000), chain)).toBe(4)
  })
})
