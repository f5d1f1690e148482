import { adminCompetition, publicCompetition, publicCompetitionDetail } from '@prizes/contracts'
import { describe, expect, test } from 'vitest'
import { penceToPounds, toAdminCompetition, toPublicCompetition, toPublicCompetitionDetail } from './mapper'
import type { CompetitionReadRow } from './rows'

const row: CompetitionReadRow = {
  id: 'c1',
  title: 'Win a Tesla',
  description: 'A car',
  prize: 'Tesla Model 3',
  prize_value_pence: 4500000,
  entry_price_pence: 299,
  total_tickets: 1000,
  sold_tickets: 12,
  free_tickets: 2,
  max_entries_per_person: 100,
  location: 'UK Wide',
  start_date: new Date('2030-01-01T00:00:00Z'),
  end_date: new Date('2030-02-01T00:00:00Z'),
  status: 'active',
  featured: true,
  image_url: '/media/tesla.svg',
  drawn_at: null,
  skill_question: {
    question: 'Capital of France?',
    options: ['London', 'Paris', 'Berlin', 'Madrid'],
    correct: 'Paris',
  },
  extra_skill_questions: [{ question: 'What is 6 × 7?', options: ['40', '42', '44', '46'], correct: '42' }],
  seed_commitment: 'a'.repeat(64),
  randomness_round: null,
  eligible_tickets: null,
  list_hash: null,
  randomness_signed: null,
  minimum_tickets: null,
  cash_alternative_pence: null,
  end_date_extended: false,
}

describe('competition mappers', () => {
  test('pence become pounds with two decimals', () => {
    expect([0, 1, 10, 299, 4_500_000, '1999'].map(penceToPounds)).toEqual([0, 0.01, 0.1, 2.99, 45_000, 19.99])
  })

  test('the public shape has no correct answer and passes the strict contract', () => {
    const competition = toPublicCompetition(row)
    expect(competition).toMatchObject({
      prize_value: 45_000,
      entry_price: 2.99,
      start_date: '2030-01-01T00:00:00.000Z',
      end_date: '2030-02-01T00:00:00.000Z',
      drawn_at: null,
      // Issue 24: the entries sold, paid and free (postal) apart.
      sold_tickets: 12,
      paid_entries: 10,
      free_entries: 2,
    })
    expect(competition.skill_question).toEqual({
      question: 'Capital of France?',
      options: ['London', 'Paris', 'Berlin', 'Madrid'],
    })
    expect(JSON.stringify(competition)).not.toContain('correct')
    expect(publicCompetition.parse(competition)).toEqual(competition)
  })

  test('the admin shape keeps the correct answer', () => {
    const competition = toAdminCompetition({ ...row, drawn_at: new Date('2030-02-02T12:00:00Z') })
    expect(competition.skill_question.correct).toBe('Paris')
    expect(competition.extra_skill_questions).toEqual([
      { question: 'What is 6 × 7?', options: ['40', '42', '44', '46'], correct: '42' },
    ])
    expect(toAdminCompetition({ ...row, extra_skill_questions: null }).extra_skill_questions).toEqual([])
    expect(competition.drawn_at).toBe('2030-02-02T12:00:00.000Z')
    expect(competition.draw).toEqual({
      seed_commitment: 'a'.repeat(64),
      randomness_round: null,
      eligible_tickets: null,
      list_hash: null,
    })
    expect(adminCompetition.parse(competition)).toEqual(competition)
    expect(toPublicCompetition(row)).not.toHaveProperty('draw')
  })

  test("the competition's page says whether a completed draw's randomness was verified", () => {
    expect(toPublicCompetitionDetail(row).draw.randomness_verified).toBeNull()
    const signed = toPublicCompetitionDetail({ ...row, status: 'completed', randomness_signed: true })
    expect(signed.draw.randomness_verified).toBe(true)
    const unsigned = toPublicCompetitionDetail({ ...row, status: 'completed', randomness_signed: false })
    expect(unsigned.draw.randomness_verified).toBe(false)
    expect(publicCompetitionDetail.parse(unsigned)).toEqual(unsigned)
  })

  test('a leaked answer fails the public contract instead of being sent', () => {
    expect(() => publicCompetition.parse(toAdminCompetition(row))).toThrow()
  })
})

describe('the competition page’s pool of questions (issue 24)', () => {
  test('lists every question with its options and no answer', () => {
    const detail = toPublicCompetitionDetail(row)
    expect(detail.skill_questions).toEqual([
      { question: 'Capital of France?', options: ['London', 'Paris', 'Berlin', 'Madrid'] },
      { question: 'What is 6 × 7?', options: ['40', '42', '44', '46'] },
    ])
    expect(JSON.stringify(detail)).not.toContain('correct')
    expect(toPublicCompetitionDetail({ ...row, extra_skill_questions: null }).skill_questions).toHaveLength(1)
  })
})
