import { maxSpendingLimitPence, responsiblePlayMessages } from '@prizes/contracts'

/** "10", "10.5", "£10.50" as pence; an error message for anything else. */
export function parsePounds(typed: string): { readonly pence: number } | { readonly error: string } {
  const value = typed.trim().replace(/^£/, '').replaceAll(',', '')
  const match = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(value)
  if (!match) return { error: responsiblePlayMessages.limitInvalid }
  const pence = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
  if (pence > maxSpendingLimitPence) return { error: responsiblePlayMessages.limitInvalid }
  return { pence }
}
