import path from 'node:path'
import type { EventStore, SnapshotStore } from '@prizes/event-store'
import {
  type Config,
  createCheckpointWatcher,
  createSettingsCache,
  type Logger,
  loadSecrets,
  type PlatformSecrets,
} from '@prizes/platform'
import type { Knex } from 'knex'
import type Koa from 'koa'
import { loadCompetition } from './admin/view'
import { createCommandApp } from './app'
import { accountCreationLimits } from './auth/rate-limits'
import { type CommandHandler, createCommandHandler } from './command-handler'
import type { ResetTestData } from './database/routes'
import { hourlyReservationLimits } from './entries/rate-limits'
import { keepReferencesPastLog } from './entries/reference-floor'
import { registerHealthMetrics } from './health'
import type { MailTransport } from './mail'
import { createMailOutbox } from './mail/outbox'
import { startMailSender } from './mail/outbox-sender'
import { migrateCommandTables } from './migrations'
import { createPaymentProvider } from './payments'
import {
  allocatePaidEntry,
  entryCommandsOf,
  lifecycleCommandsOf,
  migrateReactorTables,
  startEntryReactors,
  startLifecycleReactors,
  startMailReactor,
  startUserRowsReactor,
} from './reactors'
import { startRefundEmailReactor } from './reactors/entries/refund-email-reactor'
import { startErasureRefundsReactor } from './reactors/users/erasure-refunds-reactor'
import { checkpointReadModels, type ReadModels } from './read-models'
import { mailSuppression } from './settings/mail'
import { loadSettings } from './settings/settings'

export interface CommandService {
  readonly app: Koa
  /** The one handler of this process: its per-stream queue is what serialises a competition. */
  readonly handler: CommandHandler
  readonly secrets: PlatformSecrets
  /** Stops the reactors; the caller closes the store, knex and mailer it gave. */
  stop(): Promise<void>
}

/**
 * The command service and its reactors (DESIGN section 1), composed once for both ways of
 * running it: the all-in-one launcher and the service's own process. Migrates its tables first.
 */
export async function startCommandService(options: {
  readonly config: Config
  /** The event store, with its snapshots when the adapter keeps them. */
  readonly store: EventStore & { readonly snapshots?: SnapshotStore }
  readonly knex: Knex
  readonly mailer: MailTransport
  readonly logger: Logger
  /**
   * Read-your-writes for the admin endpoints when the read models run in this process; else the
   * service waits on their checkpoint table, wherever they run.
   */
  readonly readModels?: ReadModels
  /** Reset test data: only the launcher on its embedded database gives it. */
  readonly resetTestData?: ResetTestData
}): Promise<CommandService> {
  const { config, store, knex, mailer, logger } = options
  await migrateCommandTables(knex)
  await migrateReactorTables(knex)
  // Before any allocation can take a number: the sequence must be past every one in the log.
  await keepReferencesPastLog({ store, knex, logger })
  const handler = createCommandHandler({
    store,
    knex,
    snapshots: store.snapshots,
    logger: logger.child({ component: 'commands' }),
  })
  const secrets = await loadSecrets(knex)
  // One per process: every request waiting for the read models shares its one poll.
  const checkpoints = createCheckpointWatcher({ knex, logger: logger.child({ component: 'read-after' }) })
  const readModels =
    options.readModels ?? checkpointReadModels(checkpoints, config.READ_AFTER_TIMEOUT_MS, logger)
  const reactorLogger = logger.child({ component: 'reactors' })
  const stops: Array<() => Promise<void>> = []
  try {
    // This process reads the checkpoint tables and the outbox: its `/metrics` shows them.
    const unregisterMetrics = registerHealthMetrics({ store, knex, logger })
    stops.push(async () => unregisterMetrics())
    // Reactors queue their emails; this process's sender sends them (and any other's, once due).
    const sender = startMailSender({ knex, mailer, logger: reactorLogger })
    stops.push(() => sender.stop())
    // One cache of the settings for the whole process: the endpoints, the guard and the outbox.
    const settings = createSettingsCache({ load: () => loadSettings(store) })
    const outbox = createMailOutbox(knex, { onQueued: sender.wake, suppress: mailSuppression(settings) })

    const mailReactor = await startMailReactor({
      store,
      knex,
      outbox,
      secrets,
      publicUrl: config.PUBLIC_URL,
      logger: reactorLogger,
    })
    stops.push(() => mailReactor.stop())

    const userRows = await startUserRowsReactor({ store, knex, logger: reactorLogger })
    stops.push(() => userRows.stop())

    const payments = createPaymentProvider(config, knex)
    const entryDeps = {
      handler,
      store,
      knex,
      payments,
      logger: logger.child({ component: 'entries' }),
      reservationMinutes: config.RESERVATION_MINUTES,
      referencePrefix: config.ENTRY_REFERENCE_PREFIX,
    }
    const entryReactors = await startEntryReactors({
      store,
      knex,
      logger: reactorLogger,
      payments,
      outbox,
      publicUrl: config.PUBLIC_URL,
      commands: entryCommandsOf(entryDeps),
      onSucceeded: allocatePaidEntry(entryDeps, { logger }),
    })
    stops.push(() => entryReactors.stop())

    const lifecycleReactors = await startLifecycleReactors({
      store,
      knex,
      logger: reactorLogger,
      payments,
      outbox,
      publicUrl: config.PUBLIC_URL,
      commands: lifecycleCommandsOf(entryDeps),
    })
    stops.push(() => lifecycleReactors.stop())

    const erasureRefunds = await startErasureRefundsReactor({
      store,
      knex,
      handler,
      payments,
      logger: reactorLogger,
    })
    stops.push(() => erasureRefunds.stop())

    const refundEmails = await startRefundEmailReactor({
      ...{ store, knex, outbox, publicUrl: config.PUBLIC_URL, logger: reactorLogger },
      loadCompetition: (competitionId) => loadCompetition(handler, competitionId),
    })
    stops.push(() => refundEmails.stop())

    const app = createCommandApp({
      store,
      handler,
      knex,
      secrets,
      settings,
      payments,
      reservationMinutes: config.RESERVATION_MINUTES,
      reservationLimits: hourlyReservationLimits(
        config.RESERVATIONS_PER_USER_HOUR,
        config.RESERVATIONS_PER_ADDRESS_HOUR,
      ),
      rateLimits: accountCreationLimits(config.ACCOUNTS_PER_ADDRESS_HOUR),
      referencePrefix: config.ENTRY_REFERENCE_PREFIX,
      // Where uploaded images go: the gateway serves this folder at /media.
      mediaDir: path.join(config.DATA_DIR, 'media'),
      ...(config.DRAND_URL ? { drandUrl: config.DRAND_URL } : {}),
      readModels,
      checkpoints,
      email: { transport: mailer, publicUrl: config.PUBLIC_URL, onResent: sender.wake },
      ...(options.resetTestData ? { resetTestData: options.resetTestData } : {}),
      metrics: { token: config.METRICS_TOKEN },
      logger: logger.child({ service: 'command' }),
    })
    return {
      app,
      handler,
      secrets,
      async stop() {
        for (const stop of stops.reverse()) await stop()
      },
    }
  } catch (error) {
    for (const stop of stops.reverse()) await stop()
    throw error
  }
}
