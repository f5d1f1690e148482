import type { AdminCompetitionEntry } from '@prizes/contracts'
import { describe, expect, test } from 'vitest'
import { csvField, entriesCsvHeaderLine, entriesCsvLine } from './csv'
import { pageOf } from './mapper'

const entry: AdminCompetitionEntry = {
  entryReference: 'PRZ-2030-000001',
  userName: null,
  userEmail: null,
  userPhone: null,
  numberOfEntries: 2,
  totalCost: 5.98,
  paymentStatus: 'paid',
  entryDate: '2030-01-01T09:00:00.000Z',
  entryMethod: 'online',
}

describe('entries CSV', () => {
  test('the SPEC columns in order, then the entry method; a missing phone is N/A; cost with two decimals', () => {
    const file =
      entriesCsvHeaderLine() +
      entriesCsvLine(entry, 1) +
      entriesCsvLine({ ...entry, totalCost: 3, userPhone: '07700 900000' }, 2)
    expect(file.split('\r\n')).toEqual([
      '#,Reference,User Name,Email,Phone,Entries,Cost,Payment Status,Entry Date,Entry Method',
      '1,PRZ-2030-000001,,,N/A,2,5.98,paid,2030-01-01T09:00:00.000Z,online',
      '2,PRZ-2030-000001,,,07700 900000,2,3.00,paid,2030-01-01T09:00:00.000Z,online',
      '',
    ])
  })

  test('a postal entry\'s payment reads "Postal (free)", never paid (issue 24)', () => {
    const postal = { ...entry, numberOfEntries: 1, totalCost: 0, entryMethod: 'postal' as const }
    expect(entriesCsvLine(postal, 3)).toBe(
      '3,PRZ-2030-000001,,,N/A,1,0.00,Postal (free),2030-01-01T09:00:00.000Z,postal\r\n',
    )
  })

  test('commas, quotes and line breaks are quoted; formulas are defused', () => {
    expect(csvField('Smith, Jo')).toBe('"Smith, Jo"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('two\nlines')).toBe('"two\nlines"')
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    expect(csvField('+44 7700')).toBe("'+44 7700")
    expect(csvField(-1)).toBe('-1')
  })
})

describe('pageOf', () => {
  test('page N of 10, anything else is page 1', () => {
    expect(pageOf('3', 10)).toEqual({ page: 3, offset: 20, limit: 10 })
    for (const bad of [undefined, '', '0', '-2', '1.5', 'x', ['2', '3']]) {
      expect(pageOf(bad, 10)).toEqual({ page: 1, offset: 0, limit: 10 })
    }
  })
})
