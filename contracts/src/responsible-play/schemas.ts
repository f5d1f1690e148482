import { z } from 'zod'
import { breakPeriod } from '../events/responsible-play'
import { maxSpendingLimitPence } from './limits'
import { responsiblePlayMessages as m } from './messages'

const ok = z.literal(true)

/** Pence as a whole number, £0 included. */
const limitPence = z
  .number({ error: m.limitInvalid })
  .int(m.limitInvalid)
  .min(0, m.limitInvalid)
  .max(maxSpendingLimitPence, m.limitInvalid)

/** PUT /api/account/spending-limit: a limit in pence, or null to remove it. */
export const setSpendingLimitRequest = z
  .object({
    limitPence: limitPence.nullable(),
    /** Where the user answered; Account Settings unless the sign-up or entry prompt says so. */
    prompt: z.enum(['sign-up', 'first-purchase', 'account-settings']).default('account-settings'),
  })
  .strict()

/** POST /api/account/spending-limit/skip: no limit for now, and do not ask again. */
export const skipSpendingLimitRequest = z.object({ prompt: z.enum(['sign-up', 'first-purchase']) }).strict()

/** POST /api/account/break. */
export const takeBreakRequest = z.object({ period: breakPeriod, confirm: z.literal(true) }).strict()

/** The user's own limits and breaks as Account Settings and the entry flow show them. */
export const responsiblePlayStatus = z.object({
  /** The limit in force now; null: none. */
  limitPence: z.number().int().nullable(),
  /** A higher limit (or removal, null) waiting for its 24 hours. */
  pendingLimit: z.object({ limitPence: z.number().int().nullable(), effectiveAt: z.string() }).nullable(),
  /** Whether the user has answered the "set a limit?" question (set or skipped). */
  limitAnswered: z.boolean(),
  /** Spent and held this calendar month (Europe/London), in pence. */
  spentThisMonthPence: z.number().int(),
  /** What is left under the limit this month; null without a limit. */
  leftThisMonthPence: z.number().int().nullable(),
  /** The break in force: its end (null when permanent); null when not on a break. */
  onBreak: z.object({ endsAt: z.string().nullable() }).nullable(),
})
export type ResponsiblePlayStatus = z.infer<typeof responsiblePlayStatus>

export const responsiblePlayResponse = z.object({ success: ok, status: responsiblePlayStatus })
export const responsiblePlayChangeResponse = z.object({
  success: ok,
  message: z.string(),
  status: responsiblePlayStatus,
})
