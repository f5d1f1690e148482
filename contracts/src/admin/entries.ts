import { z } from 'zod'
import { competitionHistoryEntry } from '../admin-read'
import { address, dateOfBirth, email, firstName, lastName } from '../auth/schemas'
import { maxLength, maxSkillQuestions, tooLongMessage } from '../bounds'
import { competitionStatuses } from '../competition'
import { paymentStatuses } from '../entries'
import { entityId, text } from '../text'

/** SPEC section 2 "Entries": the platform-wide entries list, its details, refund and export. */

/** SPEC section 9: the admin entries list shows 15 rows a page. */
export const adminEntriesPageSize = 15

/** The list's query values: the page, the competition, the payment status and a search. */
export const adminEntriesQuery = z.object({
  page: text(6, 'Must be a page number from 1')
    .regex(/^[1-9][0-9]*$/, 'Must be a page number from 1')
    .optional(),
  competition: entityId.optional(),
  paymentStatus: z.enum(paymentStatuses, { message: 'Must be pending, paid, failed or refunded' }).optional(),
  /** An entry reference, or words of the entrant's name or email. */
  search: text(100, 'The search must be at most 100 characters').optional(),
})
export type AdminEntriesQuery = z.infer<typeof adminEntriesQuery>

/**
 * The payment statuses the admin sees: the entrant's, and `refund_pending` for an admin's refund
 * requested and not yet recorded (the provider is being asked, or the refund reactor completes it),
 * and `disputed` while a chargeback is open.
 */
export const adminPaymentStatuses = [...paymentStatuses, 'refund_pending', 'disputed'] as const

/** SPEC section 3 "Entry (admin)" row; the competition's id and status say whether it may be refunded. */
export const adminEntryRow = z.object({
  id: z.string(),
  entry_reference: z.string().nullable(),
  /** Null once the entrant is erased. */
  user_name: z.string().nullable(),
  competition_id: z.string(),
  competition_title: z.string(),
  /** Null while the competitions model has not caught up with a brand-new competition. */
  competition_status: z.enum(competitionStatuses).nullable(),
  number_of_entries: z.number().int().positive(),
  total_cost: z.number().nonnegative(),
  payment_status: z.enum(adminPaymentStatuses),
  entry_date: z.iso.datetime(),
  /** `postal` for the free route by post. */
  entry_method: z.enum(['online', 'postal']),
})
export type AdminEntryRow = z.infer<typeof adminEntryRow>

export const adminEntriesResponse = z.object({
  success: z.literal(true),
  entries: z.array(adminEntryRow),
  page: z.number().int().positive(),
  pageSize: z.literal(adminEntriesPageSize),
  /** Whether a next page exists (no count of every entry is taken per request). */
  hasMore: z.boolean(),
})
export type AdminEntriesResponse = z.infer<typeof adminEntriesResponse>

/** The entrant as the details show them; every field empty once they are erased. */
export const adminEntryUserDetails = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  erased: z.boolean(),
})

/** SPEC section 3 "Entry (admin)" details: the row, the answer, the entrant, tickets and history. */
export const adminEntryDetails = adminEntryRow.extend({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  skill_question_answer: z.string(),
  /** Null until the entry is paid and its answer marked. */
  answer_correct: z.boolean().nullable(),
  userDetails: adminEntryUserDetails,
  ticket_numbers: z.array(z.number().int().positive()),
  paid_at: z.iso.datetime().nullable(),
  refunded_at: z.iso.datetime().nullable(),
  refund_reason: z.string().nullable(),
  /** The entry's events (reservation, payment, refund), oldest first, with who did each and why. */
  history: z.array(competitionHistoryEntry),
})
export type AdminEntryDetails = z.infer<typeof adminEntryDetails>

export const adminEntryResponse = z.object({ success: z.literal(true), entry: adminEntryDetails })
export type AdminEntryResponse = z.infer<typeof adminEntryResponse>

/** A refund: the reason is required and kept in the event's metadata and the audit trail. */
export const adminRefundEntryRequest = z.object({
  reason: text(maxLength.reason, tooLongMessage('The reason', maxLength.reason))
    .trim()
    .min(1, 'Please give a reason'),
})
export type AdminRefundEntryRequest = z.infer<typeof adminRefundEntryRequest>

export const adminRefundEntryResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  refundId: z.string(),
  amount: z.number().nonnegative(),
})
export type AdminRefundEntryResponse = z.infer<typeof adminRefundEntryResponse>

/**
 * TEST MODE only (the offline provider): make the provider tell of a refund made at its end, a
 * chargeback opened, or one closed, as Stripe's webhook would; the platform follows it as it
 * follows Stripe's. With Stripe configured the endpoint does not exist (404).
 */
export const testPaymentEventTypes = [
  'charge.refunded',
  'charge.dispute.created',
  'charge.dispute.closed',
] as const
export const testPaymentEventRequest = z.discriminatedUnion('type', [
  z.object({ type: z.literal('charge.refunded') }),
  z.object({
    type: z.literal('charge.dispute.created'),
    reason: z
      .string()
      .regex(/^[a-z_]{1,64}$/, 'The reason is a provider reason code, like fraudulent')
      .default('fraudulent'),
  }),
  z.object({ type: z.literal('charge.dispute.closed'), outcome: z.enum(['won', 'lost']) }),
])
export type TestPaymentEventRequest = z.infer<typeof testPaymentEventRequest>

export const testPaymentEventResponse = z.object({
  success: z.literal(true),
  /** The provider's event id, as a webhook would carry it. */
  eventId: z.string(),
  /** What the platform made of it (see the command side's `followProviderEvent`). */
  outcome: z.enum(['recorded', 'unchanged', 'duplicate', 'unknown']),
})
export type TestPaymentEventResponse = z.infer<typeof testPaymentEventResponse>

export const adminEntryMessages = {
  refunded: 'Entry refunded',
  notFound: 'Entry not found',
  notPaid: 'Only a paid entry can be refunded',
  alreadyRefunded: 'This entry has already been refunded',
  competitionNotOpen: 'An entry can be refunded only while its competition is open or after it is cancelled',
  refundPending:
    'The refund is requested but the payment provider did not answer: it will be completed automatically',
  refundRefused:
    'The payment provider refused this refund (the charge is disputed, or cannot be refunded again). It is listed under System Info, Parked events, to retry or resolve',
  postalRecorded: 'Postal entry recorded',
} as const

/** Whether year, month and day name a day the calendar has (not 30 February). */
function isCalendarDay(year: number, month: number, day: number): boolean {
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day) // Date.UTC would read years 0-99 as 1900-1999
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

const receivedDay = /^(\d{4})-(\d{2})-(\d{2})$/
const receivedMoment =
  /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/

/**
 * A received date as the form sends it (`YYYY-MM-DD`) or an ISO moment with its offset, naming
 * a real calendar day (issue 23: `0`, `2026-02-30` were taken for dates). How early or late it
 * may be is the competition's rule (its start and end, and today).
 */
export function isReceivedDate(value: string): boolean {
  const parts = receivedDay.exec(value) ?? receivedMoment.exec(value)
  if (!parts) return false
  return isCalendarDay(Number(parts[1]), Number(parts[2]), Number(parts[3]))
}

/**
 * A free entry by post, as an admin records it from the envelope (issue 14): who sent it, their
 * date of birth (issue 24), their answer and the day it arrived. `idempotencyKey` is the form's own id (a UUID made when the
 * form opens): a second submission of the same form is answered by the entry the first made.
 */
export const adminPostalEntryRequest = z.object({
  idempotencyKey: z.uuid('The form has no valid id: open it again'),
  firstName,
  lastName,
  email,
  address,
  /** Issue 24: the sender's date of birth (`YYYY-MM-DD`), 18 or over as at registration. */
  dateOfBirth,
  answer: text(maxLength.option, 'Please select an answer').trim().min(1, 'Please select an answer'),
  /**
   * Issue 24: which question of the competition's pool the envelope answered (0 is the first);
   * absent for the first, as for a competition with one question.
   */
  questionIndex: z.coerce
    .number()
    .int()
    .min(0)
    .max(maxSkillQuestions - 1)
    .optional(),
  /** The day the envelope arrived, `YYYY-MM-DD` (taken as the end of that day, UK time aside) or a moment. */
  receivedAt: text(maxLength.date, 'Enter the date received')
    .trim()
    .refine(isReceivedDate, 'Enter the date received as a real date, such as 2030-01-09'),
})
export type AdminPostalEntryRequest = z.infer<typeof adminPostalEntryRequest>

export const adminPostalEntryResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  entry: z.object({
    id: z.string(),
    entryReference: z.string(),
    ticketNumbers: z.array(z.number().int().positive()),
    userId: z.string(),
  }),
})
export type AdminPostalEntryResponse = z.infer<typeof adminPostalEntryResponse>
