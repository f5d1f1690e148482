import type { CompetitionDetails } from '@prizes/contracts'
import type { CommandMetadata } from '../command-metadata'
import type { StreamDecider } from '../decider'
import type { EntryCommand } from '../entry/commands'
import {
  allocateTickets,
  quoteEntry,
  recordPostalEntry,
  recordRefund,
  releaseReservation,
  requestRefund,
  reserveTickets,
} from '../entry/decide'
import { recordProviderChange } from '../entry/provider-change'
import { type CompetitionLifecycleEventType, nextStatus } from './competition.machine'
import { assertValidDetails } from './details'
import {
  CompetitionAlreadyExists,
  CompetitionEndDatePassed,
  CompetitionNotFound,
  InvalidTransition,
} from './errors'
import { type CompetitionEvent, decodeCompetitionEvent } from './events'
import {
  assertSeedCommitment,
  cancelCompetition,
  closeCompetition,
  completeDraw,
  extendEndDate,
  isUndersoldClose,
  type LifecycleCommand,
  resealAfterPostalEntry,
  startDraw,
} from './lifecycle'
import { competitionSnapshots } from './snapshot'
import { type Competition, type CompetitionState, evolve, initialState } from './state'
import { assertTermsKept } from './terms'

export interface CreateCompetition {
  readonly type: 'CreateCompetition'
  readonly data: { competitionId: string; details: CompetitionDetails; featured: boolean }
  readonly metadata: CommandMetadata
}

export interface ReviseCompetition {
  readonly type: 'ReviseCompetition'
  readonly data: { competitionId: string; details: CompetitionDetails }
  readonly metadata: CommandMetadata
}

export interface PublishCompetition {
  readonly type: 'PublishCompetition'
  /** sha256 (hex) of the secret draw seed the command side keeps until the draw. */
  readonly data: { competitionId: string; seedCommitment: string }
  readonly metadata: CommandMetadata
}

export interface SetCompetitionFeatured {
  readonly type: 'SetCompetitionFeatured'
  readonly data: { competitionId: string; featured: boolean }
  readonly metadata: CommandMetadata
}

export type CompetitionCommand =
  | CreateCompetition
  | ReviseCompetition
  | PublishCompetition
  | SetCompetitionFeatured
  | LifecycleCommand
  | EntryCommand

/** A deleted competition keeps its stream for auditors but is gone for every command. */
function existing(state: CompetitionState, competitionId: string): Competition {
  if (!state.exists || state.status === 'deleted') throw new CompetitionNotFound(competitionId)
  return state
}

function assertAllowed(competition: Competition, event: CompetitionLifecycleEventType): void {
  if (nextStatus(competition.status, event) === undefined) {
    throw new InvalidTransition(competition.status, event)
  }
}

/** The competition, when the lifecycle machine allows `event` from its status. */
function allowed(
  command: LifecycleCommand,
  state: CompetitionState,
  event: CompetitionLifecycleEventType,
): Competition {
  const competition = existing(state, command.data.competitionId)
  assertAllowed(competition, event)
  return competition
}

function createCompetition(command: CreateCompetition, state: CompetitionState): CompetitionEvent[] {
  const { competitionId, details, featured } = command.data
  if (state.exists) throw new CompetitionAlreadyExists(competitionId)
  assertValidDetails(details)
  return [{ type: 'CompetitionCreated', data: { competitionId, details, featured } }]
}

function reviseCompetition(command: ReviseCompetition, state: CompetitionState): CompetitionEvent[] {
  const { competitionId, details } = command.data
  const competition = existing(state, competitionId)
  assertAllowed(competition, 'competition.revise')
  assertValidDetails(details, competition.status === 'active' ? { liveAt: command.metadata.now } : {})
  assertTermsKept(competition, details)
  return [{ type: 'CompetitionRevised', data: { competitionId, details } }]
}

function publishCompetition(command: PublishCompetition, state: CompetitionState): CompetitionEvent[] {
  const { competitionId, seedCommitment } = command.data
  const competition = existing(state, competitionId)
  // Published already (a double click, two admins at once): nothing more to record, and the
  // first publication's commitment stands. Its seed is the one kept with it.
  if (competition.status === 'active') return []
  assertAllowed(competition, 'competition.publish')
  assertSeedCommitment(seedCommitment)
  const { endDate } = competition.details
  if (Date.parse(endDate) <= command.metadata.now.getTime()) {
    throw new CompetitionEndDatePassed(competitionId, endDate)
  }
  return [{ type: 'CompetitionPublished', data: { competitionId, seedCommitment } }]
}

function setCompetitionFeatured(
  command: SetCompetitionFeatured,
  state: CompetitionState,
): CompetitionEvent[] {
  const { competitionId, featured } = command.data
  const competition = existing(state, competitionId)
  // Asking for what is already true records nothing, so a double click leaves no noise in the log.
  if (competition.featured === featured) return []
  return [{ type: 'CompetitionFeaturedSet', data: { competitionId, featured } }]
}

export function decide(command: CompetitionCommand, state: CompetitionState): CompetitionEvent[] {
  switch (command.type) {
    case 'CreateCompetition':
      return createCompetition(command, state)
    case 'ReviseCompetition':
      return reviseCompetition(command, state)
    case 'PublishCompetition':
      return publishCompetition(command, state)
    case 'SetCompetitionFeatured':
      return setCompetitionFeatured(command, state)
    case 'CloseCompetition': {
      const competition = existing(state, command.data.competitionId)
      const undersold = isUndersoldClose(command, competition)
      return closeCompetition(
        command,
        allowed(command, state, undersold ? 'competition.markUndersold' : 'competition.close'),
      )
    }
    case 'ExtendEndDate':
      return extendEndDate(command, allowed(command, state, 'competition.extend'))
    case 'StartDraw':
      return startDraw(command, allowed(command, state, 'competition.startDraw'))
    case 'CompleteDraw':
      return completeDraw(command, allowed(command, state, 'competition.completeDraw'))
    case 'CancelCompetition':
      allowed(command, state, 'competition.cancel')
      return cancelCompetition(command)
    case 'DeleteCompetition':
      allowed(command, state, 'competition.delete')
      return [{ type: 'CompetitionDeleted', data: { competitionId: command.data.competitionId } }]
    case 'QuoteEntry':
      return quoteEntry(command, state)
    case 'RecordPostalEntry': {
      const recorded = recordPostalEntry(command, state)
      const after = recorded.reduce(evolve, state)
      if (recorded.length === 0 || !state.exists || !after.exists) return recorded
      const { randomness } = command.data
      return [...recorded, ...resealAfterPostalEntry(state, after, randomness, command.metadata.now)]
    }
    case 'ReserveTickets':
      return reserveTickets(command, state)
    case 'AllocateTickets':
      return allocateTickets(command, state)
    case 'ReleaseReservation':
      return releaseReservation(command, state)
    case 'RequestRefund':
      return requestRefund(command, state)
    case 'RecordRefund':
      return recordRefund(command, state)
    case 'RecordProviderChange':
      return recordProviderChange(command, state)
    default: {
      const unhandled: never = command
      throw new Error(`Unknown competition command ${JSON.stringify(unhandled)}`)
    }
  }
}

export const competitionDecider: StreamDecider<CompetitionCommand, CompetitionState, CompetitionEvent> = {
  decide,
  evolve,
  initialState,
  decodeEvent: decodeCompetitionEvent,
  snapshots: competitionSnapshots,
}
