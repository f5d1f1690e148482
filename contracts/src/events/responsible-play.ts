import { z } from 'zod'
import { maxSpendingLimitPence } from '../responsible-play/limits'

/**
 * Responsible play on the user stream (issue 14): a monthly spending limit and breaks. They
 * are part of `userEvents`; kept here so the slice reads in one place.
 */

const userId = z.string().uuid()
const limitPence = z.number().int().min(0).max(maxSpendingLimitPence)

export const breakPeriods = ['1d', '7d', '30d', '6m', 'permanent'] as const
export const breakPeriod = z.enum(breakPeriods)
export type BreakPeriod = z.infer<typeof breakPeriod>

/** Where the user answered the question "set a monthly limit?". */
export const spendingLimitPrompts = ['sign-up', 'first-purchase', 'account-settings'] as const

export const responsiblePlayEvents = {
  /** A limit that applies at once: a first limit, or one not higher than the limit in force. */
  SpendingLimitSet: z.object({ userId, limitPence, prompt: z.enum(spendingLimitPrompts) }),
  /**
   * A higher limit, or none (`limitPence` null), that applies only from `effectiveAt` (24 hours
   * on). `currentLimitPence` is the limit in force when asked (an earlier request may have come
   * into force since), which stays until then.
   */
  SpendingLimitIncreaseRequested: z.object({
    userId,
    limitPence: limitPence.nullable(),
    currentLimitPence: limitPence,
    effectiveAt: z.string().datetime(),
  }),
  /** The user chose to have no limit when asked; they are not asked again. */
  SpendingLimitSkipped: z.object({ userId, prompt: z.enum(spendingLimitPrompts) }),
  /** A break from entering: until `endsAt`, or for good (`endsAt` null). Never ended early. */
  BreakTaken: z.object({ userId, period: breakPeriod, endsAt: z.string().datetime().nullable() }),
  /**
   * The owner proved the inbox by choosing a password from an emailed link (finishing a guest
   * account's set-up, or a reset of an unverified one): the limit and break set while the email
   * was unproven, possibly by a stranger who typed it, are dropped and what was in force before
   * them (nothing, for a new account) is restored, as given here.
   */
  UnconfirmedPlayDropped: z.object({
    userId,
    limitPence: limitPence.nullable(),
    pending: z.object({ limitPence: limitPence.nullable(), effectiveAt: z.string().datetime() }).nullable(),
    limitAnswered: z.boolean(),
    /** The break restored: its end (null: permanent), or null when none. */
    break: z.object({ endsAt: z.string().datetime().nullable() }).nullable(),
  }),
  /**
   * The account's name, date of birth and postcode match a person on a break or excluded under
   * another account: it may sign in but not pay until an admin has looked (issue 23).
   */
  AccountHeldForReview: z.object({ userId, reason: z.literal('matches-person-on-break') }),
  /** An admin looked and found another person: the account may pay (the reason is in metadata). */
  AccountReviewCleared: z.object({ userId }),
} as const

/** On the `settings` stream: the admin Users tab marks spending over this in 30 days. */
export const spendingAlertEvents = {
  SpendingAlertThresholdChanged: z.object({
    thresholdPence: z.number().int().min(0).max(maxSpendingLimitPence),
  }),
} as const

/**
 * The threshold's own stream, beside `settings`: the settings stream is read by its last event
 * alone (every SettingsChanged is a full snapshot), so another event type there would hide it.
 */
export const spendingAlertStream = 'spending-alert'
