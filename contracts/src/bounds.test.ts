import { describe, expect, test } from 'vitest'
import type { z } from 'zod'
import { adminCompetitionForm, adminStatusRequest } from './admin/competitions'
import { emailOnlyRequest, registerRequest, updateProfileRequest } from './auth/schemas'
import {
  int32Max,
  maxAmountPence,
  maxEntriesPerPurchase,
  maxEntryPricePence,
  maxLength,
  maxPrizeValuePence,
  maxTotalTickets,
} from './bounds'
import { entrySubmission } from './entries'
import {
  competitionDetails,
  competitionEvents,
  publicRandomnessInput,
  storedCompetitionDetails,
} from './events/competition'
import { entryEvents } from './events/entry'

/** The messages of a refused value, by field path; none when accepted. */
function refusal(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value)
  if (result.success) return {}
  const messages: Record<string, string[]> = {}
  for (const issue of result.error.issues) {
    const key = issue.path.join('.')
    messages[key] = [...(messages[key] ?? []), issue.message]
  }
  return messages
}

const x = (n: number) => 'x'.repeat(n)

describe('the limits themselves', () => {
  test('the largest purchase at the largest entry price is one chargeable amount', () => {
    expect(maxEntriesPerPurchase * maxEntryPricePence).toBeLessThanOrEqual(maxAmountPence)
    expect(maxEntriesPerPurchase * (maxEntryPricePence + 1)).toBeGreaterThan(maxAmountPence)
  })

  test('every count and price fits an integer column; the prize value is exact in JavaScript', () => {
    for (const limit of [maxAmountPence, maxEntryPricePence, maxTotalTickets]) {
      expect(limit).toBeLessThanOrEqual(int32Max)
    }
    expect(Number.isSafeInteger(maxPrizeValuePence)).toBe(true)
  })
})

const form = {
  title: 'Win a campervan',
  description: 'A VW California',
  prize: 'VW California',
  prize_value: 55000,
  entry_price: 2.5,
  total_tickets: 1000,
  skill_question: { question: 'What is 2 + 2?', options: ['3', '4', '5', '6'], correct: '4' },
}

describe('the admin competition form', () => {
  test.each([
    ['entry_price', 99_999.99, 100_000, 'The entry price must be at most £99,999.99'],
    ['prize_value', 100_000_000, 100_000_000.01, 'The prize value must be at most £100,000,000.00'],
    ['total_tickets', 10_000_000, 10_000_001, 'The total tickets must be at most 10,000,000'],
    ['total_tickets', 10_000_000, 2_147_483_648, 'The total tickets must be at most 10,000,000'],
  ])('%s: accepts %d, refuses %d saying so', (field, largest, tooLarge, message) => {
    expect(refusal(adminCompetitionForm, { ...form, [field]: largest })).toEqual({})
    expect(refusal(adminCompetitionForm, { ...form, [field]: String(largest) })).toEqual({})
    expect(refusal(adminCompetitionForm, { ...form, [field]: tooLarge })).toEqual({ [field]: [message] })
  })

  test.each([
    ['title', maxLength.title, 'The title must be at most 200 characters'],
    ['description', maxLength.description, 'The description must be at most 10,000 characters'],
    ['prize', maxLength.prize, 'The prize must be at most 200 characters'],
    ['location', maxLength.location, 'The location must be at most 100 characters'],
  ])('%s: accepts %d characters, refuses one more', (field, max, message) => {
    expect(refusal(adminCompetitionForm, { ...form, [field]: x(max) })).toEqual({})
    expect(refusal(adminCompetitionForm, { ...form, [field]: x(max + 1) })).toEqual({ [field]: [message] })
  })

  test('bounds the question and each option', () => {
    const options = [x(maxLength.option), '2', '3', '4']
    const longest = { question: x(maxLength.question), options, correct: options[0] }
    expect(refusal(adminCompetitionForm, { ...form, skill_question: longest })).toEqual({})
    const tooLong = {
      question: x(maxLength.question + 1),
      options: [...options, ''].slice(0, 4),
      correct: '2',
    }
    tooLong.options[3] = x(maxLength.option + 1)
    expect(refusal(adminCompetitionForm, { ...form, skill_question: tooLong })).toMatchObject({
      'skill_question.question': ['The question must be at most 500 characters'],
      'skill_question.options.3': ['Each option must be at most 200 characters'],
    })
  })
})

const details = {
  title: 'Win a campervan',
  description: 'A VW California',
  prize: 'VW California',
  prizeValuePence: 5_500_000,
  entryPricePence: 250,
  totalTickets: 1000,
  location: 'UK Wide',
  startDate: '2030-01-10T00:00:00.000Z',
  endDate: '2030-02-10T00:00:00.000Z',
  imageUrl: null,
  skillQuestion: form.skill_question,
}

describe('competition details: a command writes within the limits, the log is read within the columns', () => {
  test.each([
    ['entryPricePence', maxEntryPricePence],
    ['prizeValuePence', maxPrizeValuePence],
    ['totalTickets', maxTotalTickets],
  ])('%s: a command may write %d, not one more', (field, max) => {
    expect(refusal(competitionDetails, { ...details, [field]: max })).toEqual({})
    expect(Object.keys(refusal(competitionDetails, { ...details, [field]: max + 1 }))).toEqual([field])
  })

  test('an old event beyond the new limits but storable still decodes; one no column holds does not', () => {
    const old = { ...details, title: x(300), entryPricePence: int32Max, totalTickets: int32Max }
    const created = { competitionId: 'c1', details: old, featured: false }
    expect(competitionEvents.CompetitionCreated.safeParse(created).success).toBe(true)
    expect(refusal(competitionDetails, old)).toHaveProperty('title')
    expect(refusal(storedCompetitionDetails, { ...old, totalTickets: int32Max + 1 })).toHaveProperty(
      'totalTickets',
    )
  })
})

describe('entry events carry only what the entries read model stores', () => {
  const allocated = {
    competitionId: 'c1',
    entryId: '7f0c2b8e-3b1a-4c1e-9a53-0d8d3c1f1a11',
    userId: 'u1',
    ticketNumbers: [int32Max],
    entryReference: 'PRZ-2030-000001',
    answer: '4',
    answerCorrect: true,
    amountPence: int32Max,
    paymentIntentId: null,
  }
  test('the largest ticket number and amount are accepted, one more refused', () => {
    expect(refusal(entryEvents.TicketsAllocated, allocated)).toEqual({})
    expect(
      refusal(entryEvents.TicketsAllocated, { ...allocated, ticketNumbers: [int32Max + 1] }),
    ).toHaveProperty('ticketNumbers.0')
    expect(refusal(entryEvents.TicketsAllocated, { ...allocated, amountPence: int32Max + 1 })).toHaveProperty(
      'amountPence',
    )
  })

  test('at most ten tickets per allocation', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => i + 1)
    expect(
      refusal(entryEvents.TicketsAllocated, { ...allocated, ticketNumbers: eleven.slice(0, 10) }),
    ).toEqual({})
    expect(refusal(entryEvents.TicketsAllocated, { ...allocated, ticketNumbers: eleven })).toHaveProperty(
      'ticketNumbers',
    )
  })
})

const registration = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  password: 'Secret123',
  phone: '+44 20 7946 0958',
  address: '1 Analytical Row, London',
  dateOfBirth: '1990-12-10',
}

describe('personal fields, which end up encrypted in events', () => {
  test.each([
    [
      'firstName',
      x(maxLength.firstName),
      x(maxLength.firstName + 1),
      'First name must be at most 100 characters',
    ],
    [
      'lastName',
      x(maxLength.lastName),
      x(maxLength.lastName + 1),
      'Last name must be at most 100 characters',
    ],
    ['address', x(maxLength.address), x(maxLength.address + 1), 'Address must be at most 500 characters'],
    [
      'phone',
      '0'.repeat(maxLength.phone),
      '0'.repeat(maxLength.phone + 1),
      'Please enter a valid phone number',
    ],
    ['email', `${x(242)}@example.com`, `${x(243)}@example.com`, 'Email must be valid'],
    ['password', `Aa1${x(125)}`, `Aa1${x(126)}`, 'Password must be at most 128 characters'],
  ])('%s: the longest is accepted, one more refused', (field, longest, tooLong, message) => {
    expect(refusal(registerRequest, { ...registration, [field]: longest })).toEqual({})
    expect(refusal(registerRequest, { ...registration, [field]: tooLong })).toEqual({ [field]: [message] })
  })

  test('an email alone (reset, resend, check) is bounded as at registration', () => {
    expect(refusal(emailOnlyRequest, { email: `${x(242)}@example.com` })).toEqual({})
    expect(refusal(emailOnlyRequest, { email: `${x(243)}@example.com` })).toEqual({
      email: ['Please enter a valid email address'],
    })
  })

  test('the profile bounds the address it makes optional', () => {
    const profile = { firstName: 'Ada', lastName: 'Lovelace', phone: registration.phone }
    expect(refusal(updateProfileRequest, { ...profile, address: x(maxLength.address) })).toEqual({})
    expect(refusal(updateProfileRequest, { ...profile, address: x(maxLength.address + 1) })).toHaveProperty(
      'address',
    )
  })

  test('an entry bounds its answer to an option’s length', () => {
    const entry = {
      ...registration,
      competitionId: '5b0f3c2e-0d1a-4c55-9e1e-3f6f1c0a0001',
      numberOfEntries: 1,
      agreedToTerms: true,
    }
    expect(refusal(entrySubmission, { ...entry, skillQuestionAnswer: x(maxLength.option) })).toEqual({})
    expect(refusal(entrySubmission, { ...entry, skillQuestionAnswer: x(maxLength.option + 1) })).toEqual({
      skillQuestionAnswer: ['Please select an answer'],
    })
  })
})

describe('what an admin gives with a status change', () => {
  test('the reason is at most 500 characters', () => {
    expect(refusal(adminStatusRequest, { status: 'cancelled', reason: x(500) })).toEqual({})
    expect(refusal(adminStatusRequest, { status: 'cancelled', reason: x(501) })).toEqual({
      reason: ['The reason must be at most 500 characters'],
    })
  })

  test('the randomness is at most 128 hex digits and its round fits the column', () => {
    const randomness = { source: 'drand', round: int32Max, value: 'a'.repeat(128) }
    expect(refusal(publicRandomnessInput, randomness)).toEqual({})
    expect(refusal(publicRandomnessInput, { ...randomness, value: 'a'.repeat(129) })).toHaveProperty('value')
    expect(refusal(publicRandomnessInput, { ...randomness, round: int32Max + 1 })).toHaveProperty('round')
  })
})

describe('the admin form’s dates', () => {
  test('are ones an event can hold, with room for the default run after the start', () => {
    expect(refusal(adminCompetitionForm, { ...form, start_date: '9998-12-31T00:00:00.000Z' })).toEqual({})
    for (const start_date of [
      '+275760-09-13T00:00:00.000Z',
      '9999-06-01',
      '-000001-01-01T00:00:00Z',
      '1969-12-31',
    ]) {
      expect(refusal(adminCompetitionForm, { ...form, start_date }), start_date).toEqual({
        start_date: ['Must be a date between 1970 and 9998'],
      })
    }
    expect(refusal(adminCompetitionForm, { ...form, end_date: 'soon' })).toEqual({
      end_date: ['Must be a date'],
    })
  })
})
