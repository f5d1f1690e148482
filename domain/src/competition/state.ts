import type { CompetitionDetails, DrawSeal, SealedRandomness } from '@prizes/contracts'
import { emptyMap, type PersistentMap } from '../collections/persistent-map'
import { type Entries, evolveEntries, noEntries } from '../entry/state'
import type { CompetitionLifecycleStatus } from './competition.machine'
import type { CompetitionEvent } from './events'
import { createdStatus, statusAfter } from './recorded-status'

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
   * What closing fixed: the seal and the public randomness named. The list itself is not kept:
   * between close and draw no entry can join it or leave it (allocations need an open
   * competition, refunds of drawn tickets wait for the draw), so the draw rebuilds it from the
   * entries and checks it against the seal.
   */
  readonly sealed: { readonly seal: DrawSeal; readonly randomness: SealedRandomness } | null
  /**
   * Entries refunded or disputed while sealed, which the list still holds: refunds and disputes
   * at the provider after the close (and our own refunds on streams written before those were
   * refused); see `eligibleFromEntries`.
   */
  readonly refundedWhileSealed: PersistentMap<true>
  /** Whether an undersold end date was extended: it may be, once. */
  readonly endDateExtended: boolean
  /** The entry the draw picked; null until the draw completes. */
  readonly winningEntryId: string | null
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
 * corrupt stream could hold, leaves it unchanged. The status each fact leaves is the lifecycle
 * machine's (`statusAfter`), never written here.
 */
export function evolve(state: CompetitionState, event: CompetitionEvent): CompetitionState {
  if (event.type === 'CompetitionCreated') {
    const { competitionId, details, featured } = event.data
    return {
      exists: true,
      competitionId,
      status: createdStatus(),
      details,
      featured,
      seedCommitment: null,
      sealed: null,
      refundedWhileSealed: emptyMap(),
      endDateExtended: false,
      winningEntryId: null,
      ...noEntries,
    }
  }
  if (!state.exists) return state
  switch (event.type) {
    case 'CompetitionRevised':
      return { ...state, details: event.data.details }
    case 'CompetitionPublished':
      return {
        ...state,
        status: statusAfter(state.status, event),
        seedCommitment: event.data.seedCommitment ?? null,
      }
    case 'CompetitionFeaturedSet':
      return { ...state, featured: event.data.featured }
    case 'CompetitionClosed': {
      const { seal, randomness } = event.data
      return { ...state, status: statusAfter(state.status, event), sealed: { seal, randomness } }
    }
    case 'CompetitionUndersold':
      return { ...state, status: statusAfter(state.status, event) }
    case 'CompetitionEndDateExtended':
      return {
        ...state,
        status: statusAfter(state.status, event),
        details: { ...state.details, endDate: event.data.endDate },
        endDateExtended: true,
      }
    case 'DrawCompleted':
      return { ...state, status: statusAfter(state.status, event), winningEntryId: event.data.winningEntryId }
    case 'DrawStarted':
    case 'CompetitionCancelled':
    case 'CompetitionDeleted':
      return { ...state, status: statusAfter(state.status, event) }
    case 'EntryRefunded':
    case 'EntryDisputed': {
      // Only a paid entry refunded (at the provider) or disputed while sealed is still on the
      // list; one whose refund was requested, or which was disputed, before the close never was.
      const sealedNow = state.status === 'closed' || state.status === 'drawing'
      const wasPaid = state.entries.get(event.data.entryId)?.status === 'paid'
      const refundedWhileSealed =
        sealedNow && wasPaid
          ? state.refundedWhileSealed.set(event.data.entryId, true)
          : state.refundedWhileSealed
      return { ...state, ...evolveEntries(state, event), refundedWhileSealed }
    }
    case 'TicketsReserved':
    case 'PostalEntryRecorded':
    case 'ReservationReleased':
    case 'TicketsAllocated':
    case 'PaymentRefundDue':
    case 'PaymentVoidDue':
    case 'EntryRefundRequested':
    case 'EntryDisputeClosed':
      return { ...state, ...evolveEntries(state, event) }
    default: {
      const unhandled: never = event
      throw new Error(`evolve does not handle ${JSON.stringify(unhandled)}`)
    }
  }
}
