/** The highest monthly spending limit one may set: £100,000 (higher is "no limit"). */
export const maxSpendingLimitPence = 10_000_000

/** A higher limit (or none) comes into force this long after it was asked for. */
export const spendingLimitIncreaseDelayMs = 24 * 60 * 60 * 1000

/** The admin Users tab marks spending above this over 30 days unless the setting says otherwise. */
export const defaultSpendingAlertPence = 50_000

/** The time zone whose calendar month a monthly limit counts. */
export const spendingMonthTimeZone = 'Europe/London'

const monthFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: spendingMonthTimeZone,
  year: 'numeric',
  month: '2-digit',
})

/** The calendar month (`YYYY-MM`, Europe/London) a moment falls in. */
export function spendingMonth(at: Date): string {
  const parts = monthFormat.formatToParts(at)
  const year = parts.find((p) => p.type === 'year')?.value
  const month = parts.find((p) => p.type === 'month')?.value
  return `${year}-${month}`
}

const whenFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: spendingMonthTimeZone,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
})

/** A moment as the messages show it, UK time: "25 November 2026 at 21:04". */
export const formatUkMoment = (iso: string) => whenFormat.format(new Date(iso))
