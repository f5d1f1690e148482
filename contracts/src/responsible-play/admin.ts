import { z } from 'zod'
import { historyActor } from '../admin-read'
import { maxLength, tooLongMessage } from '../bounds'
import { text } from '../text'
import { maxSpendingLimitPence } from './limits'

/** The user details list at most this many of the competitions whose cap a user reached. */
export const maxCappedCompetitionsShown = 50

/** Oversight (issue 14 item 7): each user's limits, breaks and caps reached in the admin Users tab. */
export const adminResponsiblePlay = z.object({
  /** Pounds; null: no limit. */
  monthly_limit: z.number().nullable(),
  /** A higher limit (pounds, null: removal) waiting for its 24 hours. */
  pending_limit: z.object({ amount: z.number().nullable(), effective_at: z.string() }).nullable(),
  /** The end of the break in force; null when none (see `break_permanent`). */
  break_until: z.string().nullable(),
  break_permanent: z.boolean(),
  /**
   * Issue 23: the account's name, date of birth and postcode match a person on a break; it may
   * not pay until an admin clears it (POST /api/admin/users/:id/clear-review).
   */
  held_for_review: z.boolean(),
  /** Paid and not refunded, in pounds, over the last 30 days. */
  spent_last_30_days: z.number(),
  /** Spending over the last 30 days passed the spending alert threshold. */
  over_threshold: z.boolean(),
  /** How many competitions the user holds as many entries in as its cap per person allows. */
  caps_reached: z.number().int().nonnegative(),
  /** Those competitions, newest first (the user details only, at most `maxCappedCompetitionsShown`). */
  capped_competitions: z
    .array(z.object({ id: z.string(), title: z.string(), cap: z.number().int().positive() }))
    .optional(),
})
export type AdminResponsiblePlay = z.infer<typeof adminResponsiblePlay>

const reason = text(maxLength.reason, tooLongMessage('The reason', maxLength.reason)).trim()
const thresholdMessage = 'Enter an amount in pounds and pence, from £0.00 to £100,000.00'

/** PUT /api/admin/settings/spending-alert. */
export const spendingAlertRequest = z
  .object({
    thresholdPence: z
      .number({ error: thresholdMessage })
      .int(thresholdMessage)
      .min(0, thresholdMessage)
      .max(maxSpendingLimitPence, thresholdMessage),
    reason: reason.min(1).optional(),
  })
  .strict()

export const spendingAlertChange = z.object({
  revision: z.number().int().nonnegative(),
  occurredAt: z.iso.datetime(),
  actor: historyActor,
  reason: z.string().nullable(),
  thresholdPence: z.number().int(),
})

/** The threshold in force and its last changes, newest first (its audit trail). */
export const spendingAlertResponse = z.object({
  success: z.literal(true),
  thresholdPence: z.number().int(),
  changes: z.array(spendingAlertChange),
})
export const spendingAlertUpdateResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  thresholdPence: z.number().int(),
})

/** A user's limit and break changes, newest first: what, who, when (the user's audit trail). */
export const responsiblePlayHistoryEntry = z.object({
  revision: z.number().int().nonnegative(),
  type: z.string(),
  occurredAt: z.iso.datetime(),
  actor: historyActor,
  summary: z.string(),
})
export const responsiblePlayHistoryResponse = z.object({
  success: z.literal(true),
  changes: z.array(responsiblePlayHistoryEntry),
})
