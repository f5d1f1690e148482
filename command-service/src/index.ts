export { type CommandAppOptions, createCommandApp } from './app'
export {
  type CommandHandler,
  type CommandHandlerOptions,
  createCommandHandler,
  type DomainEvent,
  type HandleResult,
  type StreamStore,
} from './command-handler'
export {
  type CompetitionResult,
  createCompetition,
  publishCompetition,
  reviseCompetition,
  setCompetitionFeatured,
} from './competitions/commands'
export { mapCommandError } from './errors'
export { type CommandContext, schemaVersion } from './event-metadata'
