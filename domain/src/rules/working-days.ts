import { londonDate } from '@prizes/contracts'

/**
 * Working days in England and Wales, for the complaint deadlines the DCMS Code of Good Practice
 * for prize draw operators asks for (acknowledged within 2 working days, a final answer within
 * 8 weeks). Dates are London calendar dates as `yyyy-mm-dd`.
 *
 * The bank holidays follow the standing rule (Banking and Financial Dealings Act 1971 and the
 * usual proclamations): New Year's Day, Good Friday, Easter Monday, the first and last Mondays
 * of May, the last Monday of August, Christmas Day and Boxing Day, each moved to the next
 * weekday when it falls at a weekend. It matches the published lists for 2026 and 2027 (tested);
 * a one-off holiday proclaimed later (a jubilee, a coronation) is not known to it.
 */

const dayMs = 24 * 60 * 60 * 1000

const utcDate = (iso: string): Date => new Date(`${iso}T00:00:00Z`)
const isoOf = (date: Date): string => date.toISOString().slice(0, 10)
const plusDays = (iso: string, days: number): string => isoOf(new Date(utcDate(iso).getTime() + days * dayMs))
const weekday = (iso: string): number => utcDate(iso).getUTCDay()
const isWeekend = (iso: string): boolean => weekday(iso) === 0 || weekday(iso) === 6

/** Easter Sunday of a Gregorian year (the anonymous Gregorian computus). */
function easterSunday(year: number): string {
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  const day = ((h + l - 7 * m + 114) % 31) + 1
  return isoOf(new Date(Date.UTC(year, month - 1, day)))
}

/** The first Monday on or after a date. */
const mondayFrom = (iso: string): string => plusDays(iso, (8 - weekday(iso)) % 7)
/** The last Monday of a month (1-12). */
const lastMonday = (year: number, month: number): string => {
  const last = isoOf(new Date(Date.UTC(year, month, 0)))
  return plusDays(last, -((weekday(last) + 6) % 7))
}

export function englandAndWalesBankHolidays(year: number): readonly string[] {
  const newYear = `${year}-01-01`
  const easter = easterSunday(year)
  const christmas = `${year}-12-25`
  const christmasDays = (() => {
    switch (weekday(christmas)) {
      case 5: // Friday: Boxing Day moves to Monday
        return [christmas, plusDays(christmas, 3)]
      case 6: // Saturday: both move to Monday and Tuesday
        return [plusDays(christmas, 2), plusDays(christmas, 3)]
      case 0: // Sunday: Christmas moves to Tuesday, Boxing Day is Monday
        return [plusDays(christmas, 1), plusDays(christmas, 2)]
      default:
        return [christmas, plusDays(christmas, 1)]
    }
  })()
  return [
    isWeekend(newYear) ? mondayFrom(newYear) : newYear,
    plusDays(easter, -2),
    plusDays(easter, 1),
    mondayFrom(`${year}-05-01`),
    lastMonday(year, 5),
    lastMonday(year, 8),
    ...christmasDays,
  ].sort()
}

const holidayCache = new Map<number, ReadonlySet<string>>()
function holidaysOf(year: number): ReadonlySet<string> {
  let holidays = holidayCache.get(year)
  if (!holidays) {
    holidays = new Set(englandAndWalesBankHolidays(year))
    holidayCache.set(year, holidays)
  }
  return holidays
}

export function isWorkingDay(iso: string): boolean {
  return !isWeekend(iso) && !holidaysOf(Number(iso.slice(0, 4))).has(iso)
}

/** The date `count` working days after `iso` (the day itself not counted). */
export function addWorkingDays(iso: string, count: number): string {
  let date = iso
  for (let left = count; left > 0; ) {
    date = plusDays(date, 1)
    if (isWorkingDay(date)) left -= 1
  }
  return date
}

/** The last working day on or before `iso`. */
function workingDayOnOrBefore(iso: string): string {
  let date = iso
  while (!isWorkingDay(date)) date = plusDays(date, -1)
  return date
}

export const complaintAcknowledgeWorkingDays = 2
export const complaintFinalAnswerWeeks = 8

export interface ComplaintDeadlines {
  /** The complaint is acknowledged by a person by the end of this day. */
  readonly acknowledgeBy: string
  /** The final answer is sent by the end of this day: never later than 8 weeks after receipt. */
  readonly finalAnswerBy: string
}

/**
 * A complaint received at `receivedAt`: acknowledged by the end of the second working day after
 * the (London) day it arrived, and answered by the last working day within 8 weeks of it.
 */
export function complaintDeadlines(receivedAt: Date): ComplaintDeadlines {
  const received = londonDate(receivedAt)
  return {
    acknowledgeBy: addWorkingDays(received, complaintAcknowledgeWorkingDays),
    finalAnswerBy: workingDayOnOrBefore(plusDays(received, complaintFinalAnswerWeeks * 7)),
  }
}
