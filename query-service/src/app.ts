import Router from '@koa/router'
import { endpoints, type ResponseOf } from '@prizes/contracts'
import {
  type CheckpointWatcher,
  createApp,
  createCheckpointWatcher,
  createKnexSessionStore,
  createSettingsCache,
  defaultReadAfterTimeoutMs,
  describeDatabaseFailure,
  type Logger,
  type MetricsEndpointOptions,
  maintenanceGuard,
  readAfter,
  type SessionKeys,
  type SessionStore,
  type SettingsCache,
  serviceUnavailable,
  withinDeadline,
} from '@prizes/platform'
import type { Knex } from 'knex'
import type Koa from 'koa'
import { adminContactRouter } from './admin/contact-messages'
import { adminEntriesRouter } from './admin/entries-routes'
import { adminRouter } from './admin/routes'
import { competitionsRouter } from './competitions/routes'
import { apiDocsRouter } from './docs/routes'
import { drawsRouter } from './draws/routes'
import { entriesRouter } from './entries/routes'
import { successFiguresRouter } from './figures/routes'
import type { LiveCompetitions } from './live/live-competitions'
import { settingsRouter } from './settings/routes'
import { currentSettings } from './settings/rows'

export interface QueryAppOptions {
  readonly knex: Knex
  readonly logger: Logger
  /**
   * The session tokens' keys the command service signs with (`loadSessionKeys`). Passed
   * in, so creating the app stays synchronous and needs no table of its own.
   */
  readonly secret: SessionKeys
  /** Where a token's standing is checked; default the `auth_sessions` table through `knex`. */
  readonly sessions?: SessionStore
  /** Tests move time; the default is the real clock. */
  readonly clock?: () => Date
  /** How long the health check waits for the database before answering 503. */
  readonly healthDeadlineMs?: number
  /**
   * The settings this service enforces (maintenance): the settings read model's newest row,
   * cached for a short TTL, unless given.
   */
  readonly settings?: SettingsCache
  /** Answer `GET /metrics` (METRICS_TOKEN): this process's metrics, when it runs on its own. */
  readonly metrics?: MetricsEndpointOptions
  /**
   * Read-your-writes (`X-Read-After`): how long a query waits for the read models
   * (READ_AFTER_TIMEOUT_MS; 3 s unless given), and the process's one checkpoint watcher (one
   * made over `knex` unless given).
   */
  readonly readAfter?: { readonly timeoutMs?: number; readonly watcher?: CheckpointWatcher }
  /**
   * The process's live competition streams (`startLiveCompetitions`), which its owner closes
   * before the server (open streams would keep it from closing). Without them the stream
   * answers 503.
   */
  readonly live?: LiveCompetitions
  /** REQUEST_TIMEOUT_MS: past it a request is answered 503; the platform's default unless given. */
  readonly requestTimeoutMs?: number
}

function healthRouter({ knex, logger, healthDeadlineMs }: QueryAppOptions): Router {
  const router = new Router()
  router.get(endpoints.queryHealth.path, async (ctx) => {
    try {
      await withinDeadline(healthDeadlineMs ?? 2000, knex.raw('select 1'))
    } catch (error) {
      logger.error({ err: error }, 'read-model database unreachable')
      throw serviceUnavailable(
        `The query service cannot reach its database (${describeDatabaseFailure(error)})`,
      )
    }
    const body: ResponseOf<'queryHealth'> = { success: true, service: 'query' }
    ctx.body = body
  })
  return router
}

/**
 * The query service's HTTP app: read endpoints over the read models, nothing else. Stateless:
 * any number run side by side, and a client that sends `X-Read-After` sees its own commands.
 */
export function createQueryApp(options: QueryAppOptions): Koa {
  const { knex, secret, clock } = options
  const sessions = options.sessions ?? createKnexSessionStore(knex)
  const settings =
    options.settings ??
    createSettingsCache({ load: () => currentSettings(knex), ...(clock ? { clock } : {}) })
  const watcher =
    options.readAfter?.watcher ??
    createCheckpointWatcher({ knex, logger: options.logger.child({ component: 'read-after' }) })
  return createApp({
    name: 'query',
    logger: options.logger,
    metrics: options.metrics,
    requestTimeoutMs: options.requestTimeoutMs,
    guards: [
      maintenanceGuard({ settings, secret, sessions, ...(clock ? { clock } : {}) }),
      readAfter({ watcher, timeoutMs: options.readAfter?.timeoutMs ?? defaultReadAfterTimeoutMs }),
    ],
    routers: [
      healthRouter(options),
      competitionsRouter(knex, options.live),
      drawsRouter(knex),
      successFiguresRouter(knex, clock),
      adminRouter({ knex, secret, sessions, ...(clock ? { clock } : {}) }),
      adminEntriesRouter({ knex, secret, sessions, ...(clock ? { clock } : {}) }),
      adminContactRouter({ knex, secret, sessions, ...(clock ? { clock } : {}) }),
      entriesRouter({ knex, secret, sessions, ...(clock ? { clock } : {}) }),
      settingsRouter({ knex, secret, sessions, ...(clock ? { clock } : {}) }),
      apiDocsRouter(),
    ],
  })
}
