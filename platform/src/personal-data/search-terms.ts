import { createHmac } from 'node:crypto'

/**
 * A blind index for the admin's search over names and emails, which the read models keep only
 * encrypted. Each account's words (first and last names) and its email are cut into prefixes,
 * and each prefix is stored as an HMAC under the platform's `user-search` secret: a search
 * hashes its own words the same way and finds accounts by index, without decrypting anyone.
 * The terms are derived data: erasing a user deletes them with the rest of the row.
 */

/** The name of the platform secret (`platformSecret`) the terms are keyed with. */
export const userSearchSecret = 'user-search'

const maxWordPrefix = 40
const maxEmailPrefix = 64
/** A search of more words than this uses only the first ones. */
const maxSearchWords = 5

const normalise = (value: string): string => value.normalize('NFKC').toLowerCase().trim()

function prefixes(word: string, max: number): string[] {
  const chars = [...word].slice(0, max)
  return chars.map((_, i) => chars.slice(0, i + 1).join(''))
}

/** Every term an account is found by: prefixes of each name word and of the email. */
export function searchTermsOf(person: {
  readonly firstName: string
  readonly lastName: string
  readonly email: string
}): string[] {
  const words = normalise(`${person.firstName} ${person.lastName}`)
    .split(/[\s,]+/)
    .filter((word) => word !== '')
  const terms = new Set<string>()
  for (const word of words) for (const prefix of prefixes(word, maxWordPrefix)) terms.add(`n:${prefix}`)
  const email = normalise(person.email)
  for (const prefix of prefixes(email, maxEmailPrefix)) terms.add(`e:${prefix}`)
  return [...terms]
}

/**
 * The words of a search, each to be matched as a prefix of a name word or of the email. Every
 * word must match (Ada Lovelace finds Ada Lovelace, not every Ada).
 */
export function searchWordsOf(search: string): string[] {
  return normalise(search)
    .split(/\s+/)
    .filter((word) => word !== '')
    .slice(0, maxSearchWords)
    .map((word) => [...word].slice(0, Math.max(maxWordPrefix, maxEmailPrefix)).join(''))
}

/** The stored form of a term. */
export function hashSearchTerm(key: Uint8Array, term: string): string {
  return createHmac('sha256', key).update(term, 'utf8').digest('base64url').slice(0, 22)
}

/** The hashes a word may be stored under: as a name word's prefix or as the email's. */
export function hashesOfSearchWord(key: Uint8Array, word: string): string[] {
  const terms = [
    ...new Set([
      `n:${[...word].slice(0, maxWordPrefix).join('')}`,
      `e:${[...word].slice(0, maxEmailPrefix).join('')}`,
    ]),
  ]
  return terms.map((term) => hashSearchTerm(key, term))
}
