import {
  erasedUserRows,
  knexRowWriter,
  loadUserState,
  standingFromStream,
} from '@prizes/command-service/use-cases'
import { userStreamPrefix } from '@prizes/contracts'
import type { EventStore, RecordedEvent } from '@prizes/event-store'
import type { Logger } from '@prizes/platform'
import type { Knex } from 'knex'
import { type Reactor, type RunningReactor, startReactor } from '../runner'

export const userRowsReactorName = 'user-rows'

/**
 * The events whose rows a reactor must be able to finish: an erasure, and every event that
 * changes a session row's standing (a password change or reset raises the token version).
 */
const handles = [
  'UserErased',
  'UserBanned',
  'UserUnbanned',
  'UserPromoted',
  'UserDemoted',
  'PasswordChanged',
  'PasswordReset',
]

/**
 * Completes the command-side rows a user's events imply, after the fact and idempotently:
 * an erased user's key and rows are deleted, and a session row takes the standing the stream
 * gives it. On PostgreSQL the rows already changed with the events and this finds nothing to
 * do; where the store has no transactions (EventStoreDB) it is what makes them certain, retried
 * until done. It also mends rows left behind before they changed with their events.
 *
 * The standing comes from the stream as it is, not from the event, so replays and races cannot
 * put an older standing back: the session row is locked before the stream is read, and a
 * command changing it meanwhile waits for that lock and applies its change on top.
 */
export function createUserRowsReactor(options: {
  readonly store: Pick<EventStore, 'readStream'>
  readonly knex: Knex
}): Reactor {
  const { store, knex } = options
  return {
    name: userRowsReactorName,
    filter: { streamPrefixes: [userStreamPrefix], eventTypes: handles },
    async react(event: RecordedEvent) {
      const userId = event.streamId.slice(userStreamPrefix.length)
      await knex.transaction(async (trx) => {
        await trx('auth_sessions').where({ user_id: userId }).forUpdate().select('user_id')
        const state = await loadUserState(store, userId)
        if (state.status === 'registered') await standingFromStream(knex, state).transacting(trx)
        else await erasedUserRows(knex, userId)(knexRowWriter(trx), state)
      })
    },
  }
}

export function startUserRowsReactor(options: {
  readonly store: EventStore
  readonly knex: Knex
  readonly logger: Logger
  readonly retryDelayMs?: number
}): Promise<RunningReactor> {
  const { store, knex, logger } = options
  return startReactor({
    store,
    knex,
    logger,
    reactor: createUserRowsReactor({ store, knex }),
    ...(options.retryDelayMs === undefined ? {} : { retryDelayMs: options.retryDelayMs }),
  })
}
