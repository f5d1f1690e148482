import path from 'node:path'
import type { EventStore, SnapshotStore } from '@prizes/event-store'
import {
  type Config,
  createCheckpointWatcher,
  createSettingsCache,
  environmentKeys,
  type Logger,
  loadSecrets,
  type PlatformSecrets,
  type SettingsCache,
} from '@prizes/platform'
import type { Knex } from 'knex'
import type Koa from 'koa'
import { createCommandApp } from './app'
import { accountCreationLimits } from './auth/rate-limits'
import { type CommandHandler, createCommandHandler } from './command-handler'
import { drandChainOf } from './competitions/drand'
import type { ResetTestData } from './database/routes'
import { hourlyReservationLimits } from './entries/rate-limits'
import { keepReferencesPastLog } from './entries/reference-floor'
import { registerHealthMetrics } from './health'
import type { MailTransport } from './mail'
import { companyDetailsOf, configureCompanyDetails } from './mail/brand'
import { migrateCommandTables } from './migrations'
import { createPaymentProvider } from './payments'
import { migrateReactorTables } from './reactors'
import { checkpointReadModels, type ReadModels } from './read-models'
import { loadSettings } from './settings/settings'

export interface CommandService {
  readonly app: Koa
  /** The one handler of this process: its per-stream queue is what serialises a competition. */
  readonly handler: CommandHandler
  readonly secrets: PlatformSecrets
  /** The settings as this process sees them (reactors running beside it share them). */
  readonly settings: SettingsCache
  /** Takes its metrics off this process's `/metrics`; the caller closes the store, knex and mailer it gave. */
  stop(): Promise<void>
}

/**
 * The command service (DESIGN section 1), composed once for both ways of running it: the
 * all-in-one launcher and the service's own process. Migrates its tables first. It runs no
 * reactors and no timers: those are consumers (`prepareCommandReactors`), run under leases by
 * whichever process holds them, so any number of command services may run.
 */
export async function startCommandService(options: {
  readonly config: Config
  /** The event store, with its snapshots when the adapter keeps them. */
  readonly store: EventStore & { readonly snapshots?: SnapshotStore }
  readonly knex: Knex
  /** The Email System tab's transport (checks and test sends); the reactors' emails go by the outbox. */
  readonly mailer: MailTransport
  readonly logger: Logger
  /**
   * Read-your-writes for the admin endpoints when the read models run in this process; else the
   * service waits on their checkpoint table, wherever they run.
   */
  readonly readModels?: ReadModels
  /** Reset test data: only the launcher on its embedded database gives it. */
  readonly resetTestData?: ResetTestData
  /**
   * Tells a mail sender of this process that an admin resent emails, so they go now; without
   * one, a consumers process's sender finds them at its next poll.
   */
  readonly onMailResent?: () => void
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
  if (config.DRAND_CHAIN === 'test') {
    logger.warn(
      { drandChain: 'test', drandUrl: config.DRAND_URL },
      'Draws are sealed on the TEST drand chain, whose secret key is public: TEST MODE only, no draw here is a real-money draw',
    )
  }
  const secrets = await loadSecrets(knex, environmentKeys(config))
  const company = companyDetailsOf(config)
  configureCompanyDetails(company)
  // One per process: every request waiting for the read models shares its one poll.
  const checkpoints = createCheckpointWatcher({ knex, logger: logger.child({ component: 'read-after' }) })
  const readModels =
    options.readModels ?? checkpointReadModels(checkpoints, config.READ_AFTER_TIMEOUT_MS, logger)
  // One cache of the settings for the whole process: the endpoints and the guard.
  const settings = createSettingsCache({ load: () => loadSettings(store) })
  // This process reads the checkpoint tables and the outbox: its `/metrics` shows them.
  const unregisterMetrics = registerHealthMetrics({ store, knex, logger })
  const app = createCommandApp({
    store,
    handler,
    knex,
    secrets,
    settings,
    payments: createPaymentProvider(config, knex),
    reservationMinutes: config.RESERVATION_MINUTES,
    reservationLimits: hourlyReservationLimits(
      config.RESERVATIONS_PER_USER_HOUR,
      config.RESERVATIONS_PER_ADDRESS_HOUR,
    ),
    rateLimits: accountCreationLimits(config.ACCOUNTS_PER_ADDRESS_HOUR),
    referencePrefix: config.ENTRY_REFERENCE_PREFIX,
    company,
    // Where uploaded images go: the gateway serves this folder at /media.
    mediaDir: path.join(config.DATA_DIR, 'media'),
    ...(config.DRAND_URL ? { drandUrl: config.DRAND_URL } : {}),
    drandChain: drandChainOf(config.DRAND_CHAIN),
    readModels,
    checkpoints,
    email: {
      transport: mailer,
      publicUrl: config.PUBLIC_URL,
      ...(options.onMailResent ? { onResent: options.onMailResent } : {}),
    },
    ...(options.resetTestData ? { resetTestData: options.resetTestData } : {}),
    metrics: { token: config.METRICS_TOKEN },
    logger: logger.child({ service: 'command' }),
  })
  return {
    app,
    handler,
    secrets,
    settings,
    async stop() {
      unregisterMetrics()
    },
  }
}
