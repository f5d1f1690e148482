import { type BreakPeriod, responsiblePlayMessages as m, type ResponsiblePlayStatus } from '@prizes/contracts'
import { breakAt, limitAt, pendingAt, type RegisteredUser } from '@prizes/domain'
import type { CommandContext } from '../event-metadata'
import type { AccountDeps } from '../users/deps'
import { loadUser, registeredUser, runUserCommand } from '../users/user-stream'
import { committedThisMonth } from './ledger'
import { ensurePerson, personBreakOf, personBreakRow } from './people'

/** The signed-in user's monthly spending limit and breaks (issue 14). */

type Deps = Pick<AccountDeps, 'handler' | 'store' | 'knex' | 'secrets'>

async function statusOf(deps: Deps, user: RegisteredUser, now: Date): Promise<ResponsiblePlayStatus> {
  const limitPence = limitAt(user.play, now)
  const spent = await committedThisMonth(deps.knex, user.userId, now)
  // The account's own break, else one its person took under another account of the same inbox.
  const person = await personBreakOf(deps.knex, user.userId, now)
  const current = breakAt(user.play, now) ?? (person?.kind === 'inbox' ? person : undefined)
  return {
    limitPence,
    pendingLimit: pendingAt(user.play, now),
    limitAnswered: user.play.limitAnswered,
    spentThisMonthPence: spent,
    leftThisMonthPence: limitPence === null ? null : Math.max(0, limitPence - spent),
    onBreak: current ? { endsAt: current.endsAt } : null,
  }
}

export async function responsiblePlayStatus(
  deps: Deps,
  userId: string,
  now: Date,
): Promise<ResponsiblePlayStatus> {
  const { user } = await loadUser(deps.store, userId)
  return statusOf(deps, user, now)
}

export interface PlayChange {
  readonly message: string
  readonly status: ResponsiblePlayStatus
}

export async function setSpendingLimit(
  deps: Deps,
  input: {
    readonly userId: string
    readonly limitPence: number | null
    readonly prompt: 'sign-up' | 'first-purchase' | 'account-settings'
  },
  context: CommandContext,
): Promise<PlayChange> {
  const { userId } = input
  const result = await runUserCommand(
    deps.handler,
    { type: 'SetSpendingLimit', data: { ...input }, metadata: { now: context.now } },
    context,
  )
  const status = await statusOf(deps, registeredUser(result, userId), context.now)
  const { pendingLimit } = status
  const message = pendingLimit
    ? m.limitIncreasePending(pendingLimit.limitPence, pendingLimit.effectiveAt)
    : status.limitPence === null
      ? m.limitSkipped
      : m.limitSetAtOnce(status.limitPence)
  return { message, status }
}

export async function skipSpendingLimit(
  deps: Deps,
  input: { readonly userId: string; readonly prompt: 'sign-up' | 'first-purchase' },
  context: CommandContext,
): Promise<PlayChange> {
  const result = await runUserCommand(
    deps.handler,
    { type: 'SkipSpendingLimit', data: { ...input }, metadata: { now: context.now } },
    context,
  )
  return {
    message: m.limitSkipped,
    status: await statusOf(deps, registeredUser(result, input.userId), context.now),
  }
}

export async function takeBreak(
  deps: Deps,
  input: { readonly userId: string; readonly period: BreakPeriod },
  context: CommandContext,
): Promise<PlayChange> {
  const { user: before } = await loadUser(deps.store, input.userId)
  await ensurePerson(deps, before)
  const result = await runUserCommand(
    deps.handler,
    { type: 'TakeBreak', data: { ...input }, metadata: { now: context.now } },
    context,
    // Taken with a proven email, it holds for the person, recorded with the event (in its
    // transaction on PostgreSQL); unproven, it binds this account only.
    { rows: async (rows, state) => void (await personBreakRow(deps.knex, state, rows)) },
  )
  const user = registeredUser(result, input.userId)
  const status = await statusOf(deps, user, context.now)
  return { message: m.breakTaken(status.onBreak?.endsAt ?? null), status }
}
