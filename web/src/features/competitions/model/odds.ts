import { formatCount } from '../../../lib/format'

/**
 * The odds a competition states (issue 24; CAP Code 8.17): N is the most tickets it can sell, so
 * each ticket's chance is at least 1 in N, and better when fewer are entered.
 */
export function oddsOf(totalTickets: number): { readonly headline: string; readonly detail: string } {
  if (totalTickets <= 0) {
    return {
      headline: 'No ticket limit',
      detail: "Each ticket's chance is 1 in the number of tickets entered by the close.",
    }
  }
  const n = formatCount(totalTickets)
  if (totalTickets === 1) {
    return {
      headline: '1 in 1 per ticket, at most 1 ticket',
      detail: 'No more than 1 ticket can be entered, so it is certain to win.',
    }
  }
  return {
    headline: `1 in ${n} per ticket, at most ${n} tickets`,
    detail: `No more than ${n} tickets can be entered, so each ticket has at least a 1 in ${n} chance: better if fewer are entered.`,
  }
}

/** The entries so far (every ticket is an entry). */
export function entriesSoFar(sold: number): string {
  if (sold <= 0) return 'No entries yet'
  return sold === 1 ? '1 entry so far' : `${formatCount(sold)} entries so far`
}
