import { skillQuestionPoolOf } from '@prizes/contracts'
import { answersGivenAway, assertValidDetails } from '@prizes/domain'
import { describe, expect, it } from 'vitest'
import { demoCompetitions } from './demo-competitions'

describe('the demo competitions’ skill questions (issue 24)', () => {
  it.each(demoCompetitions.map((c) => [c.details.title, c] as const))(
    '%s carries two or three questions, none answered by its own words',
    (_, competition) => {
      const pool = skillQuestionPoolOf(competition.details)
      expect(pool.length).toBeGreaterThanOrEqual(2)
      expect(pool.length).toBeLessThanOrEqual(3)
      expect(answersGivenAway(competition.details, pool)).toEqual([])
      const start = new Date('2030-01-01T00:00:00.000Z')
      const end = new Date(start.getTime() + competition.endsInDays * 86_400_000)
      expect(() =>
        assertValidDetails({
          ...competition.details,
          startDate: start.toISOString(),
          endDate: end.toISOString(),
          imageUrl: null,
        }),
      ).not.toThrow()
    },
  )
})
