/** The day a moment falls on in the UK, `YYYY-MM-DD` (the Canadian English format is ISO's). */
const ukDay = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: 'Europe/London',
})

/** The competition's title as a file-name part: lower case, letters and digits joined by dashes. */
function slug(title: string): string {
  const words = title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '')
  return words === '' ? 'competition' : words
}

/** SPEC section 7: the entries export is saved as a dated CSV file. */
export function entriesCsvFileName(title: string, now: Date): string {
  return `${slug(title)}-entries-${ukDay.format(now)}.csv`
}
