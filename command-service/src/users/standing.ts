import type { CommandContext } from '../event-metadata'
import type { AccountDeps } from './deps'
import { type StandingChange, standingRows } from './session-standing'
import { runUserCommand, type UserResult } from './user-stream'

/**
 * An admin's actions on a user's standing (the admin endpoints arrive with the admin issue).
 * Each changes the session row with its event (`standingRows`): a ban or a demotion and the end
 * of the user's sessions commit together; `byUserId` keeps admins from banning or demoting
 * themselves.
 */

type Deps = Pick<AccountDeps, 'handler' | 'knex'>

export interface StandingInput {
  readonly userId: string
  /** The admin acting; the actor of the context says the same for the audit trail. */
  readonly byUserId?: string
}

const changes = {
  BanUser: { banned: true, revoke: true },
  UnbanUser: { banned: false, revoke: false },
  PromoteUser: { role: 'admin', revoke: false },
  DemoteUser: { role: 'user', revoke: true },
} as const satisfies Record<string, StandingChange>

function change(
  deps: Deps,
  type: keyof typeof changes,
  input: StandingInput,
  context: CommandContext,
): Promise<UserResult> {
  const { userId, byUserId } = input
  const metadata = { now: context.now }
  return runUserCommand(
    deps.handler,
    type === 'BanUser' || type === 'DemoteUser'
      ? { type, data: { userId, ...(byUserId === undefined ? {} : { byUserId }) }, metadata }
      : { type, data: { userId }, metadata },
    context,
    { rows: standingRows(deps.knex, userId, changes[type]) },
  )
}

export const banUser = (deps: Deps, input: StandingInput, context: CommandContext) =>
  change(deps, 'BanUser', input, context)
export const unbanUser = (deps: Deps, input: StandingInput, context: CommandContext) =>
  change(deps, 'UnbanUser', input, context)
export const promoteUser = (deps: Deps, input: StandingInput, context: CommandContext) =>
  change(deps, 'PromoteUser', input, context)
export const demoteUser = (deps: Deps, input: StandingInput, context: CommandContext) =>
  change(deps, 'DemoteUser', input, context)
