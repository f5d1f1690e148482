import type { EventStore } from '@prizes/event-store'
import type { Logger } from '@prizes/platform'
import type { Knex } from 'knex'
import type { MailOutbox } from '../../mail/outbox'
import type { PaymentProvider } from '../../payments/port'
import type { RunningReactor } from '../runner'
import type { UserKeyReader } from '../user-keys'
import { startEntryConfirmationReactor } from './confirmation-reactor'
import type { EntryCommands } from './entry-commands'
import { startReservationExpiry } from './expiry-reactor'
import { startRefundReactor } from './refund-reactor'

export interface EntryReactorsOptions {
  readonly store: EventStore
  /** The command-side database (`migrateCommandTables` and `migrateReactorTables` have run). */
  readonly knex: Knex
  readonly logger: Logger
  readonly payments: PaymentProvider
  /** Where their emails are queued; a sender (`startMailSender`) sends them. */
  readonly outbox: MailOutbox
  readonly publicUrl: string
  /** `entryCommandsOf(entryDeps)`. */
  readonly commands: EntryCommands
  /** `allocatePaidEntry(entryDeps, ...)`: the same allocation the webhook runs. */
  readonly onSucceeded: (paymentIntentId: string) => Promise<void>
  readonly userKeys?: UserKeyReader
  readonly now?: () => Date
}

export interface RunningEntryReactors {
  readonly expiry: RunningReactor
  readonly refunds: RunningReactor
  readonly confirmations: RunningReactor
  stop(): Promise<void>
}

/** The entry reactors, each on its own subscription and checkpoint: expiry, refunds, confirmation email. */
export async function startEntryReactors(options: EntryReactorsOptions): Promise<RunningEntryReactors> {
  const { store, knex, logger, payments, commands, onSucceeded } = options
  const clock = options.now === undefined ? {} : { now: options.now }
  const expiry = await startReservationExpiry({
    store,
    knex,
    logger,
    payments,
    commands,
    onSucceeded,
    ...clock,
  })
  const refunds = await startRefundReactor({ store, knex, logger, payments, commands, ...clock })
  const confirmations = await startEntryConfirmationReactor({
    store,
    knex,
    logger,
    outbox: options.outbox,
    publicUrl: options.publicUrl,
    ...(options.userKeys === undefined ? {} : { userKeys: options.userKeys }),
  })
  return {
    expiry,
    refunds,
    confirmations,
    async stop() {
      await Promise.all([expiry.stop(), refunds.stop(), confirmations.stop()])
    },
  }
}

export {
  createEntryConfirmationReactor,
  type EntryConfirmationOptions,
  entryConfirmationName,
  startEntryConfirmationReactor,
} from './confirmation-reactor'
export { allocatePaidEntry, type EntryCommands, entryCommandsOf } from './entry-commands'
export {
  type ReservationExpiryOptions,
  reservationExpiryName,
  startReservationExpiry,
} from './expiry-reactor'
export {
  createRefundReactor,
  type RefundReactorOptions,
  refundIdempotencyKey,
  refundReactorName,
  startRefundReactor,
} from './refund-reactor'
