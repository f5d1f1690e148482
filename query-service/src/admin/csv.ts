import { type AdminCompetitionEntry, postalPaymentLabel } from '@prizes/contracts'

/** SPEC section 9: the entries export's nine columns, in order, and how each entry came (online or postal). */
export const entriesCsvHeader = [
  '#',
  'Reference',
  'User Name',
  'Email',
  'Phone',
  'Entries',
  'Cost',
  'Payment Status',
  'Entry Date',
  'Entry Method',
] as const

/**
 * RFC 4180 quoting: a field with a comma, quote or line break is quoted, quotes doubled. A
 * field a spreadsheet would run as a formula (=, +, -, @, tab, CR first) is prefixed with '.
 */
export function csvField(value: string | number): string {
  const text = String(value)
  const safe = typeof value === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** One entry as a line of the export (CRLF ended); `number` is its place in the file, from 1. */
export function entriesCsvLine(entry: AdminCompetitionEntry, number: number): string {
  return csvLine([
    number,
    entry.entryReference ?? '',
    entry.userName ?? '',
    entry.userEmail ?? '',
    entry.userPhone ?? 'N/A',
    entry.numberOfEntries,
    entry.totalCost.toFixed(2),
    entry.entryMethod === 'postal' ? postalPaymentLabel : entry.paymentStatus,
    entry.entryDate,
    entry.entryMethod,
  ])
}

export const entriesCsvHeaderLine = (): string => csvLine(entriesCsvHeader)

const csvLine = (fields: readonly (string | number)[]) => `${fields.map(csvField).join(',')}\r\n`
