import { type Encrypted, encryptedPersonalData } from '@prizes/contracts'
import { decryptValue, readUserKeys, type UserKey } from '@prizes/platform'
import type { UserRow } from '@prizes/read-models'
import type { Knex } from 'knex'

/** A user's personal fields in clear, for a screen that names them. */
export interface Person {
  readonly firstName: string
  readonly lastName: string
  readonly email: string
  readonly phone: string
  readonly address: string
  /** They objected to their name being published as a winner (issue 24). */
  readonly winnerNameHidden: boolean
}

type PersonalRow = Pick<UserRow, 'user_id' | 'personal' | 'winner_name_hidden'>

function decrypt(key: UserKey, value: Encrypted): string | undefined {
  try {
    return decryptValue(key, value)
  } catch {
    // Encrypted under a key that is no longer the user's: as good as erased.
    return undefined
  }
}

function open(key: UserKey | undefined, { personal, winner_name_hidden }: PersonalRow): Person | undefined {
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
  return {
    firstName,
    lastName,
    email,
    phone: phone ?? '',
    address: address ?? '',
    winnerNameHidden: winner_name_hidden,
  }
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
        .select<PersonalRow[]>('user_id', 'personal', 'winner_name_hidden'),
      readUserKeys(knex, slice),
    ])
    for (const row of rows) {
      const person = open(keys.get(row.user_id), row)
      if (person) people.set(row.user_id, person)
    }
  }
  return people
}

export const fullName = (person: Person): string => `${person.firstName} ${person.lastName}`.trim()
