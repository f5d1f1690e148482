import { randomUUID } from 'node:crypto'
import {
  type CompetitionDetails,
  type CompetitionEvent,
  competitionStream,
  type EntryEvent,
  type EventMetadata,
} from '@prizes/contracts'
import type { NewEvent, RecordedEvent } from '@prizes/event-store'

export function competitionDetails(overrides: Partial<CompetitionDetails> = {}): CompetitionDetails {
  return {
    title: 'Win a Tesla Model 3',
    description: 'A brand new electric car',
    prize: 'Tesla Model 3 Long Range',
    prizeValuePence: 4_500_000,
    entryPricePence: 299,
    totalTickets: 1000,
    location: 'UK Wide',
    startDate: '2030-01-01T00:00:00.000Z',
    endDate: '2030-02-01T00:00:00.000Z',
    imageUrl: null,
    skillQuestion: {
      question: 'What is the capital of France?',
      options: ['London', 'Paris', 'Berlin', 'Madrid'],
      correct: 'Paris',
    },
    ...overrides,
  }
}

export function eventMetadata(occurredAt = '2030-01-01T09:00:00.000Z'): EventMetadata {
  return {
    eventId: randomUUID(),
    occurredAt,
    actor: { system: 'test' },
    correlationId: randomUUID(),
    causationId: randomUUID(),
    schemaVersion: 1,
  }
}

/** Every event on a competition's stream: its own, and its entries'. */
export type CompetitionStreamEvent = CompetitionEvent | EntryEvent

/** A competition-stream event ready to append, with metadata. */
export function competitionEvent(event: CompetitionStreamEvent, occurredAt?: string): NewEvent {
  return { type: event.type, data: event.data, metadata: eventMetadata(occurredAt) }
}

/**
 * Events as the store would record them, for tests that hand events straight to a projection:
 * revisions count per stream and positions count up across all of them.
 */
export function recorded(events: readonly CompetitionStreamEvent[], firstSequence = 1n): RecordedEvent[] {
  const revisions = new Map<string, bigint>()
  return events.map((event, index) => {
    const streamId = competitionStream(event.data.competitionId)
    const revision = (revisions.get(streamId) ?? -1n) + 1n
    revisions.set(streamId, revision)
    const sequence = firstSequence + BigInt(index)
    const metadata = eventMetadata(new Date(Date.UTC(2030, 0, 1, 9, index)).toISOString())
    return {
      id: metadata.eventId,
      type: event.type,
      data: event.data,
      metadata,
      streamId,
      revision,
      position: { commit: sequence, prepare: sequence },
      recordedAt: new Date(metadata.occurredAt),
    }
  })
}

/** The lifecycle after sales: closed (with a seal), the draw started, and its outcome. */
export function closedAndDrawn(
  competitionId: string,
  winner: { entryId: string; userId: string; ticket: number },
): CompetitionEvent[] {
  return [
    {
      type: 'CompetitionClosed',
      data: {
        competitionId,
        reason: 'end_date',
        seal: { eligibleTickets: winner.ticket, listHash: 'a'.repeat(64) },
        randomness: { source: 'drand', round: 1000 },
      },
    },
    { type: 'DrawStarted', data: { competitionId } },
    {
      type: 'DrawCompleted',
      data: {
        competitionId,
        seed: 'b'.repeat(64),
        publicRandomness: { source: 'drand', round: 1000, value: 'c0ffee' },
        winningTicket: winner.ticket,
        winningEntryId: winner.entryId,
        winnerUserId: winner.userId,
        attempts: 1,
      },
    },
  ]
}
