import type { Entries } from '../entry/state'
import type { DrawCrypto } from './crypto'
import { toHex, utf8 } from './crypto'

/** One ticket that takes part in the draw. */
export interface EligibleTicket {
  readonly ticketNumber: number
  readonly entryId: string
  readonly userId: string
}

/** What the eligible list is made from: an entry's tickets, its answer and whether it was refunded. */
export interface AllocatedEntry {
  readonly entryId: string
  readonly userId: string
  readonly ticketNumbers: readonly number[]
  readonly answerCorrect: boolean | null
  readonly refunded: boolean
}

/**
 * The canonical eligible list (DESIGN section 8): every ticket of an allocated entry whose answer
 * was correct and which was not refunded, ordered by ticket number. Postal entries join here
 * when they exist.
 */
export function eligibleTickets(entries: Iterable<AllocatedEntry>): EligibleTicket[] {
  const tickets: EligibleTicket[] = []
  for (const entry of entries) {
    if (entry.answerCorrect !== true || entry.refunded) continue
    for (const ticketNumber of entry.ticketNumbers) {
      tickets.push({ ticketNumber, entryId: entry.entryId, userId: entry.userId })
    }
  }
  return tickets.sort((a, b) => a.ticketNumber - b.ticketNumber)
}

/**
 * The eligible list of a competition's entries as they stand: refunded ones left out, except
 * those `keep` names (refunded after the list was sealed, which only older streams hold).
 */
export function eligibleFromEntries(
  state: Pick<Entries, 'entries'>,
  keep: (entryId: string) => boolean = () => false,
): EligibleTicket[] {
  const allocated: AllocatedEntry[] = []
  for (const entry of state.entries.values()) {
    if (entry.ticketNumbers.length === 0 || entry.answerCorrect !== true) continue
    allocated.push({ ...entry, refunded: entry.status === 'refunded' && !keep(entry.entryId) })
  }
  return eligibleTickets(allocated)
}

/**
 * The bytes the list hash covers: one line per ticket, `<ticketNumber> <entryId> <userId>\n`,
 * in list order, UTF-8. Binding the entry and user to each number lets a verifier check that
 * the winner's ticket belongs to the recorded winner.
 */
export function canonicalEncoding(list: readonly EligibleTicket[]): string {
  return list.map((t) => `${t.ticketNumber} ${t.entryId} ${t.userId}\n`).join('')
}

/** sha256 (hex) of the canonical encoding. */
export function listHash(list: readonly EligibleTicket[], crypto: DrawCrypto): string {
  return toHex(crypto.sha256(utf8(canonicalEncoding(list))))
}
