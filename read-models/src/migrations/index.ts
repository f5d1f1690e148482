import { inCodeMigrationSource } from '@prizes/platform'
import type { Knex } from 'knex'
import { projectionCheckpoints } from './0001-projection-checkpoints'
import { competitions } from './0002-competitions'
import { entries } from './0003-entries'
import { entriesWon } from './0004-entries-won'
import { deletionsDrawsEvents } from './0005-deletions-draws-events'
import { usersAndAudit } from './0006-users-and-audit'
import { competitionDrawCommitments } from './0007-competition-draw-commitments'
import { projectionStatus } from './0009-projection-status'
import { uniqueEntryReferences } from './0010-unique-entry-references'
import { drawCertificates } from './0011-draw-certificates'
import { usersAdminList } from './0012-users-admin-list'
import { platformStats } from './0013-platform-stats'
import { adminEntries } from './0015-admin-entries'
import { competitionsByTicketsSold } from './0016-competitions-by-tickets-sold'
import { settingsHistory } from './0017-settings-history'
import { entriesRefundPending } from './0019-entries-refund-pending'
import { competitionCounters } from './0020-competition-counters'
import { contactAndNewsletter } from './0030-contact-and-newsletter'
import { responsiblePlay } from './0040-responsible-play'
import { postalEntriesAndCaps } from './0050-postal-entries-and-caps'
import { undersoldCompetitions } from './0060-undersold-competitions'
import { competitionsAdminList } from './0061-competitions-admin-list'
import { heldForReview } from './0065-held-for-review'
import { competitionRandomnessSigned } from './0070-competition-randomness-signed'
import { entriesDisputed } from './0070-entries-disputed'
import { competitionQuestionPool } from './0075-competition-question-pool'
import { competitionFreeTickets } from './0080-competition-free-tickets'
import { winnersPage } from './0085-winners-page'
import { complaintDeadlines } from './0090-complaint-deadlines'
import { parkedEventActions } from './0095-parked-event-actions'

/** In order. Never edit one that has shipped: add the next. */
export const readModelMigrationSource = inCodeMigrationSource('read-model', [
  ['0001-projection-checkpoints', projectionCheckpoints],
  ['0002-competitions', competitions],
  ['0003-entries', entries],
  ['0004-entries-won', entriesWon],
  ['0005-deletions-draws-events', deletionsDrawsEvents],
  ['0006-users-and-audit', usersAndAudit],
  ['0007-competition-draw-commitments', competitionDrawCommitments],
  ['0009-projection-status', projectionStatus],
  ['0010-unique-entry-references', uniqueEntryReferences],
  ['0011-draw-certificates', drawCertificates],
  ['0012-users-admin-list', usersAdminList],
  ['0013-platform-stats', platformStats],
  ['0015-admin-entries', adminEntries],
  ['0016-competitions-by-tickets-sold', competitionsByTicketsSold],
  ['0017-settings-history', settingsHistory],
  ['0019-entries-refund-pending', entriesRefundPending],
  ['0020-competition-counters', competitionCounters],
  ['0030-contact-and-newsletter', contactAndNewsletter],
  ['0040-responsible-play', responsiblePlay],
  ['0050-postal-entries-and-caps', postalEntriesAndCaps],
  ['0060-undersold-competitions', undersoldCompetitions],
  ['0061-competitions-admin-list', competitionsAdminList],
  ['0065-held-for-review', heldForReview],
  ['0070-competition-randomness-signed', competitionRandomnessSigned],
  ['0070-entries-disputed', entriesDisputed],
  ['0075-competition-question-pool', competitionQuestionPool],
  ['0080-competition-free-tickets', competitionFreeTickets],
  ['0085-winners-page', winnersPage],
  ['0090-complaint-deadlines', complaintDeadlines],
  ['0095-parked-event-actions', parkedEventActions],
])

/**
 * Brings the read-model schema up to date. Its own bookkeeping table keeps it apart from any
 * other knex migrations (command-side tables) in the same database.
 */
export async function migrateReadModels(knex: Knex): Promise<void> {
  await knex.migrate.latest({ migrationSource: readModelMigrationSource, tableName: 'read_model_migrations' })
}
