export { readCheckpoint } from './checkpoints'
export { competitionEventsProjection } from './competition-events/projection'
export { drawCertificatesProjection } from './draw-certificates/projection'
export { drawsProjection } from './draws/projection'
export { parkedEventActionsProjection } from './parked-events/projection'
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

export { settingsHistoryProjection } from './settings/projection'
export { statsProjection } from './stats/projection'
export { usersProjection } from './users/projection'
