import type { Knex } from 'knex'
import { knexRowWriter, type RowChanges } from '../command-rows'
import type { CommandContext } from '../event-metadata'
import type { AccountDeps } from './deps'
import { runUserCommand, type UserResult } from './user-stream'

/** The command-side tables holding a user's rows; `user_keys` is the one that matters. */
const userTables = ['user_keys', 'user_emails', 'user_tokens', 'auth_sessions'] as const

/**
 * Forgets a user's rows: the key, which leaves every personal value in the log unreadable
 * (crypto-shredding), the email index row, their links and their session row (which ends every
 * session). Run with UserErased, and by the reactor that backs it up; a repeat deletes nothing.
 */
export function erasedUserRows(knex: Knex, userId: string): RowChanges<unknown> {
  return async (rows) => {
    for (const table of userTables) await rows.run(knex(table).where({ user_id: userId }).delete())
  }
}

/**
 * Erases a user (GDPR): records UserErased and forgets their rows in the same transaction, so
 * no crash can leave an erased user's data readable. Erasing an erased user records nothing
 * and still makes sure the rows are gone (where the store has no transactions, a reactor also
 * does, after the append).
 */
export async function eraseUser(
  deps: Pick<AccountDeps, 'handler' | 'knex'>,
  input: { readonly userId: string; readonly byUserId?: string },
  context: CommandContext,
): Promise<UserResult> {
  const { userId, byUserId } = input
  const forget = erasedUserRows(deps.knex, userId)
  const result = await runUserCommand(
    deps.handler,
    {
      type: 'EraseUser',
      data: byUserId === undefined ? { userId } : { userId, byUserId },
      metadata: { now: context.now },
    },
    context,
    { rows: forget },
  )
  if (result.events.length === 0)
    await deps.knex.transaction((trx) => forget(knexRowWriter(trx), result.state))
  return result
}
