import { authMessages, entryMessages, type SessionUser } from '@prizes/contracts'
import { describe, expect, it } from 'vitest'
import type { EntryTarget } from '../../../stores/ui-store'
import {
  type EntryFormValues,
  initialEntryValues,
  maxEntriesFor,
  toSubmission,
  totalCost,
  validateEntry,
} from './entry-form'

const competition: EntryTarget = {
  id: '5b0f3c2e-0d1a-4c55-9e1e-3f6f1c0a0001',
  title: 'Win a car',
  prize: 'A car',
  price: 2.99,
  remaining: 100,
  maxEntries: 1000,
  perPerson: 100,
  endDate: '2030-01-01T00:00:00.000Z',
}

const filled: EntryFormValues = {
  answer: 'Paris',
  questionIndex: 2,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'Ada@Example.com',
  phone: '+44 20 7946 0958',
  address: '1 Analytical Row',
  dateOfBirth: '',
  numberOfEntries: 3,
  agreeTerms: true,
  subscribeNewsletter: false,
}

describe("a guest's date of birth (issue 24)", () => {
  const now = new Date('2030-06-01T12:00:00.000Z')
  const guest = { guest: true, now }

  it('is asked of someone entering signed out, and held to 18 or over as at registration', () => {
    expect(validateEntry(filled, competition, guest)).toEqual({
      dateOfBirth: authMessages.dateOfBirthRequired,
    })
    expect(validateEntry({ ...filled, dateOfBirth: '2015-01-01' }, competition, guest)).toEqual({
      dateOfBirth: authMessages.underage,
    })
    const adult = { ...filled, dateOfBirth: '1990-01-01' }
    expect(validateEntry(adult, competition, guest)).toEqual({})
    expect(toSubmission(adult, competition)).toMatchObject({ dateOfBirth: '1990-01-01' })
  })

  it('is not asked again of someone signed in', () => {
    expect(validateEntry(filled, competition)).toEqual({})
    expect(toSubmission(filled, competition)).not.toHaveProperty('dateOfBirth')
  })
})

describe('entry form', () => {
  it('says every SPEC section 5 sentence for an empty form', () => {
    expect(validateEntry(initialEntryValues(null), competition)).toEqual({
      answer: entryMessages.selectAnswer,
      firstName: authMessages.firstNameRequired,
      lastName: authMessages.lastNameRequired,
      email: authMessages.emailRequired,
      phone: authMessages.phoneRequired,
      address: authMessages.addressRequired,
      agreeTerms: entryMessages.agreeTerms,
    })
  })

  it('checks the email and phone patterns', () => {
    const errors = validateEntry({ ...filled, email: 'nope', phone: '123' }, competition)
    expect(errors).toEqual({ email: authMessages.emailInvalid, phone: authMessages.phoneInvalid })
  })

  it('builds the submission from a valid form, email lowercased', () => {
    expect(validateEntry(filled, competition)).toEqual({})
    expect(toSubmission(filled, competition)).toMatchObject({
      skillQuestionIndex: 2,
      competitionId: '5b0f3c2e-0d1a-4c55-9e1e-3f6f1c0a0001',
      competitionTitle: 'Win a car',
      skillQuestionAnswer: 'Paris',
      email: 'ada@example.com',
      numberOfEntries: 3,
      agreedToTerms: true,
      subscribedToNewsletter: false,
    })
    expect(toSubmission({ ...filled, agreeTerms: false }, competition)).toBeNull()
  })

  it('allows 1 to min(10, tickets left, total tickets) entries', () => {
    expect(maxEntriesFor(competition)).toBe(10)
    expect(maxEntriesFor({ remaining: 4, maxEntries: 1000 })).toBe(4)
    expect(maxEntriesFor({ remaining: null, maxEntries: null })).toBe(10)
    expect(maxEntriesFor({ remaining: 0, maxEntries: 5 })).toBe(0)
    const few = { ...competition, remaining: 2 }
    expect(validateEntry(filled, few).numberOfEntries).toBe('Choose between 1 and 2 entries')
    expect(toSubmission(filled, few)).toBeNull()
  })

  it('prefills from the session user', () => {
    const user = {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      phone: '07700 900123',
      address: '2 Harvard Yard',
    } as Pick<SessionUser, 'firstName' | 'lastName' | 'email' | 'phone' | 'address'>
    expect(initialEntryValues(user as SessionUser)).toMatchObject({ ...user, answer: '', agreeTerms: false })
  })

  it('totals in pounds without floating-point crumbs', () => {
    expect(totalCost(2.99, 3)).toBe(8.97)
    expect(totalCost(0.1, 3)).toBe(0.3)
  })
})
