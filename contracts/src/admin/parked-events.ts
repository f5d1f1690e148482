import { z } from 'zod'
import { maxLength, tooLongMessage } from '../bounds'
import { text } from '../text'

/**
 * Events a reactor parked (issue 23): it could not handle one after its attempts (or the
 * provider refused a refund for good, e.g. a disputed charge), so it moved on and left the event
 * for an admin, who retries it once the cause is fixed or resolves it by hand with a reason.
 */

export const parkedEventStatuses = ['open', 'resolved', 'all'] as const
export type ParkedEventStatus = (typeof parkedEventStatuses)[number]

/** The list shows this many a page, newest first. */
export const parkedEventsPageSize = 20
/** The deepest page served: the list is for acting on, not for reading the whole history. */
export const parkedEventsMaxPage = 500

const pageNumber = 'Must be a page number from 1 to 500'

export const parkedEventsQuery = z.object({
  status: z.enum(parkedEventStatuses, { message: 'Must be open, resolved or all' }).optional(),
  page: text(3, pageNumber)
    .regex(/^[1-9][0-9]*$/, pageNumber)
    .refine((page) => Number(page) <= parkedEventsMaxPage, pageNumber)
    .optional(),
})
export type ParkedEventsQuery = z.infer<typeof parkedEventsQuery>

export const parkedEventParams = z.object({
  id: text(18, 'Must be a parked event id').regex(/^[1-9][0-9]*$/, 'Must be a parked event id'),
})

/** One parked event as the admin sees it. */
export const parkedEvent = z.object({
  id: z.string(),
  /** The reactor that parked it. */
  consumer: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  streamId: z.string(),
  /** Its place in the log (`commit/prepare`). */
  position: z.string(),
  /** Why it could not be handled (the last error's start). */
  reason: z.string(),
  attempts: z.number().int().nonnegative(),
  parkedAt: z.iso.datetime(),
  lastRetriedAt: z.iso.datetime().nullable(),
  /** An admin's retry is running it now. */
  retrying: z.boolean(),
  resolvedAt: z.iso.datetime().nullable(),
  /** The admin's user id who resolved it (by a retry or by hand). */
  resolvedBy: z.string().nullable(),
  /** `retried`: a retry handled it; `resolved`: an admin resolved it by hand, saying why. */
  resolution: z.enum(['retried', 'resolved']).nullable(),
  resolutionReason: z.string().nullable(),
})
export type ParkedEvent = z.infer<typeof parkedEvent>

export const parkedEventsResponse = z.object({
  success: z.literal(true),
  events: z.array(parkedEvent),
  page: z.number().int().positive(),
  pageSize: z.literal(parkedEventsPageSize),
  /** Whether a next page exists (no count of every parked event is taken per request). */
  hasMore: z.boolean(),
})
export type ParkedEventsResponse = z.infer<typeof parkedEventsResponse>

export const parkedEventActionResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  event: parkedEvent,
})
export type ParkedEventActionResponse = z.infer<typeof parkedEventActionResponse>

export const resolveParkedEventRequest = z.object({
  reason: text(maxLength.reason, tooLongMessage('The reason', maxLength.reason))
    .trim()
    .min(1, 'Please give a reason'),
})
export type ResolveParkedEventRequest = z.infer<typeof resolveParkedEventRequest>

export const parkedEventMessages = {
  notFound: 'Parked event not found',
  alreadyResolved: 'This parked event is already resolved',
  busy: 'A retry of this event is running; try again in a moment',
  notRetryable: 'This reactor cannot be retried from here; resolve it by hand once dealt with',
  retried: 'Retried: the event was handled and is resolved',
  stillFailing: 'Retried, but it failed again; it stays parked with the new reason',
  resolved: 'Resolved',
  loadFailed: 'Failed to load the parked events',
  actionFailed: 'Failed to act on the parked event',
} as const
