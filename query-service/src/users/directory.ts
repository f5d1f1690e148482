import { type Encrypted, encryptedPersonalData } from '@prizes/contracts'
import { decryptValue, readUserKeys, type UserKey } from '@prizes/platform'
import type { Knex } from 'knex'

/** A user's personal fields in clear, for a screen that names them. */
export interface Person {
  readonly firstName: string
  readonly lastName: string
  readonly email: string
  readonly phone: string
  readonly address: string
}

interface PersonalRow {
  readonly user_id: string
  readonly personal: unknown
}

function decrypt(key: UserKey, value: Encrypted): string | undefined {
  try {
    return decryptValue(key, value)
  } catch {
    // Encrypted under a key that is no longer the user's: as good as erased.
    return undefined
  }
}

function open(key: UserKey | undefined, personal: unknown): Person | undefined {
  if (!key) return undefined
  const parsed = encryptedPersonalData.safeParse(personal)
  if (!parsed.success) return undefined
  const fields = parsed.data
  const firstName = decrypt(key, fields.firstName)
  const lastName = decrypt(key, fields.lastName)
  const email = decrypt(key, fields.email)
  const phone = decrypt(key, fields.phone)
  const address = decrypt(key, fields.address)
  if (firstName === undefined || lastName === undefined || email === undefined) return undefined
  return { firstName, lastName, email, phone: phone ?? '', address: address ?? '' }
}

const lookUpSlice = 5000

/**
 * The people behind user ids. The users read model keeps their fields encrypted; each is
 * opened here with the user's own key, so an erased user (key deleted) is simply absent from
 * the answer, whatever the read model still holds.
 */
export async function lookUpPeople(knex: Knex, userIds: readonly string[]): Promise<Map<string, Person>> {
  const people = new Map<string, Person>()
  const unique = [...new Set(userIds)]
  // A CSV export may name tens of thousands of entrants: ask in slices, well under the
  // protocol's 65,535 parameters a query.
  for (let start = 0; start < unique.length; start += lookUpSlice) {
    const slice = unique.slice(start, start + lookUpSlice)
    const [rows, keys] = await Promise.all([
      knex('users')
        .whereIn('user_id', slice)
        .whereNull('erased_at')
        .select<PersonalRow[]>('user_id', 'personal'),
      readUserKeys(knex, slice),
    ])
    for (const row of rows) {
      const person = open(keys.get(row.user_id), row.personal)
      if (person) people.set(row.user_id, person)
    }
  }
  return people
}

export const fullName = (person: Person): string => `${person.firstName} ${person.lastName}`.trim()

/** How the winners list names a winner: first name and the initial of the last ("Ada L."). */
export function firstNameAndInitial(person: Person): string {
  const initial = person.lastName.trim().charAt(0).toUpperCase()
  return initial ? `${person.firstName.trim()} ${initial}.` : person.firstName.trim()
}

/** UK (`SW1A 1AA`) and Irish Eircode (`D02 X285`) postcodes, which are not towns. */
const postcode = /^([A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}|[A-Z]\d[\dW]\s*[A-Z\d]{4})$/i

/**
 * The town of a one-line address: its last part that is not a postcode or a country, e.g.
 * "12 High Street, Leeds, LS1 1AA" gives "Leeds". An address of one part gives no town, since
 * that part is the street.
 */
export function townOf(address: string): string | null {
  const parts = address
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter((part) => part !== '' && !postcode.test(part))
    .filter(
      (part) =>
        !/^(uk|united kingdom|england|scotland|wales|northern ireland|ireland|éire|eire)$/i.test(part),
    )
  if (parts.length < 2) return null
  const town = parts.at(-1) ?? null
  // "Leeds LS1 1AA": a trailing postcode on the town's part.
  return town?.replace(/\s+([A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2})$/i, '').trim() || null
}
