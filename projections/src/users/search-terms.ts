import { type Encrypted, encryptedPersonalData } from '@prizes/contracts'
import {
  decryptValue,
  hashSearchTerm,
  platformSecret,
  readUserKey,
  searchTermsOf,
  userKeysTable,
  userSearchSecret,
} from '@prizes/platform'
import type { Knex } from 'knex'

export const userSearchTermsTable = 'user_search_terms'

/**
 * The user's search terms (see `searchTermsOf`), replaced whenever their personal fields change.
 * The fields are opened with the user's key; with no key (erased, or a database without the
 * command side's tables) the user simply has no terms, and a search does not find them.
 */
export async function replaceSearchTerms(
  trx: Knex.Transaction,
  userId: string,
  personal: unknown,
): Promise<void> {
  await trx(userSearchTermsTable).where({ user_id: userId }).delete()
  const person = await open(trx, userId, personal)
  if (!person) return
  const key = await platformSecret(trx, userSearchSecret)
  const rows = searchTermsOf(person).map((term) => ({ term: hashSearchTerm(key, term), user_id: userId }))
  if (rows.length > 0) await trx(userSearchTermsTable).insert(rows).onConflict(['term', 'user_id']).ignore()
}

export async function deleteSearchTerms(trx: Knex.Transaction, userId: string): Promise<void> {
  await trx(userSearchTermsTable).where({ user_id: userId }).delete()
}

async function open(trx: Knex.Transaction, userId: string, personal: unknown) {
  // Checked first: a missing table would abort the projection's transaction.
  const { rows } = await trx.raw<{ rows: { ready: boolean }[] }>(
    'select to_regclass(?) is not null and to_regclass(?) is not null as ready',
    [userKeysTable, 'platform_secrets'],
  )
  if (!rows[0]?.ready) return undefined
  const parsed = encryptedPersonalData.safeParse(personal)
  if (!parsed.success) return undefined
  const key = await readUserKey(trx, userId)
  const decrypt = (value: Encrypted) => {
    try {
      return decryptValue(key, value)
    } catch {
      return undefined
    }
  }
  const firstName = decrypt(parsed.data.firstName)
  const lastName = decrypt(parsed.data.lastName)
  const email = decrypt(parsed.data.email)
  if (firstName === undefined || lastName === undefined || email === undefined) return undefined
  return { firstName, lastName, email }
}
