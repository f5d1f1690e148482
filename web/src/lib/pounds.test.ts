import { describe, expect, it } from 'vitest'
import { parsePounds } from './pounds'

describe('parsePounds', () => {
  it('reads pounds and pence, £0 included', () => {
    expect(parsePounds('10')).toEqual({ pence: 1000 })
    expect(parsePounds('£10.5')).toEqual({ pence: 1050 })
    expect(parsePounds(' 0.07 ')).toEqual({ pence: 7 })
    expect(parsePounds('0')).toEqual({ pence: 0 })
    expect(parsePounds('100,000.00')).toEqual({ pence: 10_000_000 })
  })

  it('refuses what is not an amount or is too large', () => {
    for (const typed of ['', 'ten', '-1', '1.234', '100000.01', '1e3']) {
      expect(parsePounds(typed)).toHaveProperty('error')
    }
  })
})
