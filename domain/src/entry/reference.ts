/**
 * Entry references as SPEC section 3 shows them: `<PREFIX>-<YYYY>-<6 digits>`, e.g.
 * `PRZ-2030-000042`. The number comes from a command-side sequence that never repeats; the
 * year is the year of allocation (UTC), so a reference also says roughly when it was issued.
 */
export const entryReferencePattern = /^[A-Z]{2,8}-\d{4}-\d{6,}$/

export function formatEntryReference(prefix: string, at: Date, sequence: number): string {
  if (!/^[A-Z]{2,8}$/.test(prefix))
    throw new Error(`An entry reference prefix is 2 to 8 capital letters: ${prefix}`)
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new Error(`Not a sequence number: ${sequence}`)
  return `${prefix}-${at.getUTCFullYear()}-${String(sequence).padStart(6, '0')}`
}
