import { createEventStore } from '@prizes/event-store'
import {
  type Config,
  ConfigError,
  createKnex,
  databaseTimeouts,
  type Logger,
  measuredEventStore,
} from '@prizes/platform'
import { createSmtpMailer } from '@prizes/reactors'
import type { Knex } from 'knex'

export interface StandaloneResources {
  readonly databaseUrl: string
  readonly store: ReturnType<typeof createEventStore>
  readonly knex: Knex
  readonly mailer: ReturnType<typeof createSmtpMailer>
  /** Closes the mailer, knex and the store, in that order. */
  close(): Promise<void>
}

/**
 * What a process of the production topology that writes needs (the command service, the
 * consumers): no embedded database or MailDev to fall back on, so DATABASE_URL and SMTP_URL are
 * required; the event store (measured for /metrics, migrated), knex and the SMTP mailer.
 */
export async function openStandalone(
  what: string,
  config: Config,
  logger: Logger,
): Promise<StandaloneResources> {
  const missing = [
    ...(config.DATABASE_URL ? [] : [`DATABASE_URL: required for ${what} on its own`]),
    ...(config.SMTP_URL ? [] : [`SMTP_URL: required for ${what} on its own`]),
  ]
  if (!config.DATABASE_URL || !config.SMTP_URL) throw new ConfigError(missing)
  const store = measuredEventStore(
    createEventStore({
      databaseUrl: config.DATABASE_URL,
      eventStoreUrl: config.EVENTSTORE_URL,
      logger,
      timeouts: databaseTimeouts(config),
    }),
  )
  await store.migrate()
  const knex = createKnex(config.DATABASE_URL, { timeouts: databaseTimeouts(config) })
  const mailer = createSmtpMailer({ url: config.SMTP_URL })
  return {
    databaseUrl: config.DATABASE_URL,
    store,
    knex,
    mailer,
    async close() {
      mailer.close()
      await knex.destroy()
      await store.close()
    },
  }
}
