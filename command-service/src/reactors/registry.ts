import type { EventStore } from '@prizes/event-store'
import type { PaymentProvider } from '@prizes/payments'
import type { Logger } from '@prizes/platform'
import type { Knex } from 'knex'
import { loadCompetition } from '../admin/view'
import type { CommandHandler } from '../command-handler'
import type { EntryDeps } from '../entries/deps'
import type { MailOutbox } from '../mail/outbox'
import { createEntryConfirmationReactor } from './entries/confirmation-reactor'
import { entryCommandsOf } from './entries/entry-commands'
import { createRefundEmailReactor } from './entries/refund-email-reactor'
import { createRefundReactor } from './entries/refund-reactor'
import { createCancellationRefundReactor } from './lifecycle/cancellation-refunds'
import type { LifecycleCommands } from './lifecycle/commands'
import { createDrawResultEmailReactor } from './lifecycle/draw-result-email'
import { createExtensionEmailReactor } from './lifecycle/extension-email'
import { createWinnerEmailReactor } from './lifecycle/winner-email'
import { createMailReactor } from './mail/mail-reactor'
import { createNewsletterMailReactor } from './newsletter/newsletter-mail-reactor'
import { createSpendingLedgerReactor } from './responsible-play/spending-ledger-reactor'
import type { Reactor } from './runner'
import { createErasureRefundsReactor } from './users/erasure-refunds-reactor'
import { createUserRowsReactor } from './users/user-rows-reactor'

export interface ReactorDeps {
  readonly store: EventStore
  readonly knex: Knex
  readonly logger: Logger
  readonly handler: CommandHandler
  readonly payments: PaymentProvider
  readonly outbox: MailOutbox
  readonly secrets: { readonly oneTimeTokens: Buffer }
  /** PUBLIC_URL, for the links in emails. */
  readonly publicUrl: string
  /** What the entry commands need beyond the above (RESERVATION_MINUTES, ENTRY_REFERENCE_PREFIX). */
  readonly entries: Pick<EntryDeps, 'reservationMinutes' | 'referencePrefix'>
  readonly lifecycle: Pick<LifecycleCommands, 'recordRefund'>
}

/**
 * The reactors whose whole state is in the database and the log, as handlers not yet started:
 * a consumers process starts each under its lease, and the command service keeps them to run a
 * parked event's handler again when an admin retries it (the reactors with timers, reservation
 * expiry and auto-close, hold state in memory and are not among them).
 */
export function databaseReactors(deps: ReactorDeps): Reactor[] {
  const { store, knex, logger, handler, payments, outbox, secrets, publicUrl } = deps
  const common = { store, knex, logger }
  const commands = entryCommandsOf({ handler, store, knex, payments, logger, ...deps.entries })
  return [
    createMailReactor({ ...common, outbox, secrets, publicUrl }),
    createNewsletterMailReactor({ ...common, outbox, secrets, publicUrl }),
    createUserRowsReactor(common),
    createSpendingLedgerReactor(common),
    createRefundReactor({ ...common, payments, commands }),
    createEntryConfirmationReactor({ ...common, outbox, publicUrl }),
    createCancellationRefundReactor({ ...common, commands: deps.lifecycle, payments, outbox, publicUrl }),
    createWinnerEmailReactor({ ...common, outbox, publicUrl }),
    createExtensionEmailReactor({ ...common, outbox, publicUrl }),
    createDrawResultEmailReactor({ ...common, outbox, publicUrl }),
    createErasureRefundsReactor({ ...common, handler, payments }),
    createRefundEmailReactor({
      ...common,
      outbox,
      publicUrl,
      loadCompetition: (competitionId) => loadCompetition(handler, competitionId),
    }),
  ]
}
