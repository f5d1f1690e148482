export { readCheckpoint } from './checkpoints'
export {
  type CompetitionEventRow,
  competitionEventsProjection,
  competitionEventsTable,
} from './competition-events/projection'
export { type CompetitionRow, competitionsTable } from './competitions/sql'
export {
  type DrawCertificateRow,
  drawCertificateEntriesTable,
  drawCertificatesProjection,
  drawCertificatesTable,
} from './draw-certificates/projection'
export { type DrawRow, drawsProjection, drawsTable } from './draws/projection'
export { type EntryLifecycle, type EntryRow, entriesTable } from './entries/sql'
export { migrateReadModels, readModelMigrationSource } from './migrations/index'
export {
  type ParkedEventActionRow,
  parkedEventActionsProjection,
  parkedEventActionsTable,
} from './parked-events/projection'
export { eventTime, type Projection } from './projection'
export { allProjections } from './projections'
export {
  type RebuildOptions,
  type RebuildProgress,
  type RebuildSummary,
  rebuildProjections,
  selectProjections,
  UnknownProjection,
} from './rebuild/rebuild'
export { type RunningProjections, type StartProjectionsOptions, startProjections } from './runner'

export {
  type SettingsHistoryRow,
  settingsHistoryProjection,
  settingsHistoryTable,
} from './settings/projection'
export { statsProjection } from './stats/projection'
export { type UserRow, usersProjection, usersTable } from './users/projection'
