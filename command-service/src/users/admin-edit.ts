import type { AdminUpdateUserRequest } from '@prizes/contracts'
import { EmailTaken, UserNotFound } from '@prizes/domain'
import { encryptValue, readUserKey } from '@prizes/platform'
import type { RowWriter } from '../command-rows'
import type { CommandContext } from '../event-metadata'
import type { AccountDeps } from './deps'
import { isEmailClaimConflict } from './email-index'
import { decryptPersonal } from './personal'
import { loadUser, registeredUser, runUserCommand, type UserResult } from './user-stream'

export interface AdminEditedUser {
  readonly id: string
  readonly first_name: string
  readonly last_name: string
  readonly email: string
  readonly phone: string
  readonly address: string
}

/**
 * An admin edits a user's name, email, phone and address: the profile update of the user's own
 * form (ProfileUpdated), recorded with the admin as actor, and the email too. The user's claim
 * in the unique-email index moves to the new address with the event (in its transaction on
 * PostgreSQL; elsewhere just before, and back if the update fails), so an address someone
 * holds is refused (EmailTaken, 409) however two edits race.
 */
export async function adminUpdateUser(
  deps: AccountDeps,
  userId: string,
  input: AdminUpdateUserRequest,
  context: CommandContext,
): Promise<{ readonly user: AdminEditedUser; readonly result: UserResult }> {
  const [{ user }, key] = await Promise.all([loadUser(deps.store, userId), readUserKey(deps.knex, userId)])
  if (!key) throw new UserNotFound(userId)
  const oldEmail = decryptPersonal(key, user.personal).email.toLowerCase()
  const newEmail = input.email.toLowerCase()
  const changed = oldEmail !== newEmail
  const command = {
    type: 'UpdateProfile' as const,
    data: {
      userId,
      firstName: encryptValue(key, input.firstName),
      lastName: encryptValue(key, input.lastName),
      phone: encryptValue(key, input.phone),
      address: encryptValue(key, input.address),
      ...(changed ? { email: encryptValue(key, newEmail) } : {}),
    },
    metadata: { now: context.now },
  }
  // One row per user (unique user_id): the claim moves to the new address, whose primary key
  // refuses it when someone else holds it.
  const claim = () =>
    deps
      .knex('user_emails')
      .insert({ email: newEmail, user_id: userId })
      .onConflict('user_id')
      .merge(['email'])
  const run = async (): Promise<UserResult> => {
    if (!changed) return runUserCommand(deps.handler, command, context)
    if (deps.handler.rowsCommitWithEvents) {
      const rows = (writer: RowWriter) => writer.run(claim())
      return runUserCommand(deps.handler, command, context, { rows })
    }
    await claim()
    try {
      return await runUserCommand(deps.handler, command, context)
    } catch (error) {
      await deps.knex('user_emails').where({ user_id: userId }).update({ email: oldEmail })
      throw error
    }
  }
  const result = await run().catch((error: unknown) => {
    throw isEmailClaimConflict(error) ? new EmailTaken() : error
  })
  const personal = decryptPersonal(key, registeredUser(result, userId).personal)
  const edited = {
    id: userId,
    first_name: personal.firstName,
    last_name: personal.lastName,
    email: personal.email,
    phone: personal.phone,
    address: personal.address,
  }
  return { user: edited, result }
}
