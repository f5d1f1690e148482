import type { EventStore, SnapshotStore } from '@prizes/event-store'
import {
  type Config,
  createSettingsCache,
  environmentKeys,
  type LeasedConsumer,
  type Logger,
  loadSecrets,
  type SettingsCache,
  testMode,
} from '@prizes/platform'
import type { Knex } from 'knex'
import { type CommandHandler, createCommandHandler } from './command-handler'
import { drandChainOf } from './competitions/drand'
import { createCreditLimitedPaymentProvider } from './credit-limit'
import { keepReferencesPastLog } from './entries/reference-floor'
import { companyDetailsOf, configureCompanyDetails, configureTestMode } from './mail/brand'
import type { Mailer } from './mail/mailer'
import { createMailOutbox } from './mail/outbox'
import { startMailSender } from './mail/outbox-sender'
import { migrateCommandTables } from './migrations'
import {
  allocatePaidEntry,
  entryCommandsOf,
  lifecycleCommandsOf,
  migrateReactorTables,
  type RunningReactor,
  startReactor,
} from './reactors'
import { reservationExpiryName, startReservationExpiry } from './reactors/entries/expiry-reactor'
import { paymentSettlementName, startPaymentSettlement } from './reactors/entries/settlement-reactor'
import { autoCloseName, startAutoClose } from './reactors/lifecycle/auto-close-reactor'
import { databaseReactors } from './reactors/registry'
import { mailSuppression } from './settings/mail'
import { loadSettings } from './settings/settings'

export interface CommandReactorsOptions {
  readonly config: Config
  /** The event store, with its snapshots when the adapter keeps them. */
  readonly store: EventStore & { readonly snapshots?: SnapshotStore }
  readonly knex: Knex
  /** What the mail sender sends through. */
  readonly mailer: Mailer
  readonly logger: Logger
  /**
   * The command service's handler and settings when it runs in this process (the launcher):
   * one handler per process queues a stream's commands, and one settings cache sees a change
   * at once. Without it these are made here, after migrating the command-side tables.
   */
  readonly commandService?: { readonly handler: CommandHandler; readonly settings: SettingsCache }
}

export interface CommandReactors {
  /** Every reactor, not started: each is started by the process that holds its lease. */
  readonly reactors: ReadonlyArray<LeasedConsumer<RunningReactor>>
  /** This process's mail sender looks for due emails now (an admin resent one). */
  wakeMailSender(): void
  /** Stops the mail sender; the reactors are stopped by whoever started them. */
  stop(): Promise<void>
}

/**
 * The command side's reactors (DESIGN section 1), composed for a process that runs consumers,
 * and the mail sender, started here: every such process runs one, and they share the outbox
 * without sending an email twice (each batch is leased, see `outbox-sender.ts`). The reactors
 * act through a command handler of their own (or the command service's, given), like any
 * other writer of the log.
 */
export async function prepareCommandReactors(options: CommandReactorsOptions): Promise<CommandReactors> {
  const { config, store, knex, mailer } = options
  const logger = options.logger.child({ component: 'reactors' })
  if (!options.commandService) {
    await migrateCommandTables(knex)
    // Before any allocation (a payment found at expiry) can take a number.
    await keepReferencesPastLog({ store, knex, logger })
  }
  await migrateReactorTables(knex)
  const handler =
    options.commandService?.handler ??
    createCommandHandler({
      store,
      knex,
      snapshots: store.snapshots,
      logger: options.logger.child({ component: 'commands' }),
    })
  const settings =
    options.commandService?.settings ?? createSettingsCache({ load: () => loadSettings(store) })
  const secrets = await loadSecrets(knex, environmentKeys(config))
  configureCompanyDetails(companyDetailsOf(config))
  // TEST MODE: every email the reactors queue says so.
  configureTestMode(testMode(config))
  const sender = startMailSender({ knex, mailer, logger })
  const outbox = createMailOutbox(knex, { onQueued: sender.wake, suppress: mailSuppression(settings) })
  const payments = createCreditLimitedPaymentProvider(config, knex)
  const publicUrl = config.PUBLIC_URL
  const entryDeps = {
    handler,
    store,
    knex,
    payments,
    logger: options.logger.child({ component: 'entries' }),
    reservationMinutes: config.RESERVATION_MINUTES,
    referencePrefix: config.ENTRY_REFERENCE_PREFIX,
  }
  const commands = entryCommandsOf(entryDeps)
  const lifecycle = lifecycleCommandsOf(entryDeps, drandChainOf(config.DRAND_CHAIN))
  const common = { store, knex, logger }
  const reactors: Array<LeasedConsumer<RunningReactor>> = [
    ...databaseReactors({
      ...common,
      handler,
      payments,
      outbox,
      secrets,
      publicUrl,
      entries: entryDeps,
      lifecycle,
    }).map((reactor) => ({ name: reactor.name, start: () => startReactor({ ...common, reactor }) })),
    {
      name: reservationExpiryName,
      start: () =>
        startReservationExpiry({
          ...common,
          payments,
          commands,
          onSucceeded: allocatePaidEntry(entryDeps, { logger: options.logger }),
        }),
    },
    { name: paymentSettlementName, start: () => startPaymentSettlement({ ...common, payments }) },
    { name: autoCloseName, start: () => startAutoClose({ ...common, commands: lifecycle }) },
  ]
  return { reactors, wakeMailSender: sender.wake, stop: () => sender.stop() }
}
