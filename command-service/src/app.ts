import Router from '@koa/router'
import { endpoints, type ResponseOf } from '@prizes/contracts'
import type { DrandChain } from '@prizes/domain'
import type { EventStore } from '@prizes/event-store'
import {
  type ActivePaymentProvider,
  offlinePaymentsRouter,
  type ProviderEvent,
  paymentsRouter,
} from '@prizes/payments'
import {
  type CheckpointWatcher,
  createApp,
  createCheckpointWatcher,
  createKnexRateLimiter,
  createKnexSessionStore,
  createSettingsCache,
  describeDatabaseFailure,
  type Logger,
  type MetricsEndpointOptions,
  maintenanceGuard,
  type PlatformSecrets,
  type RateLimit,
  type SettingsCache,
  serviceUnavailable,
  withinDeadline,
} from '@prizes/platform'
import type { Knex } from 'knex'
import type Koa from 'koa'
import { adminCompetitionsRouter } from './admin'
import { adminEntryRefundsRouter } from './admin/entry-refunds'
import { parkedEventsRouter } from './admin/parked-events'
import { adminPostalEntriesRouter } from './admin/postal-entries'
import { adminUsersRouter } from './admin/users-routes'
import { answerPositions, notingPositions } from './answer-position'
import { type AfterAnswer, createAfterAnswer } from './auth/after-answer'
import { authRouters } from './auth/auth-routers'
import { defaultSignInLimits, type SignInLimits } from './auth/login-guard'
import { defaultRateLimits, type RateLimitedAction, type RateLimitPolicy } from './auth/rate-limits'
import { type CommandHandler, createCommandHandler, type StreamStore } from './command-handler'
import { adminContactRouter } from './contact/admin-routes'
import { databaseRouter, type ResetTestData } from './database/routes'
import { type EmailToolsDeps, emailToolsRouter } from './email-tools'
import { entriesRouter, followProviderEvent } from './entries'
import type { ReservationLimits } from './entries/rate-limits'
import { mapCommandError } from './errors'
import { type HealthRouterDeps, healthRouter } from './health'
import { type CompanyDetails, defaultCompanyDetails } from './mail/brand'
import { newsletterRouter } from './newsletter/routes'
import { allocatePaidEntry, type Reactor } from './reactors'
import type { ReadModels } from './read-models'
import { spendingAlertRouter } from './responsible-play/admin-routes'
import { responsiblePlayRouter } from './responsible-play/routes'
import { settingsRouter } from './settings/routes'
import { loadSettings } from './settings/settings'
import { winnerNameRouter } from './winner-name/routes'

export interface CommandAppOptions {
  /** Streams for the commands; the log (`readAll`) for measuring each consumer's lag. */
  readonly store: StreamStore & Pick<EventStore, 'readAll' | 'transaction'>
  readonly logger: Logger
  /** The command-side tables (`migrateCommandTables` must have run). */
  readonly knex: Knex
  /** `loadSecrets(knex)`. */
  readonly secrets: PlatformSecrets
  /** Share one handler (and its stream cache) with other callers in the process; else one is made. */
  readonly handler?: CommandHandler
  /** The time every request runs at; tests move it. The real clock unless given. */
  readonly clock?: () => Date
  /** Overrides of `defaultRateLimits`, per action (tests use small ones). */
  readonly rateLimits?: Partial<Record<RateLimitedAction, RateLimitPolicy>>
  /** Overrides of `defaultReservationLimits` (create-payment-intent per user and per address). */
  readonly reservationLimits?: ReservationLimits
  /** Skill-question asks one address may make in an hour (SKILL_QUESTIONS_PER_ADDRESS_HOUR). */
  readonly questionLimit?: RateLimit
  /** Overrides of `defaultSignInLimits` (tests use small ones). */
  readonly signInLimits?: Partial<SignInLimits>
  /** Stripe, or the offline test provider (whose card-form route exists only while it is active). */
  readonly payments: ActivePaymentProvider
  /** How long tickets are held for a payment (RESERVATION_MINUTES). */
  readonly reservationMinutes?: number
  /** ENTRY_REFERENCE_PREFIX. */
  readonly referencePrefix?: string
  /** `path.join(DATA_DIR, 'media')`: where admin image uploads are written (served at /media). */
  readonly mediaDir?: string
  /** DRAND_URL's relays: completing a draw fetches the sealed round from them, in turn, when the admin gives none. */
  readonly drandUrls?: readonly string[]
  /**
   * DRAND_CHAIN's chain, quicknet unless given: a close seals a round of it, and on quicknet a
   * competition sealed on the TEST chain is not drawn.
   */
  readonly drandChain?: DrandChain
  /** Read-your-writes for the admin endpoints (see `read-models.ts`); none: answer at once. */
  readonly readModels?: ReadModels
  /**
   * The read models' checkpoints, which tell the event types they show (for `X-Event-Position`):
   * the process's one watcher; one made over `knex` unless given.
   */
  readonly checkpoints?: CheckpointWatcher
  /** Reset test data (wipe and seed again): given only on the embedded database, else refused. */
  readonly resetTestData?: ResetTestData
  /** The platform settings as this process enforces them; one cached on the stream unless given. */
  readonly settings?: SettingsCache
  /** Overrides of `/api/health`'s reuse period, lag cap, reactor threshold and database deadline. */
  readonly health?: Pick<
    HealthRouterDeps,
    'reuseMs' | 'lagLimit' | 'reactorStuckAfterMs' | 'databaseDeadlineMs'
  >
  /** The Email System tab's tools: the transport, PUBLIC_URL and limits; none: no transport. */
  readonly email?: Omit<EmailToolsDeps, 'knex' | 'secrets' | 'limiter' | 'clock'>
  /** COMPANY_NAME, COMPANY_ADDRESS, SUPPORT_EMAIL: what the contact card shows. */
  readonly company?: CompanyDetails
  /** Answer `GET /metrics` (METRICS_TOKEN): this process's metrics, when it runs on its own. */
  readonly metrics?: MetricsEndpointOptions
  /** REQUEST_TIMEOUT_MS: past it a request is answered 503; the platform's default unless given. */
  readonly requestTimeoutMs?: number
  /** Where emailed-link requests run after their answer; one of its own unless given (tests wait on it). */
  readonly afterAnswer?: AfterAnswer
  /** The reactors an admin's retry of a parked event runs here, by name; none: resolved by hand only. */
  readonly reactors?: ReadonlyMap<string, Reactor>
}

/** A stream nobody writes: reading it costs one query and proves the store answers. */
const probeStream = '$health-probe'

function storeProbeRouter({ store, logger, health }: CommandAppOptions): Router {
  const deadlineMs = health?.databaseDeadlineMs ?? 2000
  const router = new Router()
  router.get(endpoints.commandHealth.path, async (ctx) => {
    try {
      await withinDeadline(deadlineMs, store.readStream(probeStream, { limit: 1 }))
    } catch (error) {
      // The 503 tells the caller; the cause is for the operator.
      logger.error({ err: error }, 'event store unreachable')
      throw serviceUnavailable(
        `The command service cannot reach its event store (${describeDatabaseFailure(error)})`,
      )
    }
    const body: ResponseOf<'commandHealth'> = { success: true, service: 'command' }
    ctx.body = body
  })
  return router
}

/**
 * The command service's HTTP app: health (the store probe, and every projection's and reactor's
 * progress), the auth endpoints, entries and payments, and the admin competition commands.
 */
export function createCommandApp(options: CommandAppOptions): Koa {
  const { store, knex, secrets, logger } = options
  // Every command a route makes is noted, so its answer can say where the events went.
  const handler = notingPositions(
    options.handler ?? createCommandHandler({ store, logger: logger.child({ component: 'commands' }) }),
  )
  const checkpoints = options.checkpoints ?? createCheckpointWatcher({ knex, logger })
  const clock = options.clock ?? (() => new Date())
  const limiter = createKnexRateLimiter(knex)
  const rateLimits = { ...defaultRateLimits, ...options.rateLimits }
  const signInLimits = { ...defaultSignInLimits, ...options.signInLimits }
  const deps = { handler, store, knex, secrets, logger }
  const settings = options.settings ?? createSettingsCache({ load: () => loadSettings(store), clock })
  const afterAnswer = options.afterAnswer ?? createAfterAnswer(logger.child({ component: 'after-answer' }))
  const auth = authRouters({ deps, clock, limiter, rateLimits, signInLimits, settings, afterAnswer })
  const entryDeps = {
    handler,
    store,
    knex,
    payments: options.payments,
    logger,
    ...(options.reservationMinutes === undefined ? {} : { reservationMinutes: options.reservationMinutes }),
    ...(options.referencePrefix === undefined ? {} : { referencePrefix: options.referencePrefix }),
  }
  // The webhook, the offline card form and the confirm endpoint all allocate through the same
  // idempotent use case, so whichever arrives first wins and the others answer the same entry.
  const onSucceeded = allocatePaidEntry(entryDeps, { logger, now: clock })
  const onFailed = async (paymentIntentId: string) =>
    logger.info({ paymentIntentId }, 'payment attempt failed; the reservation stays until it expires')
  // Refunds and chargebacks at the provider, from Stripe's webhook or the offline TEST control.
  const onProviderEvent = (event: ProviderEvent) => followProviderEvent(entryDeps, event, { now: clock() })
  const payments = [
    paymentsRouter({ provider: options.payments, onSucceeded, onFailed, onProviderEvent, logger }),
    ...(options.payments.name === 'offline'
      ? [
          offlinePaymentsRouter({
            ...{ provider: options.payments, onSucceeded, onProviderEvent, logger },
            ...{ secrets, knex, clock },
          }),
        ]
      : []),
  ]
  return createApp({
    name: 'command',
    logger,
    mapError: mapCommandError,
    metrics: options.metrics,
    requestTimeoutMs: options.requestTimeoutMs,
    guards: [
      answerPositions({ projectedTypes: () => checkpoints.projectedTypes(), logger }),
      maintenanceGuard({ settings, secret: secrets.jwt, sessions: createKnexSessionStore(knex), clock }),
    ],
    routers: [
      storeProbeRouter(options),
      healthRouter({
        store,
        knex,
        secrets,
        logger,
        limiter,
        rateLimit: rateLimits.health,
        clock,
        ...options.health,
      }),
      ...auth,
      responsiblePlayRouter({ ...deps, clock }),
      winnerNameRouter({ ...deps, clock, limiter }),
      ...payments,
      entriesRouter({
        ...entryDeps,
        secrets,
        clock,
        limiter,
        reservationLimits: options.reservationLimits,
        ...(options.questionLimit ? { questionLimit: options.questionLimit } : {}),
      }),
      settingsRouter({ handler, store, knex, secrets, settings, clock, readModels: options.readModels }),
      spendingAlertRouter({ handler, knex, secrets, clock, readModels: options.readModels }),
      newsletterRouter({
        ...{ handler, knex, secrets, logger, clock, limiter, rateLimits },
        company: options.company ?? defaultCompanyDetails,
      }),
      adminContactRouter({ handler, knex, secrets, clock, readModels: options.readModels }),
      adminCompetitionsRouter({
        ...{ handler, store, knex, secrets, clock },
        ...{ mediaDir: options.mediaDir, readModels: options.readModels },
        ...{ drandUrls: options.drandUrls, drandChain: options.drandChain },
        // Real payments: an unsigned randomness could be anyone's choice, so it is refused.
        realPayments: options.payments.name === 'stripe',
      }),
      emailToolsRouter({
        ...{ knex, secrets, limiter, clock },
        ...(options.email ?? { transport: undefined, publicUrl: 'http://localhost' }),
      }),
      adminUsersRouter({
        ...{ handler, store, knex, secrets, clock, logger },
        ...{ payments: options.payments, readModels: options.readModels },
      }),
      adminPostalEntriesRouter({
        ...{ handler, store, knex, secrets, clock, logger, readModels: options.readModels },
        drandChain: options.drandChain,
        ...(options.referencePrefix === undefined ? {} : { referencePrefix: options.referencePrefix }),
      }),
      adminEntryRefundsRouter({
        ...{
          handler,
          knex,
          secrets,
          clock,
          logger,
          payments: options.payments,
          readModels: options.readModels,
        },
      }),
      databaseRouter({
        ...{ store, knex, secrets, logger, clock, limiter, accounts: deps },
        passwordLimits: {
          perUser: signInLimits.currentPasswordFailuresPerUser,
          perAddress: signInLimits.failuresPerAddress,
        },
        resetTestData: options.resetTestData,
        realPayments: options.payments.name === 'stripe',
      }),
      parkedEventsRouter({
        ...{ store, knex, secrets, limiter, logger, clock },
        reactors: options.reactors ?? new Map(),
      }),
    ],
  })
}
