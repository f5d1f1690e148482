/**
 * Entry references as SPEC section 3 shows them: `<PREFIX>-<YYYY>-<6 digits>`, e.g.
 * `PRZ-2030-000042`. The number comes from a command-side sequence that never repeats (and is
 * kept past every number in the log); the year is the year of allocation (UTC), so a reference
 * also says roughly when it was issued.
 */
export const entryReferencePattern = /^[A-Z][A-Z0-9]{1,9}-\d{4}-\d{6,}$/

export function formatEntryReference(prefix: string, at: Date, sequence: number): string {
  // The same rule as the ENTRY_REFERENCE_PREFIX setting: 2 to 10 capitals or digits, a letter first.
  if (!/^[A-Z][A-Z0-9]{1,9}$/.test(prefix)) throw new Error(`Not an entry reference prefix: ${prefix}`)
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new Error(`Not a sequence number: ${sequence}`)
  return `${prefix}-${at.getUTCFullYear()}-${String(sequence).padStart(6, '0')}`
}

/** The sequence number a reference was issued with; undefined for anything not formatted here. */
export function entryReferenceNumber(reference: string): number | undefined {
  if (!entryReferencePattern.test(reference)) return undefined
  const number = Number(reference.slice(reference.lastIndexOf('-') + 1))
  return Number.isSafeInteger(number) ? number : undefined
}
