import { describe, expect, test } from 'vitest'
import { certificatePath, winnerIdentity } from './winners'

describe('winnerIdentity', () => {
  test('shows only what is published, never inventing a name', () => {
    expect(winnerIdentity({ winnerName: null, town: null })).toBeNull()
    expect(winnerIdentity({ winnerName: 'Sam P.', town: null })).toBe('Sam P.')
    expect(winnerIdentity({ winnerName: 'Sam P.', town: 'Leeds' })).toBe('Sam P., Leeds')
    expect(winnerIdentity({ winnerName: ' ', town: 'Cork' })).toBe('Cork')
  })
})

test('certificatePath', () => {
  expect(certificatePath('a b')).toBe('/draws/a%20b')
})
