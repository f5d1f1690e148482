import type { AdminUpdateUserRequest } from '@prizes/contracts'
import {
  EmailTaken,
  expiryAfter,
  guestPasswordLinkLifetimeMs,
  type NewLink,
  UserNotFound,
  type UserState,
  verificationLinkLifetimeMs,
} from '@prizes/domain'
import { encryptValue, readUserKey } from '@prizes/platform'
import type { Knex } from 'knex'
import type { RowChanges, RowWriter } from '../command-rows'
import type { CommandContext } from '../event-metadata'
import { refreshPerson } from '../responsible-play/people'
import type { AccountDeps } from './deps'
import { isEmailClaimConflict } from './email-index'
import { decryptPersonal } from './personal'
import { newLink } from './registration'
import { standingRows } from './session-standing'
import { loadUser, registeredUser, runUserCommand, type UserResult } from './user-stream'
import { tokenRow } from './user-tokens'

export interface AdminEditedUser {
  readonly id: string
  readonly first_name: string
  readonly last_name: string
  readonly email: string
  readonly phone: string
  readonly address: string
}

/**
 * The token rows of the links a changed email was sent (see `updateProfile` in the user
 * decider), as `requestLink` writes them: only those the append recorded, so a banned account,
 * which is sent none, gets none.
 */
function linkRows(
  knex: Knex,
  userId: string,
  links: { readonly link: NewLink; readonly passwordLink: NewLink },
  now: Date,
): RowChanges<UserState> {
  return async (writer, state) => {
    if (state.status !== 'registered') return
    if (state.verification?.tokenHash === links.link.tokenHash) {
      const expiresAt = expiryAfter(now, verificationLinkLifetimeMs)
      await writer.run(
        tokenRow(knex, { tokenHash: links.link.tokenHash, userId, purpose: 'verify-email', expiresAt }),
      )
    }
    if (state.reset?.tokenHash === links.passwordLink.tokenHash) {
      const expiresAt = expiryAfter(now, guestPasswordLinkLifetimeMs)
      const { tokenHash } = links.passwordLink
      await writer.run(tokenRow(knex, { tokenHash, userId, purpose: 'reset-password', expiresAt }))
    }
  }
}

/**
 * An admin edits a user's name, email, phone and address: the profile update of the user's own
 * form (ProfileUpdated), recorded with the admin as actor, and the email too. A changed email
 * is not proven: the account is marked unverified (EmailUnverified) and a verification link
 * goes to the new address through the mail reactor, as at registration (a user cannot change
 * their own email, SPEC section 5, so registration is the flow this follows). The user's claim
 * in the unique-email index moves to the new address with the event (in its transaction on
 * PostgreSQL; elsewhere just before, and back if the update fails), so an address someone
 * holds is refused (EmailTaken, 409) however two edits race. A changed email also ends every
 * session of the user (their token version rises with the event), and the mail reactor tells the
 * old address (`email-changed`).
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
  const verification = changed
    ? {
        link: newLink(deps.secrets.oneTimeTokens, 'verify-email', userId),
        passwordLink: newLink(deps.secrets.oneTimeTokens, 'reset-password', userId),
      }
    : undefined
  const command = {
    type: 'UpdateProfile' as const,
    data: {
      userId,
      firstName: encryptValue(key, input.firstName),
      lastName: encryptValue(key, input.lastName),
      phone: encryptValue(key, input.phone),
      address: encryptValue(key, input.address),
      ...(verification ? { email: encryptValue(key, newEmail), verification } : {}),
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
    if (!verification) return runUserCommand(deps.handler, command, context)
    const links = linkRows(deps.knex, userId, verification, context.now)
    const sessionsEnd = standingRows(deps.knex, userId, { revoke: true })
    if (deps.handler.rowsCommitWithEvents) {
      const rows: RowChanges<UserState> = async (writer: RowWriter, state) => {
        await writer.run(claim())
        await links(writer, state)
        await sessionsEnd(writer, state)
      }
      return runUserCommand(deps.handler, command, context, { rows })
    }
    await claim()
    try {
      const rows: RowChanges<UserState> = async (writer, state) => {
        await links(writer, state)
        await sessionsEnd(writer, state)
      }
      return await runUserCommand(deps.handler, command, context, { rows })
    } catch (error) {
      await deps.knex('user_emails').where({ user_id: userId }).update({ email: oldEmail })
      throw error
    }
  }
  const result = await run().catch((error: unknown) => {
    throw isEmailClaimConflict(error) ? new EmailTaken() : error
  })
  await refreshPerson(deps, registeredUser(result, userId), context.now)
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
