/** Calendar dates as the UK reads them: London's date (GMT or BST) as `yyyy-mm-dd`, and in words. */

const londonDates = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** The calendar date in London (GMT or BST) at an instant. */
export function londonDate(instant: Date): string {
  return londonDates.format(instant)
}

const longDates = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})

/** A calendar date (`yyyy-mm-dd`) as people read it: "Monday 30 November 2026". */
export const longDate = (isoDate: string) => longDates.format(new Date(`${isoDate}T12:00:00Z`))
