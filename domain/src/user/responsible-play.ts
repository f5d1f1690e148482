import { type BreakPeriod, spendingLimitIncreaseDelayMs, type spendingLimitPrompts } from '@prizes/contracts'
import type { CommandMetadata } from '../command-metadata'
import { BreakCannotBeShortened, OnBreak, SpendingLimitReached } from './responsible-play-errors'

/**
 * Responsible play on the user aggregate: a monthly spending limit (lower at once, higher only
 * after 24 hours) and breaks that cannot be ended early. Time comes in as `now`.
 */

export interface PendingLimit {
  /** Null: the limit is being removed. */
  readonly limitPence: number | null
  readonly effectiveAt: string
}

export interface ResponsiblePlay {
  /** The limit as last set; a pending increase may have come into force since (`limitAt`). */
  readonly limitPence: number | null
  readonly pending: PendingLimit | null
  /** The "set a monthly limit?" question was answered (a limit set, or skipped). */
  readonly limitAnswered: boolean
  /** The latest break: its end, or null for a permanent one; undefined when none was taken. */
  readonly breakEndsAt: string | null | undefined
  /**
   * What was in force before the first change made while the account's email was unproven;
   * undefined when every change was made with a proven email. Those changes bind the account
   * meanwhile, but may have been made by a stranger who typed someone else's email: when the
   * owner proves the inbox by choosing a password from an emailed link, this is restored.
   */
  readonly beforeUnconfirmed?: ResponsiblePlay | undefined
}

export const noResponsiblePlay: ResponsiblePlay = {
  limitPence: null,
  pending: null,
  limitAnswered: false,
  breakEndsAt: undefined,
}

type Prompt = (typeof spendingLimitPrompts)[number]

export type ResponsiblePlayEvent =
  | { type: 'SpendingLimitSet'; data: { userId: string; limitPence: number; prompt: Prompt } }
  | {
      type: 'SpendingLimitIncreaseRequested'
      data: { userId: string; limitPence: number | null; currentLimitPence: number; effectiveAt: string }
    }
  | { type: 'SpendingLimitSkipped'; data: { userId: string; prompt: Prompt } }
  | { type: 'BreakTaken'; data: { userId: string; period: BreakPeriod; endsAt: string | null } }
  | {
      type: 'UnconfirmedPlayDropped'
      data: {
        userId: string
        limitPence: number | null
        pending: PendingLimit | null
        limitAnswered: boolean
        break: { endsAt: string | null } | null
      }
    }

/**
 * Applies a change; `emailVerified` says whether the account's email was proven when it was
 * made (an unproven one remembers what it replaced, see `beforeUnconfirmed`).
 */
export function evolvePlay(
  play: ResponsiblePlay,
  event: ResponsiblePlayEvent,
  emailVerified = true,
): ResponsiblePlay {
  if (event.type === 'UnconfirmedPlayDropped') {
    const { limitPence, pending, limitAnswered } = event.data
    return { limitPence, pending, limitAnswered, breakEndsAt: event.data.break?.endsAt }
  }
  const changed = applyPlay(play, event)
  if (emailVerified || play.beforeUnconfirmed !== undefined) return changed
  const { beforeUnconfirmed: _none, ...before } = play
  return { ...changed, beforeUnconfirmed: before }
}

function applyPlay(
  play: ResponsiblePlay,
  event: Exclude<ResponsiblePlayEvent, { type: 'UnconfirmedPlayDropped' }>,
): ResponsiblePlay {
  switch (event.type) {
    case 'SpendingLimitSet':
      return { ...play, limitPence: event.data.limitPence, pending: null, limitAnswered: true }
    case 'SpendingLimitIncreaseRequested': {
      const { limitPence, currentLimitPence, effectiveAt } = event.data
      return {
        ...play,
        limitPence: currentLimitPence,
        pending: { limitPence, effectiveAt },
        limitAnswered: true,
      }
    }
    case 'SpendingLimitSkipped':
      return { ...play, limitAnswered: true }
    case 'BreakTaken':
      return { ...play, breakEndsAt: event.data.endsAt }
    default: {
      const unhandled: never = event
      throw new Error(`evolvePlay does not handle ${JSON.stringify(unhandled)}`)
    }
  }
}

/**
 * The inbox's owner has just taken the account over (a password chosen from an emailed link
 * while the email was unproven): the limit and break set before that are dropped, restoring
 * what was in force before them. Nothing when every change was made with a proven email.
 */
export function dropUnconfirmedPlay(userId: string, play: ResponsiblePlay): ResponsiblePlayEvent[] {
  const before = play.beforeUnconfirmed
  if (before === undefined) return []
  const { limitPence, pending, limitAnswered, breakEndsAt } = before
  return [
    {
      type: 'UnconfirmedPlayDropped',
      data: {
        userId,
        limitPence,
        pending,
        limitAnswered,
        break: breakEndsAt === undefined ? null : { endsAt: breakEndsAt },
      },
    },
  ]
}

/** The limit in force at `now`: a pending change applies once its 24 hours have passed. */
export function limitAt(play: ResponsiblePlay, now: Date): number | null {
  const { pending } = play
  if (pending && Date.parse(pending.effectiveAt) <= now.getTime()) return pending.limitPence
  return play.limitPence
}

/** The change still waiting at `now`, if any. */
export function pendingAt(play: ResponsiblePlay, now: Date): PendingLimit | null {
  const { pending } = play
  return pending && Date.parse(pending.effectiveAt) > now.getTime() ? pending : null
}

/** The break in force at `now`: its end (null when permanent), or undefined when none. */
export function breakAt(play: ResponsiblePlay, now: Date): { readonly endsAt: string | null } | undefined {
  const { breakEndsAt } = play
  if (breakEndsAt === undefined) return undefined
  if (breakEndsAt === null) return { endsAt: null }
  return Date.parse(breakEndsAt) > now.getTime() ? { endsAt: breakEndsAt } : undefined
}

/** Refuses entering during a break. */
export function assertNotOnBreak(play: ResponsiblePlay, now: Date): void {
  const current = breakAt(play, now)
  if (current) throw new OnBreak(current.endsAt)
}

/**
 * Refuses a purchase of `amountPence` that would take the month's spending (spent and held)
 * over the limit in force, saying what is left.
 */
export function assertWithinLimit(
  limitPence: number | null,
  committedPence: number,
  amountPence: number,
): void {
  if (limitPence === null || amountPence === 0) return
  if (committedPence + amountPence > limitPence) {
    throw new SpendingLimitReached(limitPence, Math.max(0, limitPence - committedPence))
  }
}

/** When a break of `period` taken at `now` ends; null for good. Months are calendar months (UTC). */
export function breakEnd(period: BreakPeriod, now: Date): string | null {
  const day = 24 * 60 * 60 * 1000
  switch (period) {
    case '1d':
      return new Date(now.getTime() + day).toISOString()
    case '7d':
      return new Date(now.getTime() + 7 * day).toISOString()
    case '30d':
      return new Date(now.getTime() + 30 * day).toISOString()
    case '6m': {
      const end = new Date(now.getTime())
      end.setUTCMonth(end.getUTCMonth() + 6)
      return end.toISOString()
    }
    case 'permanent':
      return null
    default: {
      const unhandled: never = period
      throw new Error(`Unknown break period ${String(unhandled)}`)
    }
  }
}

export interface SetSpendingLimit {
  readonly type: 'SetSpendingLimit'
  readonly data: { readonly userId: string; readonly limitPence: number | null; readonly prompt: Prompt }
  readonly metadata: CommandMetadata
}
export interface SkipSpendingLimit {
  readonly type: 'SkipSpendingLimit'
  readonly data: { readonly userId: string; readonly prompt: Prompt }
  readonly metadata: CommandMetadata
}
export interface TakeBreak {
  readonly type: 'TakeBreak'
  readonly data: { readonly userId: string; readonly period: BreakPeriod }
  readonly metadata: CommandMetadata
}
export type ResponsiblePlayCommand = SetSpendingLimit | SkipSpendingLimit | TakeBreak

/**
 * A limit not above the one in force applies at once (and drops any pending increase); a higher
 * one, or none, waits 24 hours, replacing any earlier pending one.
 */
export function setSpendingLimit(command: SetSpendingLimit, play: ResponsiblePlay): ResponsiblePlayEvent[] {
  const { userId, limitPence, prompt } = command.data
  const { now } = command.metadata
  const current = limitAt(play, now)
  const pending = pendingAt(play, now)
  if (limitPence !== null && (current === null || limitPence <= current)) {
    return [{ type: 'SpendingLimitSet', data: { userId, limitPence, prompt } }]
  }
  if (current === null) {
    // No limit, none asked for: nothing changes but the question is answered.
    return play.limitAnswered ? [] : [{ type: 'SpendingLimitSkipped', data: { userId, prompt } }]
  }
  if (pending && pending.limitPence === limitPence) return []
  const effectiveAt = new Date(now.getTime() + spendingLimitIncreaseDelayMs).toISOString()
  return [
    {
      type: 'SpendingLimitIncreaseRequested',
      data: { userId, limitPence, currentLimitPence: current, effectiveAt },
    },
  ]
}

export function skipSpendingLimit(command: SkipSpendingLimit, play: ResponsiblePlay): ResponsiblePlayEvent[] {
  if (play.limitAnswered) return []
  return [{ type: 'SpendingLimitSkipped', data: { ...command.data } }]
}

/** A new break may only end later than the one in force (a permanent one ends never). */
export function takeBreak(command: TakeBreak, play: ResponsiblePlay): ResponsiblePlayEvent[] {
  const { userId, period } = command.data
  const { now } = command.metadata
  const endsAt = breakEnd(period, now)
  const current = breakAt(play, now)
  if (current) {
    const shorter =
      current.endsAt === null || (endsAt !== null && Date.parse(endsAt) <= Date.parse(current.endsAt))
    if (shorter) throw new BreakCannotBeShortened(current.endsAt)
  }
  return [{ type: 'BreakTaken', data: { userId, period, endsAt } }]
}
