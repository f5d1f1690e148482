import { describe, expect, it } from 'vitest'
import { adminPostalEntryRequest, isReceivedDate } from './entries'

describe('a postal entry’s date received (issue 23)', () => {
  it('takes a real day, or a moment with its offset', () => {
    for (const value of [
      '2030-01-09',
      '2028-02-29',
      '0001-01-01',
      '2030-01-09T10:00:00Z',
      '2030-01-09T10:00:00.123+01:00',
    ]) {
      expect(isReceivedDate(value)).toBe(true)
    }
  })

  it('refuses what names no day of the calendar', () => {
    for (const value of [
      '0',
      '2026-02-30',
      '2027-02-29',
      '2030-13-01',
      '2030-01-00',
      '2030-01-09T24:00:00Z',
      '2030-1-9',
      '09/01/2030',
      '2030-01-09T10:00:00',
      '',
    ]) {
      expect(isReceivedDate(value)).toBe(false)
    }
  })

  it('is a field error of the request', () => {
    const parsed = adminPostalEntryRequest.shape.receivedAt.safeParse('2026-02-30')
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues[0]?.message).toBe(
      'Enter the date received as a real date, such as 2030-01-09',
    )
  })
})
