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
  testMode,
} from '@prizes/platform'
import type { Knex } from 'knex'
import type Koa from 'koa'
import { createCommandApp } from './app'
import { createAfterAnswer } from './auth/after-answer'
import { accountCreationLimits } from './auth/rate-limits'
import { type CommandHandler, createCommandHandler } from './command-handler'
import { drandChainOf } from './competitions/drand'
import { sealClearSeeds } from './competitions/draw-seeds'
import { createCreditLimitedPaymentProvider } from './credit-limit'
import type { ResetTestData } from './database/routes'
import { hourlyReservationLimits } from './entries/rate-limits'
import { keepReferencesPastLog } from './entries/reference-floor'
import { registerHealthMetrics } from './health'
import type { MailTransport } from './mail'
import { companyDetailsOf, configureCompanyDetails, configureTestMode } from './mail/brand'
import { createMailOutbox } from './mail/outbox'
import { migrateCommandTables } from './migrations'
import { lifecycleCommandsOf, migrateReactorTables } from './reactors'
import { databaseReactors } from './reactors/registry'
import { checkpointReadModels, type ReadModels } from './read-models'
import { mailSuppression } from './settings/mail'
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
  if (config.PAYMENTS === 'offline-test') {
    logger.warn(
      { payments: config.PAYMENTS },
      'TEST MODE: payments go to the offline test provider, no real money is taken, and every page and email says TEST MODE',
    )
  } else if (testMode(config)) {
    logger.warn({ payments: config.PAYMENTS }, "TEST MODE: Stripe's test keys, no real money is taken")
  }
  if (config.DRAND_CHAIN === 'test') {
    logger.warn(
      { drandChain: 'test', drandUrls: config.DRAND_URL },
      'Draws are sealed on the TEST drand chain, whose secret key is public: TEST MODE only, no draw here is a real-money draw',
    )
  }
  const secrets = await loadSecrets(knex, environmentKeys(config))
  if (secrets.drawSeeds) {
    const sealed = await sealClearSeeds(knex, secrets.drawSeeds)
    if (sealed > 0) logger.info({ sealed }, 'draw seeds kept clear before DRAW_SEED_KEY sealed under it')
  }
  const company = companyDetailsOf(config)
  configureCompanyDetails(company)
  configureTestMode(testMode(config))
  // One per process: every request waiting for the read models shares its one poll.
  const checkpoints = createCheckpointWatcher({ knex, logger: logger.child({ component: 'read-after' }) })
  const readModels =
    options.readModels ?? checkpointReadModels(checkpoints, config.READ_AFTER_TIMEOUT_MS, logger)
  // One cache of the settings for the whole process: the endpoints and the guard.
  const settings = createSettingsCache({ load: () => loadSettings(store) })
  // This process reads the checkpoint tables and the outbox: its `/metrics` shows them.
  const unregisterMetrics = registerHealthMetrics({ store, knex, logger })
  // Link requests recorded after their answer: a stop waits for them before the database goes.
  const afterAnswer = createAfterAnswer(logger.child({ service: 'command', component: 'after-answer' }))
  const payments = createCreditLimitedPaymentProvider(config, knex)
  const entries = {
    reservationMinutes: config.RESERVATION_MINUTES,
    referencePrefix: config.ENTRY_REFERENCE_PREFIX,
  }
  // An admin's retry of a parked event runs its reactor's handler here (see `parked-events.ts`).
  const reactors = databaseReactors({
    store,
    knex,
    logger: logger.child({ component: 'parked-retry' }),
    handler,
    payments,
    outbox: createMailOutbox(knex, {
      ...(options.onMailResent ? { onQueued: options.onMailResent } : {}),
      suppress: mailSuppression(settings),
    }),
    secrets,
    publicUrl: config.PUBLIC_URL,
    entries,
    lifecycle: lifecycleCommandsOf(
      { handler, store, knex, payments, logger, ...entries },
      drandChainOf(config.DRAND_CHAIN),
    ),
  })
  const app = createCommandApp({
    afterAnswer,
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
    questionLimit: { max: config.SKILL_QUESTIONS_PER_ADDRESS_HOUR, windowMs: 60 * 60 * 1000 },
    referencePrefix: config.ENTRY_REFERENCE_PREFIX,
    company,
    // Where uploaded images go: the gateway serves this folder at /media.
    mediaDir: path.join(config.DATA_DIR, 'media'),
    ...(config.DRAND_URL ? { drandUrls: config.DRAND_URL } : {}),
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
    requestTimeoutMs: config.REQUEST_TIMEOUT_MS,
    reactors: new Map(reactors.map((reactor) => [reactor.name, reactor])),
    logger: logger.child({ service: 'command' }),
  })
  return {
    app,
    handler,
    secrets,
    settings,
    async stop() {
      unregisterMetrics()
      await afterAnswer.idle()
    },
  }
}
