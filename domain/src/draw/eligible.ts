import type { DrawSeal } from '@prizes/contracts'
import type { Entries } from '../entry/state'
import type { DrawCrypto } from './crypto'
import { toHex, utf8 } from './crypto'

/** A ticket of the sealed list as the public certificate shows it: its number and its entry's reference. */
export interface PublicTicket {
  readonly ticketNumber: number
  readonly entryReference: string
}

/** One ticket that takes part in the draw, with whose it is (kept off the public certificate). */
export interface EligibleTicket extends PublicTicket {
  readonly entryId: string
  readonly userId: string
}

/** What the eligible list is made from: an entry's tickets, its answer and whether it was refunded. */
export interface AllocatedEntry {
  readonly entryId: string
  readonly userId: string
  readonly entryReference: string
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
      const { entryId, userId, entryReference } = entry
      tickets.push({ ticketNumber, entryId, userId, entryReference })
    }
  }
  return tickets.sort((a, b) => a.ticketNumber - b.ticketNumber)
}

/**
 * The eligible list of a competition's entries as they stand: refunded and disputed ones (and
 * those with a refund requested) left out, except those `keep` names (refunded or disputed after
 * the list was sealed).
 */
export function eligibleFromEntries(
  state: Pick<Entries, 'entries'>,
  keep: (entryId: string) => boolean = () => false,
): EligibleTicket[] {
  const allocated: AllocatedEntry[] = []
  for (const entry of state.entries.values()) {
    if (entry.ticketNumbers.length === 0 || entry.answerCorrect !== true) continue
    allocated.push({
      ...entry,
      // Set by the allocation that gave the tickets; '' only satisfies the type.
      entryReference: entry.entryReference ?? '',
      // A requested refund leaves the list at once: the money is on its way back.
      // Refunded or disputed: out, unless that happened after the seal (`keep`).
      refunded:
        entry.status === 'refundPending' ||
        ((entry.status === 'refunded' || entry.status === 'disputed') && !keep(entry.entryId)),
    })
  }
  return eligibleTickets(allocated)
}

/**
 * How a seal encodes its list. Version 1 (seals without `listVersion`): one line per ticket,
 * `<ticketNumber> <entryId> <userId>\n`; it commits to who holds each ticket, so the list
 * cannot be shown to the public without showing every entrant's ids. Version 2, every seal made
 * now: `<ticketNumber> <entryReference>\n`, so the public certificate can carry the list itself
 * (anyone recomputes the hash, each entrant finds their reference) and no one's identity; the
 * log still binds each reference to its entry and user for the audit.
 */
export type ListVersion = 1 | 2

export const currentListVersion = 2 as const satisfies ListVersion

export const listVersionOf = (seal: Pick<DrawSeal, 'listVersion'>): ListVersion => seal.listVersion ?? 1

/** The bytes a list hash covers, in list order, UTF-8 (see `ListVersion`). */
export function canonicalEncoding(list: readonly EligibleTicket[], version: ListVersion): string {
  if (version === 2) return publicEncoding(list)
  return list.map((t) => `${t.ticketNumber} ${t.entryId} ${t.userId}\n`).join('')
}

/** A version 2 encoding, which needs only what the public certificate shows. */
export function publicEncoding(list: readonly PublicTicket[]): string {
  return list.map((t) => `${t.ticketNumber} ${t.entryReference}\n`).join('')
}

/** sha256 (hex) of the canonical encoding. */
export function listHash(list: readonly EligibleTicket[], version: ListVersion, crypto: DrawCrypto): string {
  return toHex(crypto.sha256(utf8(canonicalEncoding(list, version))))
}

/** sha256 (hex) of a version 2 list as the public certificate carries it. */
export function publicListHash(list: readonly PublicTicket[], crypto: DrawCrypto): string {
  return toHex(crypto.sha256(utf8(publicEncoding(list))))
}
