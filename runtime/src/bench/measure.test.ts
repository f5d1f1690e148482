import { describe, expect, test } from 'vitest'
import { formatTable, quantile, throughput } from './measure'

describe('benchmark helpers', () => {
  test('quantile uses the nearest rank', () => {
    const samples = [5, 1, 4, 2, 3, 6, 7, 8, 9, 10]
    expect(quantile(samples, 0.5)).toBe(5)
    expect(quantile(samples, 0.99)).toBe(10)
    expect(quantile([], 0.5)).toBeNaN()
  })

  test('throughput counts every completed operation of every worker', async () => {
    const seen = new Set<string>()
    const result = await throughput(3, 30, async (worker, i) => {
      seen.add(`${worker}:${i}`)
      await new Promise((r) => setTimeout(r, 1))
    })
    expect(result.ops).toBe(seen.size)
    expect(result.perSecond).toBeGreaterThan(0)
  })

  test('formatTable pads columns', () => {
    expect(formatTable(['a', 'bb'], [['xyz', '1']])).toBe('a    bb\n---  --\nxyz   1')
  })
})
