import { inCodeMigrationSource } from '@prizes/platform'
import type { Knex } from 'knex'
import {
  offlineCardFunding,
  offlineDisputes,
  offlinePaymentBehaviours,
  offlinePaymentTables,
  offlineRefundRefusals,
} from '../offline/schema'

/**
 * The offline provider's tables alone, on a test database of their own; the platform gets them
 * from the command side's migrations, which run the same steps.
 */
export async function migrateOfflinePaymentTables(knex: Knex): Promise<void> {
  const steps = [
    offlinePaymentTables,
    offlinePaymentBehaviours,
    offlineCardFunding,
    offlineRefundRefusals,
    offlineDisputes,
  ]
  await knex.migrate.latest({
    migrationSource: inCodeMigrationSource(
      'offline-payments',
      steps.map((step, index) => [String(index).padStart(4, '0'), step] as const),
    ),
    tableName: 'offline_payment_migrations',
  })
}
