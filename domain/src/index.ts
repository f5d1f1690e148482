export {
  type CompetitionLifecycleEvent,
  type CompetitionLifecycleEventType,
  type CompetitionLifecycleStatus,
  canTransition,
  competitionLifecycleEventTypes,
  competitionLifecycleStatuses,
  competitionMachine,
  nextStatus,
  targetStatus,
} from './competition/competition.machine'
export {
  type CommandMetadata,
  type CompetitionCommand,
  type CreateCompetition,
  competitionDecider,
  decide,
  type PublishCompetition,
  type ReviseCompetition,
  type SetCompetitionFeatured,
} from './competition/decide'
export { assertValidDetails } from './competition/details'
export {
  CompetitionAlreadyExists,
  CompetitionEndDatePassed,
  type CompetitionError,
  CompetitionNotFound,
  InvalidCompetitionDetails,
  InvalidTransition,
  isCompetitionError,
} from './competition/errors'
export {
  type CompetitionEvent,
  type CompetitionEventType,
  decodeCompetitionEvent,
} from './competition/events'
export {
  type Competition,
  type CompetitionState,
  evolve,
  initialState,
  type NoCompetition,
} from './competition/state'
export type { Decider, EventDecoder, StoredEvent, StreamDecider } from './decider'
export { DomainError } from './domain-error'
export * from './rules'
