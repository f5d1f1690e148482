export { adminEntriesRouter } from './admin/entries-routes'
export { createQueryApp, type QueryAppOptions } from './app'
export { penceToPounds, toAdminCompetition, toPublicCompetition } from './competitions/mapper'
export { competitionPages } from './competitions/pages'
export { type CompetitionReadRow, publicListLimit, recentlyDrawnDays } from './competitions/rows'
export { toUserEntry } from './entries/mapper'
export type { UserEntryRow } from './entries/rows'
export { defaultLiveLimits, type LiveLimits } from './live/hub'
export {
  type LiveCompetitions,
  type LiveCompetitionsOptions,
  startLiveCompetitions,
} from './live/live-competitions'
export { lookUpPeople } from './users/directory'
