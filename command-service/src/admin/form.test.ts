import { Refusal } from '@prizes/contracts'
import { describe, expect, it } from 'vitest'
import { answerOf } from '../testing/error-answer'
import { detailsFromForm, parseAdminForm, toPence } from './form'

const valid = {
  title: 'Win a campervan',
  description: 'A VW California',
  prize: 'VW California',
  prize_value: '55000',
  entry_price: '2.99',
  total_tickets: '1000',
  status: 'draft',
  featured: 'true',
  skill_question: JSON.stringify({ question: '2 + 2?', options: ['3', '4', '5', '6'], correct: '4' }),
}
const now = new Date('2030-01-10T12:00:00.000Z')

function refusal(input: unknown) {
  try {
    parseAdminForm(input)
  } catch (error) {
    const answer = answerOf(error)
    if (answer) return answer
    throw error
  }
  throw new Error('the form was accepted')
}

describe('toPence', () => {
  it('turns pounds of up to two decimals into exact pence', () => {
    expect(toPence(2.99)).toBe(299)
    expect(toPence(0.1 + 0.2)).toBe(30)
    expect(toPence(1.15)).toBe(115)
    expect(toPence(55000.01)).toBe(5500001)
  })
})

describe('parseAdminForm', () => {
  it('parses multipart text: numbers, the flag and the skill question as JSON', () => {
    const form = parseAdminForm(valid)
    expect(form).toMatchObject({ prize_value: 55000, entry_price: 2.99, total_tickets: 1000, featured: true })
    expect(form.location).toBe('UK Wide')
    expect(form.skill_question.correct).toBe('4')
  })

  it('defaults the status to active and featured to false', () => {
    const { status, featured, ...rest } = valid
    expect(parseAdminForm(rest)).toMatchObject({ status: 'active', featured: false })
  })

  it('refuses with the spec’s message and snake_case field names', () => {
    const error = refusal({ ...valid, entry_price: '1.005', total_tickets: '-3', skill_question: 'not json' })
    expect(error.status).toBe(400)
    expect(error.message).toBe('Please fill in all required fields correctly')
    expect(Object.keys(error.fieldErrors ?? {})).toEqual(
      expect.arrayContaining(['entry_price', 'total_tickets', 'skill_question']),
    )
  })

  it('refuses an empty body, naming every required field', () => {
    const fields = Object.keys(refusal(undefined).fieldErrors ?? {})
    for (const field of ['title', 'description', 'prize', 'prize_value', 'entry_price', 'total_tickets']) {
      expect(fields).toContain(field)
    }
  })
})

describe('detailsFromForm', () => {
  it('gives pence and ISO dates, defaulting to now and 30 days later', () => {
    const details = detailsFromForm(parseAdminForm(valid), '/media/x.webp', now)
    expect(details).toMatchObject({
      prizeValuePence: 5500000,
      entryPricePence: 299,
      startDate: '2030-01-10T12:00:00.000Z',
      endDate: '2030-02-09T12:00:00.000Z',
      imageUrl: '/media/x.webp',
    })
  })

  it('accepts plain dates and refuses an end before the start', () => {
    const form = parseAdminForm({ ...valid, start_date: '2030-03-01', end_date: '2030-04-01' })
    expect(detailsFromForm(form, null, now).startDate).toBe('2030-03-01T00:00:00.000Z')
    const backwards = parseAdminForm({ ...valid, start_date: '2030-03-01', end_date: '2030-02-01' })
    expect(() => detailsFromForm(backwards, null, now)).toThrow(Refusal)
  })
})
