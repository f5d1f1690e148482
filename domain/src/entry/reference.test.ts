import { describe, expect, it } from 'vitest'
import { entryReferencePattern, formatEntryReference } from './reference'

describe('formatEntryReference', () => {
  const at = new Date('2030-12-31T23:59:59.000Z')

  it('is the prefix, the UTC year and a 6-digit sequence', () => {
    expect(formatEntryReference('PRZ', at, 42)).toBe('PRZ-2030-000042')
    expect(formatEntryReference('PRZ', at, 123_456)).toBe('PRZ-2030-123456')
    expect(formatEntryReference('PRZ', at, 42)).toMatch(entryReferencePattern)
  })

  it('refuses a prefix or a number that would make a reference nobody can read back', () => {
    expect(() => formatEntryReference('prz', at, 1)).toThrow()
    expect(() => formatEntryReference('1PRZ', at, 1)).toThrow()
    expect(formatEntryReference('WIN2', at, 7)).toBe('WIN2-2030-000007')
    expect(() => formatEntryReference('PRZ', at, 0)).toThrow()
    expect(() => formatEntryReference('PRZ', at, 1.5)).toThrow()
  })
})
