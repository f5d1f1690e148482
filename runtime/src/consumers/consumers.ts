import type { CommandHandler, Mailer } from '@prizes/command-service'
import type { EventStore, SnapshotStore } from '@prizes/event-store'
import {
  type Config,
  createPgLeases,
  type Lease,
  type Logger,
  projectionsLeaseName,
  type SettingsCache,
} from '@prizes/platform'
import { allProjections, type RunningProjections, startProjections } from '@prizes/projections'
import { prepareCommandReactors } from '@prizes/reactors'
import { migrateReadModels } from '@prizes/read-models'
import type { Knex } from 'knex'

export interface RunningConsumers {
  /** The projections' lease: their runner while this process holds it. */
  readonly projections: Lease<RunningProjections>
  /** The leases this process holds: the consumers running here. */
  held(): string[]
  /** This process's mail sender looks for due emails now. */
  wakeMailSender(): void
  /** Stops the consumers running here and gives their leases back; then the mail sender. */
  stop(): Promise<void>
}

export interface ConsumersOptions {
  readonly config: Config
  readonly store: EventStore & { readonly snapshots?: SnapshotStore }
  /** The read models' and command side's database. */
  readonly knex: Knex
  /** The same database, for the connection that holds the leases. */
  readonly databaseUrl: string
  readonly mailer: Mailer
  readonly logger: Logger
  /** Names this process among the lease holders (`pg_stat_activity.application_name`). */
  readonly processName: string
  /** The command service of this process, if it runs one: its handler and settings are shared. */
  readonly commandService?: { readonly handler: CommandHandler; readonly settings: SettingsCache }
}

/**
 * The consumers (DESIGN section 1): the projections and every reactor, each under its lease,
 * so however many processes run this, each consumer runs in one of them, and a dead holder's
 * are taken over by another within LEASE_RETRY_MS; and the mail sender, which any number may
 * run. Migrates the read models first.
 */
export async function startConsumers(options: ConsumersOptions): Promise<RunningConsumers> {
  const { config, store, knex, logger } = options
  await migrateReadModels(knex)
  const reactors = await prepareCommandReactors({
    config,
    store,
    knex,
    mailer: options.mailer,
    logger,
    ...(options.commandService ? { commandService: options.commandService } : {}),
  })
  try {
    return await runUnderLeases(options, reactors)
  } catch (error) {
    await reactors.stop()
    throw error
  }
}

async function runUnderLeases(
  options: ConsumersOptions,
  reactors: Awaited<ReturnType<typeof prepareCommandReactors>>,
): Promise<RunningConsumers> {
  const { config, store, knex, logger } = options
  const leases = createPgLeases({
    connectionString: options.databaseUrl,
    logger: logger.child({ component: 'leases' }),
    retryMs: config.LEASE_RETRY_MS,
    connectMs: config.DB_CONNECT_TIMEOUT_MS,
    processName: options.processName,
  })
  const projections = leases.hold({
    name: projectionsLeaseName,
    start: () =>
      startProjections({
        store,
        knex,
        logger: logger.child({ component: 'projections' }),
        projections: allProjections,
      }),
  })
  for (const reactor of reactors.reactors) leases.hold(reactor)
  await leases.start()
  return {
    projections,
    held: leases.held,
    wakeMailSender: reactors.wakeMailSender,
    async stop() {
      await leases.stop()
      await reactors.stop()
    },
  }
}
