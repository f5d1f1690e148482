import { type CompetitionEvent, type CompetitionEventType, competitionEvents } from '@prizes/contracts'
import type { StoredEvent } from '../decider'

export type { CompetitionEvent, CompetitionEventType }

function isCompetitionEventType(type: string): type is CompetitionEventType {
  return Object.hasOwn(competitionEvents, type)
}

/**
 * A stored competition event, validated against its contract schema. Unknown types answer
 * undefined (see `EventDecoder`); known types with bad data throw, because a stream that breaks
 * its own contract must stop the command rather than be silently misread.
 */
export function decodeCompetitionEvent(stored: StoredEvent): CompetitionEvent | undefined {
  const { type } = stored
  if (!isCompetitionEventType(type)) return undefined
  switch (type) {
    case 'CompetitionCreated':
      return { type, data: competitionEvents.CompetitionCreated.parse(stored.data) }
    case 'CompetitionRevised':
      return { type, data: competitionEvents.CompetitionRevised.parse(stored.data) }
    case 'CompetitionPublished':
      return { type, data: competitionEvents.CompetitionPublished.parse(stored.data) }
    case 'CompetitionFeaturedSet':
      return { type, data: competitionEvents.CompetitionFeaturedSet.parse(stored.data) }
    default: {
      const unhandled: never = type
      throw new Error(`No decoder for competition event ${String(unhandled)}`)
    }
  }
}
