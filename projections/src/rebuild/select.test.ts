import { describe, expect, test } from 'vitest'
import type { Projection } from '../projection'
import { selectProjections, UnknownProjection } from './rebuild'

const projection = (name: string): Projection => ({ name, handles: [], tables: [], apply: async () => {} })
const all = [projection('competitions'), projection('user-stats')]

describe('selectProjections', () => {
  test('all, or the names given, in list order', () => {
    expect(selectProjections(all, 'all').map((p) => p.name)).toEqual(['competitions', 'user-stats'])
    expect(selectProjections(all, ['all']).map((p) => p.name)).toEqual(['competitions', 'user-stats'])
    expect(selectProjections(all, ['user-stats', 'competitions']).map((p) => p.name)).toEqual([
      'competitions',
      'user-stats',
    ])
  })

  test('an unknown name is an error that lists the valid names', () => {
    expect(() => selectProjections(all, ['competition'])).toThrow(UnknownProjection)
    expect(() => selectProjections(all, ['competition'])).toThrow(
      'Unknown projection "competition". Valid names: competitions, user-stats, all',
    )
  })
})
