import { describe, expect, it } from 'vitest'
import { entriesCsvFileName } from './entries-export'

describe('entriesCsvFileName', () => {
  it('names the file after the competition and the UK day', () => {
    expect(entriesCsvFileName('Win a £50,000 Camper Van!', new Date('2026-03-05T12:00:00Z'))).toBe(
      'win-a-50-000-camper-van-entries-2026-03-05.csv',
    )
  })

  it('uses the UK date just after midnight in summer time', () => {
    expect(entriesCsvFileName('Car', new Date('2026-07-01T23:30:00Z'))).toBe('car-entries-2026-07-02.csv')
  })

  it('falls back to a plain name when the title has no letters or digits', () => {
    expect(entriesCsvFileName('★★★', new Date('2026-03-05T12:00:00Z'))).toBe(
      'competition-entries-2026-03-05.csv',
    )
  })
})
