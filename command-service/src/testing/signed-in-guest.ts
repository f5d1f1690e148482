import { randomUUID } from 'node:crypto'
import { issueSession } from '../auth/sign-in'
import type { CommandContext } from '../event-metadata'
import type { AccountDeps } from '../users/deps'
import { openAccount } from '../users/registration'

/** A new guest account with a unique email, signed in: its user id and a session token. */
export async function signedInGuest(
  accounts: AccountDeps,
  context: CommandContext,
): Promise<{ userId: string; token: string }> {
  const personal = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `ada-${randomUUID()}@example.com`,
    phone: '+44 20 7946 0958',
    address: '1 Analytical Row, London',
    dateOfBirth: null,
  }
  const { user } = await openAccount(
    accounts,
    { personal, password: 'Secret123', marketingEmails: false, kind: 'guest' },
    context,
  )
  return { userId: user.userId, token: await issueSession(accounts, user, context.now) }
}
