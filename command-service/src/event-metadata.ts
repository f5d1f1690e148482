import { randomUUID } from 'node:crypto'
import type { Actor, EventMetadata } from '@prizes/contracts'

/** Who issues a command, when, and why: becomes the envelope of every event it produces. */
export interface CommandContext {
  readonly actor: Actor
  /** The moment of the command; deciders see it too, so `occurredAt` and rules agree. */
  readonly now: Date
  /** The request or process this command belongs to; generated when absent. */
  readonly correlationId?: string
  /** The message that caused this command; the correlation id when absent. */
  readonly causationId?: string
  /** An admin's stated reason, kept for the audit trail. */
  readonly reason?: string
}

/** Current version of the envelope and of every event's data; upcasters key off it later. */
export const schemaVersion = 1

/**
 * A factory of envelopes for one command: the correlation and causation ids are fixed once, so
 * every event of the command (and of its retries) shares them; each event gets its own id.
 */
export function envelopeFactory(context: CommandContext): () => EventMetadata {
  const correlationId = context.correlationId ?? randomUUID()
  const causationId = context.causationId ?? correlationId
  const occurredAt = context.now.toISOString()
  return () => ({
    eventId: randomUUID(),
    occurredAt,
    actor: context.actor,
    correlationId,
    causationId,
    schemaVersion,
    ...(context.reason === undefined ? {} : { reason: context.reason }),
  })
}
