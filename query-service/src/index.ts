export { createQueryApp, type QueryAppOptions } from './app'
export { penceToPounds, toAdminCompetition, toPublicCompetition } from './competitions/mapper'
export type { CompetitionRow } from './competitions/rows'
