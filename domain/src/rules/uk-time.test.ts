import { describe, expect, it } from 'vitest'
import { ukTimeZoneName } from './uk-time'

describe('UK time', () => {
  it('is GMT until 01:00 UTC on the last Sunday of March, then BST', () => {
    expect(ukTimeZoneName(new Date('2026-03-29T00:59:59Z'))).toBe('GMT')
    expect(ukTimeZoneName(new Date('2026-03-29T01:00:00Z'))).toBe('BST')
  })

  it('is BST until 01:00 UTC on the last Sunday of October, then GMT', () => {
    expect(ukTimeZoneName(new Date('2026-10-25T00:59:59Z'))).toBe('BST')
    expect(ukTimeZoneName(new Date('2026-10-25T01:00:00Z'))).toBe('GMT')
  })

  it('is GMT in winter and BST in summer', () => {
    expect(ukTimeZoneName(new Date('2027-01-15T12:00:00Z'))).toBe('GMT')
    expect(ukTimeZoneName(new Date('2027-07-15T12:00:00Z'))).toBe('BST')
  })
})
