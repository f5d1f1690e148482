import { describe, expect, it } from 'vitest'
import { initials } from './initials'

describe('initials', () => {
  it('takes the first letter of each name', () => {
    expect(initials('ada', 'Lovelace')).toBe('AL')
  })

  it('copes with a missing name and surrounding spaces', () => {
    expect(initials('  Seán ', '')).toBe('S')
    expect(initials('', '')).toBe('?')
  })

  it('keeps a letter outside the basic plane whole', () => {
    expect(initials('𝒜lice', 'Ó Súilleabháin')).toBe('𝒜Ó')
  })
})
