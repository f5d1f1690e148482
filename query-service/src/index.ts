export { createQueryApp, type QueryAppOptions } from './app'
export { penceToPounds, toAdminCompetition, toPublicCompetition } from './competitions/mapper'
export { competitionPages } from './competitions/pages'
export type { CompetitionRow } from './competitions/rows'
