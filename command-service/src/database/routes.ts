import { Readable } from 'node:stream'
import Router from '@koa/router'
import {
  type AdminSystemResponse,
  authMessages,
  backupMessages,
  endpoints,
  type SystemConsumer,
} from '@prizes/contracts'
import type { EventStore } from '@prizes/event-store'
import {
  authenticate,
  conflict,
  createKnexSessionStore,
  HttpError,
  jsonBody,
  type Logger,
  type PlatformSecrets,
  parseOr400,
  platformVersion,
  type RateLimit,
  type RateLimiter,
  requireAdmin,
  serviceUnavailable,
} from '@prizes/platform'
import type { Knex } from 'knex'
import { isOwnPassword } from '../auth/account'
import { countAsFailure, settle } from '../auth/failure-limits'
import { longestWait, tooMany } from '../auth/rate-limits'
import { respond } from '../auth/routes'
import { noProjections, type ProjectionRows } from '../health/consumers'
import { measureHealth } from '../health/measure'
import type { AccountDeps } from '../users/deps'
import { alreadyRunning, oneAtATime } from './one-at-a-time'
import type { OptimiseReadModels } from './optimise'

/** The error code of a backup asked for with a password that is not the admin's. */
const backupPasswordIncorrect = 'PASSWORD_INCORRECT'

/** Wipes everything and seeds the demo data and the admin account again; the events it left. */
export type ResetTestData = () => Promise<{ readonly events: number }>

/** Where the log is kept, as a backup records it. */
export type EventStoreKind = 'postgres' | 'eventstoredb'

/**
 * The operator job behind the backup route, given by the composition root (the runtime's
 * backup, which the CLI runs too).
 */
export interface DatabaseJobs {
  /** The backup file as it streams out, encrypted with `passphrase`. */
  backup(options: {
    readonly store: Pick<EventStore, 'readAll'>
    readonly knex: Knex
    readonly eventStore: EventStoreKind
    readonly now: Date
    readonly passphrase: string
  }): AsyncIterable<Buffer>
  /** The file name of a backup taken at `now`. */
  backupFileName(now: Date): string
}

export interface DatabaseRouterDeps {
  readonly store: Pick<EventStore, 'readAll' | 'transaction'>
  readonly knex: Knex
  readonly secrets: PlatformSecrets
  /** To check an admin's password again before a backup. */
  readonly accounts: AccountDeps
  readonly limiter: RateLimiter
  /** Wrong passwords a backup may be asked with, per admin and per address. */
  readonly passwordLimits: { readonly perUser: RateLimit; readonly perAddress: RateLimit }
  readonly logger: Logger
  readonly clock: () => Date
  /** Given only where the database is the embedded default; elsewhere reset is refused. */
  readonly resetTestData?: ResetTestData | undefined
  /** Stripe takes the payments: reset is refused whatever the database, real money may be in it. */
  readonly realPayments?: boolean | undefined
  /** The projections' checkpoints, from the composition root (System Info); none unless given. */
  readonly projections?: ProjectionRows | undefined
  /** VACUUM (ANALYZE) of the read models, from the composition root, which knows their tables. */
  readonly optimise?: OptimiseReadModels | undefined
  /** The backup, from the composition root (the runtime's operator job); none: backups answer 503. */
  readonly jobs?: DatabaseJobs | undefined
}

export const resetUnavailableMessage =
  'Reset test data works only on the embedded database of `npm start`; this platform uses an external database, so it is refused'

export const resetRefusedWithStripeMessage =
  'Reset test data is refused while Stripe is configured: this platform takes real payments, and wiping it would lose paid entries. It works only in TEST MODE (no Stripe keys) on the embedded database of `npm start`'

const toSystemConsumer = ({ name, status, position, lagEvents, lagCapped, lagMs }: SystemConsumer) => ({
  ...{ name, status, position },
  ...{ lagEvents, lagCapped, lagMs },
})

/** The log's size without counting it: the highest global position (PostgreSQL's identity). */
async function eventCount(knex: Knex, kind: EventStoreKind): Promise<number | null> {
  if (kind !== 'postgres') return null
  const row = await knex('events').max<{ max: string | null }>('global_position as max').first()
  return Number(row?.max ?? 0)
}

/**
 * The Settings tab's database tools and System Info (issue 11), every route for admins only:
 * the backup download, optimise, reset test data (embedded database only) and the system facts.
 */
export function databaseRouter(deps: DatabaseRouterDeps): Router {
  const kind: EventStoreKind = deps.store.transaction ? 'postgres' : 'eventstoredb'
  const backups = oneAtATime('A backup')
  const optimisations = oneAtATime('An optimisation')
  const resets = oneAtATime('A reset')
  const router = new Router()
  const jobsOf = (): DatabaseJobs => {
    if (!deps.jobs) throw serviceUnavailable('Backup is not available in this process')
    return deps.jobs
  }
  router.use(jsonBody())
  router.use(
    authenticate({
      secret: deps.secrets.jwt,
      sessions: createKnexSessionStore(deps.knex),
      clock: deps.clock,
    }),
  )

  /**
   * Issue 23: the backup asks the admin's password again, so a stolen session (or an unattended
   * browser) cannot take every secret of the platform; wrong passwords count against the
   * admin's account and the address as failures, 5 in 15 minutes unless configured otherwise.
   * The file is encrypted with the passphrase given: it holds no key, seed or session in clear.
   */
  router.post(endpoints.adminBackup.path, async (ctx) => {
    const admin = requireAdmin(ctx)
    const now = deps.clock()
    const failures = await countAsFailure(
      deps.limiter,
      [
        { key: `backup-password:failures:user:${admin.userId}`, limit: deps.passwordLimits.perUser },
        { key: `backup-password:failures:address:${ctx.ip}`, limit: deps.passwordLimits.perAddress },
      ],
      now,
    )
    const refused = failures.verdicts.filter((verdict) => !verdict.allowed)
    if (refused.length > 0) {
      await failures.refund()
      throw tooMany(ctx, longestWait(refused), authMessages.tooManyAttempts)
    }
    const { passphrase } = await settle(
      failures,
      async () => {
        const request = parseOr400(endpoints.adminBackup.request, ctx.request.body)
        if (!(await isOwnPassword(deps.accounts, admin.userId, request.password)))
          throw new HttpError(403, backupPasswordIncorrect, backupMessages.passwordIncorrect, {
            password: [backupMessages.passwordIncorrect],
          })
        return request
      },
      (error) => error instanceof HttpError && error.code === backupPasswordIncorrect,
    )
    const jobs = jobsOf()
    const release = backups.take()
    deps.logger.info({ adminId: admin.userId }, 'backup started')
    const body = Readable.from(
      jobs.backup({ store: deps.store, knex: deps.knex, eventStore: kind, now, passphrase }),
    )
    body.once('close', release)
    body.once('error', (error) => {
      release()
      // The status is sent already: the file stops without its last chunk, which restore refuses.
      deps.logger.error({ err: error }, 'backup failed part way')
    })
    ctx.set('Content-Type', 'application/octet-stream')
    ctx.set('Content-Disposition', `attachment; filename="${jobs.backupFileName(now)}"`)
    ctx.set('Cache-Control', 'no-store')
    ctx.body = body
  })

  router.post(endpoints.adminOptimiseDatabase.path, async (ctx) => {
    requireAdmin(ctx)
    parseOr400(endpoints.adminOptimiseDatabase.request, ctx.request.body)
    const release = optimisations.take()
    try {
      if (!deps.optimise) throw serviceUnavailable('Optimise is not available in this process', 60)
      const result = await deps.optimise()
      if (result === 'busy') throw alreadyRunning('An optimisation')
      respond(ctx, 'adminOptimiseDatabase', { success: true, ...result })
    } finally {
      release()
    }
  })

  router.post(endpoints.adminResetDatabase.path, async (ctx) => {
    const admin = requireAdmin(ctx)
    parseOr400(endpoints.adminResetDatabase.request, ctx.request.body)
    if (deps.realPayments) throw conflict(resetRefusedWithStripeMessage, 'RESET_NOT_AVAILABLE')
    if (!deps.resetTestData) throw conflict(resetUnavailableMessage, 'RESET_NOT_AVAILABLE')
    const release = resets.take()
    try {
      deps.logger.warn({ adminId: admin.userId }, 'reset test data: wiping the database')
      const { events } = await deps.resetTestData()
      respond(ctx, 'adminResetDatabase', {
        success: true,
        message: 'Test data reset: the demo data and the admin account are back; please sign in again',
        events,
      })
    } finally {
      release()
    }
  })

  router.get(endpoints.adminSystem.path, async (ctx) => {
    requireAdmin(ctx)
    const [health, events] = await Promise.all([
      measureHealth({
        store: deps.store,
        knex: deps.knex,
        projections: deps.projections ?? noProjections,
        now: new Date(),
        lagLimit: 1000,
        reactorStuckAfterMs: 5 * 60 * 1000,
      }),
      eventCount(deps.knex, kind),
    ])
    const body: AdminSystemResponse = {
      success: true,
      version: platformVersion,
      nodeVersion: process.version,
      uptimeSeconds: Math.floor(process.uptime()),
      eventStore: { kind, events },
      resetAvailable: deps.resetTestData !== undefined && !deps.realPayments,
      projections: health.projections.map(toSystemConsumer),
      reactors: health.reactors.map(toSystemConsumer),
    }
    respond(ctx, 'adminSystem', body)
  })
  return router
}
