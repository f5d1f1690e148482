import { z } from 'zod'
import { maxLength } from '../bounds'

/**
 * An admin's action on an event a reactor parked (issue 23), recorded in the log like every
 * admin command: the envelope says who (`actor`) and, for a resolution, why (`reason`). The
 * parked row on the command side says what is open; these say what an admin did about it.
 */
const parkedEventAction = {
  /** The command-side row's id, as the admin's list shows it. */
  parkedEventId: z.string().max(20),
  /** The reactor that parked it. */
  consumer: z.string().max(200),
  eventId: z.string().max(100),
  eventType: z.string().max(200),
  streamId: z.string().max(400),
}

export const parkedEventEvents = {
  /** A retry ran the reactor's handler again: `handled` resolved it, `failed` left it parked. */
  ParkedEventRetried: z.object({
    ...parkedEventAction,
    outcome: z.enum(['handled', 'failed']),
    /** Why it failed again (the error's start), when it did. */
    failure: z.string().max(maxLength.reason).nullable(),
  }),
  /** Resolved by hand; the reason is the envelope's. */
  ParkedEventResolved: z.object(parkedEventAction),
} as const

export type ParkedEventEventType = keyof typeof parkedEventEvents
export type ParkedEventEvent = {
  [K in ParkedEventEventType]: { type: K; data: z.infer<(typeof parkedEventEvents)[K]> }
}[ParkedEventEventType]

/** One stream per reactor and event it parked: every admin action on it, in order. */
export const parkedEventStream = (consumer: string, eventId: string): string =>
  `parked-event-${consumer}-${eventId}`
export const parkedEventStreamPrefix = 'parked-event-'
