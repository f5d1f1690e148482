import { userEntry } from '@prizes/contracts'
import { describe, expect, test } from 'vitest'
import { entryStatusOf, toEntryStats, toUserEntry } from './mapper'
import type { UserEntryRow } from './rows'

const row: UserEntryRow = {
  id: 'e1',
  competition_id: 'c1',
  quantity: 3,
  amount_pence: 897,
  payment_status: 'paid',
  status: 'allocated',
  entry_reference: 'PRZ-2030-000042',
  ticket_numbers: [40, 41, 42],
  reserved_at: new Date('2030-01-01T09:00:00Z'),
  paid_at: new Date('2030-01-01T09:02:00Z'),
  won_at: null,
  entry_method: 'online',
  answer_correct: false,
  competition_title: 'Win a Tesla',
  competition_end_date: new Date('2030-02-01T00:00:00Z'),
  competition_status: 'active',
}

describe('entry mappers', () => {
  test('a paid entry in the user view: pounds, ISO dates, the draw on the end date', () => {
    const entry = toUserEntry(row)
    expect(entry).toEqual({
      id: 'e1',
      competitionId: 'c1',
      competitionTitle: 'Win a Tesla',
      numberOfEntries: 3,
      totalCost: 8.97,
      entryDate: '2030-01-01T09:02:00.000Z',
      status: 'active',
      entryStatus: 'active',
      paymentStatus: 'paid',
      entryReference: 'PRZ-2030-000042',
      drawDate: '2030-02-01T00:00:00.000Z',
      ticketNumbers: [40, 41, 42],
      entryMethod: 'online',
      drawStatus: null,
    })
    expect(userEntry.parse(entry)).toEqual(entry)
  })

  test('an entry under a chargeback shows its payment disputed, and no draw status', () => {
    const entry = toUserEntry({
      ...row,
      status: 'disputed',
      answer_correct: true,
      competition_status: 'closed',
    })
    expect(entry).toMatchObject({ paymentStatus: 'disputed', drawStatus: null })
    expect(userEntry.parse(entry)).toEqual(entry)
  })

  test('an entry whose competition row is not there yet still fits the contract', () => {
    const entry = toUserEntry({
      ...row,
      paid_at: null,
      competition_title: null,
      competition_end_date: null,
      competition_status: null,
    })
    expect(entry).toMatchObject({
      competitionTitle: '',
      drawDate: null,
      entryDate: '2030-01-01T09:00:00.000Z',
    })
    expect(userEntry.parse(entry)).toEqual(entry)
  })

  const wonAt = new Date('2030-02-02T12:00:00Z')
  test.each([
    ['paid', 'active', null, 'active'],
    ['paid', 'closed', null, 'active'],
    ['paid', 'drawing', null, 'active'],
    ['paid', 'completed', null, 'drawn'],
    ['paid', 'completed', wonAt, 'won'],
    ['paid', 'cancelled', null, 'cancelled'],
    ['refunded', 'active', null, 'cancelled'],
    ['refunded', 'completed', null, 'cancelled'],
  ] as const)('%s, in a competition %s, won at %s: %s', (payment, competition, won, expected) => {
    expect(entryStatusOf({ payment_status: payment, competition_status: competition, won_at: won })).toBe(
      expected,
    )
  })

  test('stats in pounds', () => {
    expect(toEntryStats({ tickets: 12, spentPence: 3588, active: 2, won: 1 })).toEqual({
      totalTicketsPurchased: 12,
      totalSpent: 35.88,
      activeEntries: 2,
      wonPrizes: 1,
    })
  })
})
