export { readProjectionCheckpoints } from './checkpoints'
export { migrateReadModels, readModelMigrationSource } from './migrations/index'
export { type ProjectionCheckpointRow, projectionCheckpointsTable } from './tables/checkpoints'
export {
  type CompetitionEventRow,
  competitionEventCountsTable,
  competitionEventsTable,
} from './tables/competition-events'
export { type CompetitionRow, competitionsTable } from './tables/competitions'
export {
  type ContactMessageEventRow,
  type ContactMessageRow,
  contactMessageEventsTable,
  contactMessagesTable,
} from './tables/contact-messages'
export {
  type DrawCertificateEntryRow,
  type DrawCertificateRow,
  drawCertificateEntriesTable,
  drawCertificatesTable,
} from './tables/draw-certificates'
export { type DrawRow, drawsTable } from './tables/draws'
export {
  type EntryLifecycle,
  type EntryPaymentStatus,
  type EntryRow,
  entriesTable,
  entryLifecycle,
} from './tables/entries'
export { type ParkedEventActionRow, parkedEventActionsTable } from './tables/parked-event-actions'
export { type UserResponsiblePlayRow, userResponsiblePlayTable } from './tables/responsible-play'
export { type SettingsHistoryRow, settingsHistoryTable } from './tables/settings-history'
export { type UserRow, usersTable } from './tables/users'
