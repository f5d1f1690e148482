import type { Knex } from 'knex'
import type { RowStatement } from '../command-rows'

/**
 * The unique-email index (`user_emails`). A registration claims its email here, in its append's
 * transaction on PostgreSQL (before the append elsewhere); the primary key on the lower-cased
 * address is what makes a second registration of the same email fail, however the two race.
 */

const uniqueViolation = '23505'

/** The claim as a row change of the registration. */
export function emailClaimRow(knex: Knex, email: string, userId: string): RowStatement {
  return knex('user_emails').insert({ email: email.toLowerCase(), user_id: userId })
}

/** The error a claim of an address someone holds fails with. */
export function isEmailClaimConflict(error: unknown): boolean {
  return isUniqueViolation(error) && (error as { constraint?: unknown }).constraint === 'user_emails_pkey'
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === uniqueViolation
}

/** Releases a claim, only if that user still holds it. */
export async function releaseEmail(knex: Knex, email: string, userId: string): Promise<void> {
  await knex('user_emails').where({ email: email.toLowerCase(), user_id: userId }).delete()
}

export async function userIdByEmail(knex: Knex, email: string): Promise<string | undefined> {
  const row = await knex('user_emails')
    .where({ email: email.toLowerCase() })
    .first<{ user_id: string } | undefined>('user_id')
  return row?.user_id
}

/** Claims older than this whose user has no events were left by a process that died. */
const orphanAfterSeconds = 60

/** The holder of an email claim made long enough ago to be abandoned if its stream is empty. */
export async function staleClaimHolder(knex: Knex, email: string): Promise<string | undefined> {
  const row = await knex('user_emails')
    .where({ email: email.toLowerCase() })
    .andWhereRaw(`claimed_at < now() - make_interval(secs => ?)`, [orphanAfterSeconds])
    .first<{ user_id: string } | undefined>('user_id')
  return row?.user_id
}
