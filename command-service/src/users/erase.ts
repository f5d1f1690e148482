import type { CommandContext } from '../event-metadata'
import type { AccountDeps } from './deps'
import { withStandingChange } from './session-standing'
import { runUserCommand, type UserResult } from './user-stream'

/**
 * Erases a user (GDPR): records UserErased, then deletes the user's key, which leaves every
 * personal value in the log unreadable (crypto-shredding), and with it the email index row,
 * their links and their session row. Sessions end first, before the event is appended.
 * Erasing an erased user records nothing and still makes sure the rows are gone.
 */
export async function eraseUser(
  deps: Pick<AccountDeps, 'handler' | 'knex'>,
  input: { readonly userId: string },
  context: CommandContext,
): Promise<UserResult> {
  const { userId } = input
  const result = await withStandingChange(deps.knex, userId, { revoke: true }, () =>
    runUserCommand(
      deps.handler,
      { type: 'EraseUser', data: { userId }, metadata: { now: context.now } },
      context,
    ),
  )
  await deps.knex.transaction(async (trx) => {
    await trx('user_keys').where({ user_id: userId }).delete()
    await trx('user_emails').where({ user_id: userId }).delete()
    await trx('user_tokens').where({ user_id: userId }).delete()
    await trx('auth_sessions').where({ user_id: userId }).delete()
  })
  return result
}
