import { offlinePaymentBehaviours, offlinePaymentTables, offlineRefundRefusals } from '@prizes/payments'
import { inCodeMigrationSource } from '@prizes/platform'
import type { Knex } from 'knex'
import { userTables } from './0001-user-tables'
import { authTables } from './0002-auth-tables'
import { entryTables } from './0200-entry-tables'
import { drawSeedTables } from './0300-draw-seeds'
import { entryReferenceFloor } from './0400-entry-reference-floor'
import { mailOutboxTables } from './0500-mail-outbox'
import { signInAddresses } from './0600-sign-in-addresses'
import { userErasureRefunds } from './0700-user-erasure-refunds'
import { mailOutboxAdmin } from './0900-mail-outbox-admin'
import { suppressedEmails } from './1000-suppressed-emails'
import { newsletterAndContact } from './1100-newsletter-and-contact'
import { spendingLedger } from './1400-spending-ledger'
import { creditCardLimit } from './1700-credit-card-limit'
import { providerEvents } from './1830-provider-events'
import { playPeople } from './1850-play-people'
import { drawSeedCommitments } from './2300-draw-seed-commitments'
import { endedSessions } from './2300-ended-sessions'
import { drawResultEntries } from './2400-draw-result-entries'

/**
 * In order. Never edit one that has shipped: add the next. The offline payment provider's tables
 * are its own package's steps (`@prizes/payments`), run here under the names they shipped with.
 */
export const commandMigrationSource = inCodeMigrationSource('command-side', [
  ['0001-user-tables', userTables],
  ['0002-auth-tables', authTables],
  ['0100-payments', offlinePaymentTables],
  ['0200-entry-tables', entryTables],
  ['0300-draw-seeds', drawSeedTables],
  ['0400-entry-reference-floor', entryReferenceFloor],
  ['0500-mail-outbox', mailOutboxTables],
  ['0600-sign-in-addresses', signInAddresses],
  ['0700-user-erasure-refunds', userErasureRefunds],
  ['0900-mail-outbox-admin', mailOutboxAdmin],
  ['1000-suppressed-emails', suppressedEmails],
  ['1100-newsletter-and-contact', newsletterAndContact],
  ['1310-offline-payment-behaviours', offlinePaymentBehaviours],
  ['1400-spending-ledger', spendingLedger],
  ['1700-credit-card-limit', creditCardLimit],
  ['1800-offline-refund-refusals', offlineRefundRefusals],
  ['1830-provider-events', providerEvents],
  ['1850-play-people', playPeople],
  ['2300-draw-seed-commitments', drawSeedCommitments],
  ['2300-ended-sessions', endedSessions],
  ['2400-draw-result-entries', drawResultEntries],
])

/**
 * Brings the command-side tables up to date. Their own bookkeeping table keeps them apart from
 * the read-model migrations in the same database; knex's lock table makes two instances
 * starting at once take turns.
 */
export async function migrateCommandTables(knex: Knex): Promise<void> {
  await knex.migrate.latest({ migrationSource: commandMigrationSource, tableName: 'command_migrations' })
}
