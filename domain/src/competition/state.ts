import type { CompetitionDetails, DrawSeal, SealedRandomness } from '@prizes/contracts'
import { type EligibleTicket, eligibleFromEntries } from '../draw/eligible'
import { type Entries, evolveEntries, noEntries } from '../entry/state'
import type { CompetitionLifecycleStatus } from './competition.machine'
import type { CompetitionEvent } from './events'

/** A competition with its entries (sub-entities) and ticket counters. */
export interface Competition extends Entries {
  readonly exists: true
  readonly competitionId: string
  readonly status: CompetitionLifecycleStatus
  readonly details: CompetitionDetails
  readonly featured: boolean
  /** sha256 (hex) of the draw seed, from publication; null for a stream published before draws. */
  readonly seedCommitment: string | null
  /**
   * What closing fixed: the seal, the public randomness named, and the eligible list as it
   * stood then (the draw uses it, whatever happens to entries afterwards).
   */
  readonly sealed: {
    readonly seal: DrawSeal
    readonly randomness: SealedRandomness
    readonly list: readonly EligibleTicket[]
  } | null
}

/** A stream with no events yet: the competition does not exist. */
export interface NoCompetition {
  readonly exists: false
}

export type CompetitionState = NoCompetition | Competition

export const initialState: CompetitionState = { exists: false }

/**
 * Applies a recorded fact. Facts are not re-validated here (`decide` checked them before they
 * were written), so evolve never throws; an event that cannot apply to the state, which only a
 * corrupt stream could hold, leaves it unchanged.
 */
export function evolve(state: CompetitionState, event: CompetitionEvent): CompetitionState {
  if (event.type === 'CompetitionCreated') {
    const { competitionId, details, featured } = event.data
    return {
      exists: true,
      competitionId,
      status: 'draft',
      details,
      featured,
      seedCommitment: null,
      sealed: null,
      ...noEntries,
    }
  }
  if (!state.exists) return state
  switch (event.type) {
    case 'CompetitionRevised':
      return { ...state, details: event.data.details }
    case 'CompetitionPublished':
      return { ...state, status: 'active', seedCommitment: event.data.seedCommitment ?? null }
    case 'CompetitionFeaturedSet':
      return { ...state, featured: event.data.featured }
    case 'CompetitionClosed': {
      const { seal, randomness } = event.data
      return { ...state, status: 'closed', sealed: { seal, randomness, list: eligibleFromEntries(state) } }
    }
    case 'DrawStarted':
      return { ...state, status: 'drawing' }
    case 'DrawCompleted':
      return { ...state, status: 'completed' }
    case 'CompetitionCancelled':
      return { ...state, status: 'cancelled' }
    case 'CompetitionDeleted':
      return { ...state, status: 'deleted' }
    case 'TicketsReserved':
    case 'ReservationReleased':
    case 'TicketsAllocated':
    case 'PaymentRefundDue':
    case 'EntryRefunded':
      return { ...state, ...evolveEntries(state, event) }
    default: {
      const unhandled: never = event
      throw new Error(`evolve does not handle ${JSON.stringify(unhandled)}`)
    }
  }
}
