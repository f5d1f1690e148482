import { londonDate } from '@prizes/contracts'
import { describe, expect, it } from 'vitest'
import { addWorkingDays, complaintDeadlines, englandAndWalesBankHolidays, isWorkingDay } from './working-days'

describe('England and Wales bank holidays', () => {
  it('match the published lists for 2026 and 2027 (gov.uk/bank-holidays)', () => {
    expect(englandAndWalesBankHolidays(2026)).toEqual([
      '2026-01-01',
      '2026-04-03',
      '2026-04-06',
      '2026-05-04',
      '2026-05-25',
      '2026-08-31',
      '2026-12-25',
      '2026-12-28',
    ])
    expect(englandAndWalesBankHolidays(2027)).toEqual([
      '2027-01-01',
      '2027-03-26',
      '2027-03-29',
      '2027-05-03',
      '2027-05-31',
      '2027-08-30',
      '2027-12-27',
      '2027-12-28',
    ])
  })

  it('move New Year to the Monday when it falls at a weekend', () => {
    expect(englandAndWalesBankHolidays(2028)[0]).toBe('2028-01-03')
  })
})

describe('working days', () => {
  it('are Monday to Friday except bank holidays', () => {
    expect(isWorkingDay('2026-11-27')).toBe(true) // Friday
    expect(isWorkingDay('2026-11-28')).toBe(false) // Saturday
    expect(isWorkingDay('2026-11-29')).toBe(false) // Sunday
    expect(isWorkingDay('2026-12-28')).toBe(false) // Boxing Day's substitute
  })

  it('are counted after the day itself, skipping weekends and bank holidays', () => {
    expect(addWorkingDays('2026-11-25', 2)).toBe('2026-11-27') // Wednesday to Friday
    expect(addWorkingDays('2026-11-26', 2)).toBe('2026-11-30') // Thursday over the weekend
    expect(addWorkingDays('2026-11-28', 2)).toBe('2026-12-01') // from a Saturday
    expect(addWorkingDays('2026-12-24', 2)).toBe('2026-12-30') // over Christmas
    expect(addWorkingDays('2026-04-02', 2)).toBe('2026-04-08') // over Easter
  })
})

describe('the London date of an instant', () => {
  it('follows BST: 23:30 UTC on a summer evening is already the next day in London', () => {
    expect(londonDate(new Date('2026-07-01T23:30:00Z'))).toBe('2026-07-02')
    expect(londonDate(new Date('2026-12-01T23:30:00Z'))).toBe('2026-12-01')
  })
})

describe('complaint deadlines (DCMS Code: acknowledge in 2 working days, final answer in 8 weeks)', () => {
  it('acknowledge by the second working day after receipt and answer within 8 weeks', () => {
    expect(complaintDeadlines(new Date('2026-11-25T10:00:00Z'))).toEqual({
      acknowledgeBy: '2026-11-27',
      finalAnswerBy: '2027-01-20',
    })
  })

  it('count from the London date, and bring a final answer forward off a weekend or bank holiday', () => {
    // Received late on Friday 18 December 2026 (London): 8 weeks is Friday 12 February 2027.
    expect(complaintDeadlines(new Date('2026-12-18T23:00:00Z'))).toEqual({
      acknowledgeBy: '2026-12-22',
      finalAnswerBy: '2027-02-12',
    })
    // Received on Saturday 4 July 2026 at 00:30 BST (Friday 23:30 UTC): 8 weeks is a Saturday.
    expect(complaintDeadlines(new Date('2026-07-03T23:30:00Z'))).toEqual({
      acknowledgeBy: '2026-07-07',
      finalAnswerBy: '2026-08-28',
    })
    // 8 weeks from Monday 6 July 2026 is the summer bank holiday: the Friday before, never later.
    expect(complaintDeadlines(new Date('2026-07-06T09:00:00Z')).finalAnswerBy).toBe('2026-08-28')
  })
})
