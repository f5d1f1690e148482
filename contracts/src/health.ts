import { z } from 'zod'

/**
 * `ok`: keeping up. `failing`: a reactor retrying an event (it calls outside systems, so it keeps
 * trying). `stuck`: a projection stopped on an event it cannot store, or a reactor failing for
 * longer than the service tolerates; the answer is then 503.
 */
export const consumerStatuses = ['ok', 'failing', 'stuck'] as const
export type ConsumerStatus = (typeof consumerStatuses)[number]

/** Why a consumer is failing or stuck. The event's id and the error text go to admins only. */
export const consumerFailure = z.object({
  /** When it began failing; null when not known. */
  since: z.string().nullable(),
  /** The log position of the event it fails on (`commit/prepare`). */
  position: z.string().nullable(),
  eventType: z.string().optional(),
  eventId: z.string().optional(),
  error: z.string().optional(),
})
export type ConsumerFailure = z.infer<typeof consumerFailure>

/** One projection or reactor, as `/api/health` measured it. */
export const consumerHealth = z.object({
  name: z.string(),
  status: z.enum(consumerStatuses),
  /** The last event it dealt with (`commit/prepare`); null before its first. */
  position: z.string().nullable(),
  /** Events it handles that lie after its position, counted up to a cap. */
  lagEvents: z.number().int().nonnegative(),
  /** More events wait than were counted (`lagEvents` is the cap). */
  lagCapped: z.boolean(),
  /** How long the oldest event waiting for it has been in the log; 0 when none waits. */
  lagMs: z.number().int().nonnegative(),
  failure: consumerFailure.nullable(),
  /**
   * Reactors only: the events it parked that no admin has retried or resolved yet, counted up to
   * 1000. A parked event does not make the answer 503 (the reactor has moved past it); it waits
   * in the admin's Parked events list.
   */
  parked: z.number().int().nonnegative().optional(),
  /**
   * The process running it, which holds its lease (`<process> <host>:<pid>`); null when no
   * process holds it, so nothing runs it. For admins only.
   */
  holder: z.string().nullable().optional(),
})
export type ConsumerHealth = z.infer<typeof consumerHealth>

/** The mail outbox: emails waiting to be sent (retries included) and those that gave up. */
export const emailHealth = z.object({
  pending: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  /** When the oldest pending email was queued; null when none waits. */
  oldestPendingAt: z.string().nullable(),
})
export type EmailHealth = z.infer<typeof emailHealth>

/** Whether the database answered the health check in time, and if not why (e.g. `timeout after 2000 ms`). */
export const databaseHealth = z.object({
  ok: z.boolean(),
  reason: z.string().optional(),
})
export type DatabaseHealthReport = z.infer<typeof databaseHealth>

/**
 * DESIGN section 9: each projection and reactor, and 503 (`success: false`) while one is stuck
 * (`stuck`) or the database does not answer (`unavailable`: nothing else could be measured, so
 * both lists are empty).
 */
export const healthResponse = z.object({
  success: z.boolean(),
  status: z.enum(['ok', 'stuck', 'unavailable']),
  database: databaseHealth,
  /** When this was measured; answers are reused for about a second. */
  checkedAt: z.string(),
  projections: z.array(consumerHealth),
  reactors: z.array(consumerHealth),
  /** Absent while the command-side tables are not migrated yet. Failed emails do not make it 503. */
  emails: emailHealth.optional(),
})
export type HealthResponse = z.infer<typeof healthResponse>
