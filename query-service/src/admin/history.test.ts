import { describe, expect, it } from 'vitest'
import { summarize } from './history'

describe('the audit trail of an undersold competition', () => {
  it('says what was sold against the minimum, and how the end date moved', () => {
    expect(
      summarize('CompetitionUndersold', { competitionId: 'c-1', soldTickets: 6, minimumTickets: 10 }),
    ).toBe(
      'Undersold at its end date: 6 of the minimum 10 tickets sold; entries stopped until an admin decides',
    )
    expect(
      summarize('CompetitionEndDateExtended', {
        competitionId: 'c-1',
        previousEndDate: '2030-02-01T00:00:00.000Z',
        endDate: '2030-02-15T00:00:00.000Z',
      }),
    ).toBe(
      'End date extended from 2030-02-01T00:00:00.000Z to 2030-02-15T00:00:00.000Z; open for entries again',
    )
  })
})
