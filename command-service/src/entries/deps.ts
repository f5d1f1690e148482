import type { PaymentProvider } from '@prizes/payments'
import type { Logger } from '@prizes/platform'
import type { Knex } from 'knex'
import type { CommandHandler, StreamStore } from '../command-handler'

/** What the entry use cases need: the log, the command-side tables and the payment provider. */
export interface EntryDeps {
  readonly handler: CommandHandler
  readonly store: StreamStore
  /** `entry_reference_seq` and `idempotency_keys` (`migrateCommandTables` must have run). */
  readonly knex: Knex
  readonly payments: PaymentProvider
  readonly logger: Logger
  /** How long tickets stay reserved for an unpaid entry (RESERVATION_MINUTES); 10 unless given. */
  readonly reservationMinutes?: number
  /** The `<PREFIX>` of entry references (ENTRY_REFERENCE_PREFIX); PRZ unless given. */
  readonly referencePrefix?: string
  /**
   * The one-time-token secret keys the person hashes (`play_people`): given, an account made
   * before they were kept gets its row at its first purchase, so its person's breaks hold.
   */
  readonly secrets?: { readonly oneTimeTokens: Buffer }
}

export const defaultReservationMinutes = 10
export const defaultReferencePrefix = 'PRZ'
