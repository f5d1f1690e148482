import { createServer } from 'node:http'
import path from 'node:path'
import {
  companyDetailsOf,
  contactDetailsOf,
  createDrawSeedStore,
  startCommandService,
} from '@prizes/command-service'
import { createEventStore, type Position } from '@prizes/event-store'
import type { Logger } from '@prizes/platform'
import {
  type Config,
  closeServer,
  createGateway,
  createKnex,
  databaseTimeouts,
  homeAnswers,
  httpProxy,
  listen,
  measuredEventStore,
  openPlatformDatabase,
  type ProxyFailure,
  pageAnswers,
  parseTrustedProxies,
  paymentConfigOf,
  queryServicePages,
  type RequestHandler,
  stripeConfigured,
} from '@prizes/platform'
import { competitionPages, createQueryApp, startLiveCompetitions } from '@prizes/query-service'
import { serviceReactorsOf } from '@prizes/reactors'
import { type RunningConsumers, startConsumers } from '../consumers/consumers'
import { databaseJobs } from '../processes/database-jobs'
import { readSideOf } from '../read-side'
import { seedDemoData } from '../seed/seed'
import { seedCommands } from '../seed/seed-commands'
import { ensureAdminAccount } from './admin'
import { startPlatformMail } from './mail'
import { countEvents, wipeTestData } from './reset'

export interface RunningPlatform {
  readonly url: string
  readonly mailUrl: string | undefined
  stop(): Promise<void>
}

/**
 * Everything `npm start` runs, in one process: the database (embedded unless DATABASE_URL),
 * the event store, migrations, mail (MailDev unless SMTP_URL), the command service, the
 * consumers (projections and reactors, under their leases, and the mail sender), the query
 * service, the demo seed into an empty event store, the admin account on first start, and the
 * gateway in front of it all.
 * Each step's undo is pushed on a stack so a failed start or a stop unwinds in reverse order.
 */
/** POSTAL_ADDRESS for `npm start` and the tests outside production: plainly not a real one. */
export const developmentPostalAddress =
  'Free Entries (development address: post is not collected), 1 Example Street, London, EC1A 1AA'

export async function startPlatform(config: Config, logger: Logger): Promise<RunningPlatform> {
  const undo: Array<() => Promise<void>> = []
  const stop = async () => {
    while (undo.length > 0) {
      const step = undo.pop()
      await step?.().catch((error: unknown) => logger.warn({ err: error }, 'error while stopping'))
    }
  }
  try {
    const database = await openPlatformDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      preferredPort: config.EMBEDDED_PG_PORT,
      log: (line) => logger.debug({ component: 'postgres' }, line),
    })
    undo.push(() => database.stop())
    if (database.embedded) logger.info(`Embedded PostgreSQL on port ${database.embedded.port}`)

    const store = measuredEventStore(
      createEventStore({
        databaseUrl: database.url,
        eventStoreUrl: config.EVENTSTORE_URL,
        logger: logger.child({ component: 'event-store' }),
        timeouts: databaseTimeouts(config),
      }),
    )
    undo.push(() => store.close())
    await store.migrate()

    const knex = createKnex(database.url, { timeouts: databaseTimeouts(config) })
    undo.push(() => knex.destroy())

    const mail = await startPlatformMail(config)
    undo.push(() => mail.stop())

    // Started below, once the command service they share a handler with is.
    let consumers: RunningConsumers | undefined
    // Admin commands answer once the read models show them, so the next list is never stale.
    const readModels = {
      caughtUp: (position: Position) => {
        // Not held here (another process runs the projections): nothing here to wait for.
        const projections = consumers?.projections.current()
        if (!projections) return Promise.resolve()
        return projections
          .waitForPosition(position, { timeoutMs: config.READ_AFTER_TIMEOUT_MS })
          .catch((error: unknown) => {
            logger.warn({ err: error }, 'read models are behind; answering without them')
          })
      },
    }
    const commandService = await startCommandService({
      config,
      store,
      knex,
      mailer: mail.mailer,
      logger,
      readModels,
      ...readSideOf(knex),
      // Only the embedded database may be wiped: never someone's own PostgreSQL.
      ...(database.embedded ? { resetTestData: () => resetTestData() } : {}),
      onMailResent: () => consumers?.wakeMailSender(),
      databaseJobs,
      reactors: serviceReactorsOf({
        config,
        store,
        knex,
        logger,
        onMailResent: () => consumers?.wakeMailSender(),
      }),
    })
    undo.push(() => commandService.stop())
    // The projections and reactors, under leases like any consumers process: this one is
    // normally their only holder.
    const started = await startConsumers({
      config,
      store,
      knex,
      databaseUrl: database.url,
      mailer: mail.mailer,
      logger,
      processName: 'platform',
      commandService,
    })
    consumers = started
    undo.push(() => started.stop())
    const { handler, secrets } = commandService
    const mediaDir = path.join(config.DATA_DIR, 'media')
    const seedAndAdmin = async () => {
      // Before the admin account, whose events would make the store look used.
      if (config.SEED_DEMO_DATA) {
        const now = new Date()
        const seeded = await seedDemoData({
          store,
          commands: seedCommands(handler, now, createDrawSeedStore(knex, secrets.drawSeeds)),
          mediaDir,
          now,
          logger,
        })
        if (seeded.position) await started.projections.current()?.waitForPosition(seeded.position)
      }
      await ensureAdminAccount({
        email: config.ADMIN_EMAIL,
        password: config.ADMIN_PASSWORD,
        deps: { handler, store, knex, secrets, logger: logger.child({ component: 'admin-bootstrap' }) },
        store,
      })
    }
    await seedAndAdmin()
    /**
     * Reset test data: the projections stop first (none may write a page it read before the
     * wipe), the tables are emptied at once, the command handler forgets the streams it held,
     * the projections start again from the empty log, and the demo data and admin are seeded.
     */
    async function resetTestData() {
      await started.projections.whileStopped(async () => {
        await wipeTestData(knex)
        handler.forgetStreams()
      })
      await seedAndAdmin()
      logger.warn('Test data reset: demo data and the admin account seeded again')
      return { events: await countEvents(knex) }
    }

    const live = startLiveCompetitions({
      connectionString: database.url,
      timeouts: databaseTimeouts(config),
      logger: logger.child({ service: 'query' }),
    })
    undo.push(() => live.close())
    const queryApp = createQueryApp({
      live,
      knex,
      secret: secrets.jwt,
      logger: logger.child({ service: 'query' }),
      readAfter: { timeoutMs: config.READ_AFTER_TIMEOUT_MS },
      requestTimeoutMs: config.REQUEST_TIMEOUT_MS,
    })
    const proxyError = (error: Error, { target, retried }: ProxyFailure) => {
      if (retried) logger.warn({ err: error, target }, 'service instance unreachable; trying the next')
      else logger.error({ err: error, target }, 'service unreachable')
    }
    const queryProxy = config.QUERY_SERVICE_URL ? httpProxy(config.QUERY_SERVICE_URL, proxyError) : undefined
    const services: Record<'command' | 'query', RequestHandler> = {
      command: config.COMMAND_SERVICE_URL
        ? httpProxy(config.COMMAND_SERVICE_URL, proxyError)
        : commandService.app.callback(),
      query: queryProxy ?? queryApp.callback(),
    }

    // Competition pages' heads and statuses, the home page's lists, and the sitemap: from the
    // query service where the API goes, so both agree on what is public. The home page's
    // settings are the command service's, as `GET /api/settings` answers them.
    const pages = competitionPages(knex)
    const { findHomeLists, ...sitePages } = config.QUERY_SERVICE_URL
      ? queryServicePages(config.QUERY_SERVICE_URL)
      : {
          findCompetitionPage: (id: string) => pages.find(id),
          findHomeLists: () => pages.home(),
          listCompetitionPages: (limit: number) => pages.list(limit),
        }
    const publicSettings = async () => {
      const { maintenanceMode, allowRegistrations } = await commandService.settings.get()
      return { success: true as const, settings: { maintenanceMode, allowRegistrations } }
    }
    // Fixed while the platform runs: the pages rendered on the server carry them.
    const fixedAnswers = {
      paymentConfig: paymentConfigOf(config),
      contactDetails: contactDetailsOf(companyDetailsOf(config)),
    }
    const gateway = createGateway({
      logger: logger.child({ component: 'gateway' }),
      services,
      ...sitePages,
      findHomeAnswers: homeAnswers(findHomeLists, publicSettings, fixedAnswers),
      findPublicSettings: publicSettings,
      findPageAnswers: pageAnswers(publicSettings, fixedAnswers),
      webDistDir: config.WEB_DIST_DIR,
      mediaDir,
      publicUrl: config.PUBLIC_URL,
      stripe: stripeConfigured(config),
      metrics: { token: config.METRICS_TOKEN },
      trustedProxies: parseTrustedProxies(config.TRUSTED_PROXIES),
      requestTimeoutMs: config.REQUEST_TIMEOUT_MS,
    })
    const httpServer = createServer(gateway.callback())
    const port = await listen(httpServer, config.PORT, config.HOST)
    undo.push(() => closeServer(httpServer))
    // Before the server: its open streams would keep it from closing.
    undo.push(async () => {
      queryProxy?.closeStreams()
      await live.close()
    })

    return { url: `http://localhost:${port}`, mailUrl: mail.webUrl, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
