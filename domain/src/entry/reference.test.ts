import { describe, expect, it } from 'vitest'
import { entryReferenceNumber, entryReferencePattern, formatEntryReference } from './reference'

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

describe('entryReferenceNumber', () => {
  it('reads back the number a reference was issued with, past six digits too', () => {
    const at = new Date('2030-01-01T00:00:00.000Z')
    expect(entryReferenceNumber(formatEntryReference('PRZ', at, 42))).toBe(42)
    expect(entryReferenceNumber(formatEntryReference('WIN2', at, 1_234_567))).toBe(1_234_567)
  })

  it('has no number for what was not formatted as a reference', () => {
    expect(entryReferenceNumber('R-7')).toBeUndefined()
    expect(entryReferenceNumber('PRZ-2030-00004x')).toBeUndefined()
    expect(entryReferenceNumber('PRZ-2030-99999999999999999999')).toBeUndefined()
  })
})
