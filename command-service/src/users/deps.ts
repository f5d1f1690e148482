import type { Logger, PlatformSecrets } from '@prizes/platform'
import type { Knex } from 'knex'
import type { CommandHandler, StreamStore } from '../command-handler'

/** What the account use cases need: the log, the command-side tables and the server secrets. */
export interface AccountDeps {
  readonly handler: CommandHandler
  readonly store: StreamStore
  readonly knex: Knex
  readonly secrets: PlatformSecrets
  readonly logger: Logger
}
