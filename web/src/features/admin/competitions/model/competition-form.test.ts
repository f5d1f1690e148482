import type { AdminCompetition } from '@prizes/contracts'
import { describe, expect, it } from 'vitest'
import {
  answerGiveaways,
  type CompetitionFormValues,
  competitionFormData,
  competitionPayload,
  competitionValues,
  fieldOfPath,
  fromLocalInput,
  imageProblem,
  newCompetitionValues,
  serverFieldErrors,
  toLocalInput,
  validateCompetitionForm,
} from './competition-form'

const now = new Date(2026, 4, 10, 9, 30)

const filled = (changes: Partial<CompetitionFormValues> = {}): CompetitionFormValues => ({
  ...newCompetitionValues(now),
  title: 'Win a Camper Van',
  description: 'A fully fitted camper van.',
  prize: 'VW California',
  prize_value: '65000',
  question: 'What is 2 + 2?',
  option0: '3',
  option1: '4',
  option2: '5',
  option3: '6',
  correct: '1',
  ...changes,
})

describe('new competition defaults (SPEC section 9)', () => {
  it('costs £2.99, has 1000 tickets, runs from now for 30 days, publishes, UK Wide', () => {
    const values = newCompetitionValues(now)
    expect(values).toMatchObject({
      entry_price: '2.99',
      total_tickets: '1000',
      status: 'active',
      location: 'UK Wide',
      featured: false,
      start_date: '2026-05-10T09:30',
      end_date: '2026-06-09T09:30',
    })
  })

  it('is not valid until the required fields are filled', () => {
    const errors = validateCompetitionForm(newCompetitionValues(now))
    expect(errors).toMatchObject({
      title: 'Required',
      description: 'Required',
      prize: 'Required',
      prize_value: 'Required',
      question: 'Required',
      option0: 'Required',
      correct: 'Choose the correct answer',
    })
  })
})

describe('the payload', () => {
  it('parses numbers, sends ISO dates and the correct option by text', () => {
    const payload = competitionPayload(filled())
    expect(payload).toMatchObject({
      prize_value: 65000,
      entry_price: 2.99,
      total_tickets: 1000,
      status: 'active',
      start_date: new Date(2026, 4, 10, 9, 30).toISOString(),
      skill_question: { question: 'What is 2 + 2?', options: ['3', '4', '5', '6'], correct: '4' },
    })
    expect(validateCompetitionForm(filled())).toEqual({})
  })

  it('applies the server rules with their messages', () => {
    expect(validateCompetitionForm(filled({ entry_price: '0' })).entry_price).toBe('Must be greater than 0')
    expect(validateCompetitionForm(filled({ entry_price: '2.999' })).entry_price).toBe(
      'At most 2 decimal places',
    )
    expect(validateCompetitionForm(filled({ total_tickets: '10.5' })).total_tickets).toBe(
      'Must be a whole number greater than 0',
    )
    expect(validateCompetitionForm(filled({ prize_value: 'lots' })).prize_value).toBe('Must be a number')
    expect(validateCompetitionForm(filled({ option2: '4' })).options).toBe('The four options must differ')
    expect(validateCompetitionForm(filled({ end_date: '2026-05-09T09:30' })).end_date).toBe(
      'The end date must be after the start date',
    )
  })

  it('shows the limits the read models and the card provider need, with the amount', () => {
    expect(validateCompetitionForm(filled({ entry_price: '100000' })).entry_price).toBe(
      'The entry price must be at most £99,999.99',
    )
    expect(validateCompetitionForm(filled({ total_tickets: '2147483648' })).total_tickets).toBe(
      'The total tickets must be at most 10,000,000',
    )
    expect(validateCompetitionForm(filled({ option1: 'x'.repeat(201) })).option1).toBe(
      'Each option must be at most 200 characters',
    )
  })

  it('builds a multipart body with every field as text and the question as JSON', async () => {
    const image = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' })
    const form = competitionFormData(
      competitionPayload(filled({ status: 'draft', featured: true })),
      image,
      'van.png',
    )
    expect(form.get('total_tickets')).toBe('1000')
    expect(form.get('entry_price')).toBe('2.99')
    expect(form.get('status')).toBe('draft')
    expect(form.get('featured')).toBe('true')
    expect(JSON.parse(String(form.get('skill_question')))).toEqual({
      question: 'What is 2 + 2?',
      options: ['3', '4', '5', '6'],
      correct: '4',
    })
    const file = form.get('image')
    expect(file).toBeInstanceOf(Blob)
    expect(file instanceof File ? file.name : null).toBe('van.png')
  })
})

describe('field errors', () => {
  it('puts each path on its field', () => {
    expect(fieldOfPath(['title'])).toBe('title')
    expect(fieldOfPath(['skill_question', 'options', 2])).toBe('option2')
    expect(fieldOfPath(['skill_question', 'options'])).toBe('options')
    expect(fieldOfPath(['skill_question', 'correct'])).toBe('correct')
    expect(fieldOfPath(['skill_question', 'question'])).toBe('question')
    expect(fieldOfPath(['_'])).toBe('form')
    expect(fieldOfPath(['unknown'])).toBe('form')
    expect(fieldOfPath(['constructor'])).toBe('form')
  })

  it('shows the server fieldErrors on the fields, first message each', () => {
    expect(
      serverFieldErrors({
        end_date: ['The end date must be after the start date'],
        'skill_question.options.1': ['Required', 'Another'],
      }),
    ).toEqual({ end_date: 'The end date must be after the start date', option1: 'Required' })
  })
})

describe('editing', () => {
  const editable: AdminCompetition = {
    id: 'c1',
    title: 'Win a Car',
    description: 'A car',
    prize: 'A car',
    prize_value: 25000,
    entry_price: 2.5,
    total_tickets: 500,
    sold_tickets: 3,
    max_entries_per_person: 100,
    location: 'London',
    start_date: new Date(2026, 0, 1, 12, 0).toISOString(),
    end_date: new Date(2026, 1, 1, 12, 0).toISOString(),
    status: 'draft',
    featured: true,
    draw: { seed_commitment: null, randomness_round: null, eligible_tickets: null, list_hash: null },
    image_url: null,
    drawn_at: null,
    minimum_tickets: null,
    cash_alternative: null,
    end_date_extended: false,
    skill_question: { question: 'Q?', options: ['a', 'b', 'c', 'd'], correct: 'c' },
    winner: null,
  }

  it('fills the form from the competition', () => {
    expect(competitionValues(editable)).toMatchObject({
      prize_value: '25000',
      entry_price: '2.5',
      total_tickets: '500',
      status: 'draft',
      featured: true,
      start_date: '2026-01-01T12:00',
      correct: '2',
      option3: 'd',
    })
  })

  it('sends unchanged dates unchanged, seconds and all; a changed one as typed', () => {
    const saved = { start_date: '2030-01-01T09:15:42.125Z', end_date: '2030-03-01T18:30:37.250Z' }
    const values = { ...filled(), ...competitionValues({ ...editable, ...saved }) }
    expect(competitionPayload(values, saved)).toMatchObject(saved)
    const moved = competitionPayload({ ...values, end_date: '2030-03-02T18:30' }, saved)
    expect(moved.start_date).toBe(saved.start_date)
    expect(moved.end_date).toBe(new Date(2030, 2, 2, 18, 30).toISOString())
  })

  it('reads back the moment a datetime-local input shows', () => {
    const moment = new Date(2026, 6, 1, 23, 45)
    expect(fromLocalInput(toLocalInput(moment))).toBe(moment.toISOString())
    expect(fromLocalInput('')).toBe('')
  })
})

describe('the image', () => {
  it('accepts JPG, PNG, GIF and WebP up to 5 MB', () => {
    expect(imageProblem({ type: 'image/png', size: 1024 })).toBeUndefined()
    expect(imageProblem({ type: 'image/webp', size: 5 * 1024 * 1024 })).toBeUndefined()
    expect(imageProblem({ type: 'image/svg+xml', size: 10 })).toBe(
      'The image must be a JPG, PNG, GIF or WebP file',
    )
    expect(imageProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe(
      'The image must be 5 MB or smaller',
    )
  })
})

describe('the pool of questions (issue 24)', () => {
  const capital = {
    question: 'Capital of Wales?',
    options: ['Cardiff', 'Swansea', 'Newport', 'Bangor'],
    correct: '0',
  } as const

  it('sends the questions after the first with their correct answer, as JSON in multipart', () => {
    const payload = competitionPayload(filled({ extra_questions: [capital] }))
    expect(payload.extra_skill_questions).toEqual([
      {
        question: 'Capital of Wales?',
        options: ['Cardiff', 'Swansea', 'Newport', 'Bangor'],
        correct: 'Cardiff',
      },
    ])
    const body = competitionFormData(payload, new Blob(['x']), 'x.png')
    expect(JSON.parse(String(body.get('extra_skill_questions')))).toEqual(payload.extra_skill_questions)
    expect(competitionPayload(filled())).not.toHaveProperty('extra_skill_questions')
  })

  it('asks for the correct answer of every question, and places the server’s pool errors', () => {
    expect(validateCompetitionForm(filled({ extra_questions: [{ ...capital, correct: '' }] }))).toMatchObject(
      {
        extra_questions: 'Choose the correct answer of every question',
      },
    )
    expect(fieldOfPath(['extraSkillQuestions'])).toBe('extra_questions')
    expect(fieldOfPath(['extra_skill_questions', 0, 'options'])).toBe('extra_questions')
  })

  it('warns of every answer the title, prize or description gives away', () => {
    expect(answerGiveaways(filled())).toEqual([])
    const given = answerGiveaways(
      filled({
        title: 'Win 4 nights in Cardiff',
        description: 'Four nights, two in CARDIFF.',
        extra_questions: [capital],
      }),
    )
    expect(given).toEqual([
      { questionIndex: 0, number: 1, answer: '4', fields: ['title'] },
      { questionIndex: 1, number: 2, answer: 'Cardiff', fields: ['title', 'description'] },
    ])
  })

  it('reads a competition’s pool back into the form', () => {
    const values = competitionValues({
      ...({} as AdminCompetition),
      title: 't',
      description: 'd',
      prize: 'p',
      prize_value: 1,
      entry_price: 1,
      total_tickets: 1,
      max_entries_per_person: 1,
      location: 'UK Wide',
      start_date: now.toISOString(),
      end_date: now.toISOString(),
      status: 'active',
      featured: false,
      minimum_tickets: null,
      cash_alternative: null,
      skill_question: { question: 'q', options: ['a', 'b', 'c', 'd'], correct: 'b' },
      extra_skill_questions: [{ question: 'r', options: ['e', 'f', 'g', 'h'], correct: 'h' }],
    })
    expect(values.extra_questions).toEqual([{ question: 'r', options: ['e', 'f', 'g', 'h'], correct: '3' }])
  })
})
