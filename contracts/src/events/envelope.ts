import { z } from 'zod'

/** Who caused an event: a person with a role, or a named system process. */
export const actor = z.union([
  z.object({ userId: z.string(), role: z.enum(['user', 'admin']) }),
  z.object({ system: z.string() }),
])
export type Actor = z.infer<typeof actor>

/** Metadata on every event (DESIGN section 5). */
export const eventMetadata = z.object({
  eventId: z.string().uuid(),
  occurredAt: z.string().datetime(),
  actor,
  correlationId: z.string(),
  causationId: z.string(),
  schemaVersion: z.number().int().positive(),
  /** Why an admin did it, when they said. */
  reason: z.string().optional(),
})
export type EventMetadata = z.infer<typeof eventMetadata>
