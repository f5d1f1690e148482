import type { AppendResult, EventStore, EventStoreTransaction, ExpectedRevision } from '@prizes/event-store'
import type { Logger } from '@prizes/platform'
import type { Knex } from 'knex'

/**
 * Command-side rows that change with a command's events (DESIGN section 6): an email claim, a
 * user's key, a session's standing. They are built with knex, which only compiles them here,
 * and run wherever the append runs: in the event store's own transaction on PostgreSQL (so the
 * rows and the events commit together or not at all), or in a transaction of their own right
 * after the append where the store has none (EventStoreDB), which a reactor then backs up.
 *
 * Compiling rather than handing knex the store's connection keeps the event store's port free
 * of knex and of pg's client: the store takes SQL text and values, as its adapter speaks it.
 */

/** One statement; a builder or a raw query of the command side's knex. */
export type RowStatement = Knex.QueryBuilder | Knex.Raw

export interface RowWriter {
  run(statement: RowStatement): Promise<void>
}

/** What a command changes besides its events, given the state right after the command. */
export type RowChanges<State> = (rows: RowWriter, state: State) => Promise<void>

/** Runs statements inside the event store's transaction, next to the append. */
export function storeRowWriter(tx: EventStoreTransaction): RowWriter {
  return {
    async run(statement) {
      const { sql, bindings } = statement.toSQL().toNative()
      await tx.query(sql, bindings)
    },
  }
}

/** Runs statements in a knex transaction, where the event store cannot hold them. */
export function knexRowWriter(trx: Knex.Transaction): RowWriter {
  return {
    async run(statement) {
      await statement.transacting(trx)
    },
  }
}

/**
 * A command-side index the events imply (an entry's competition and owner): rows that only ever
 * insert and never refuse, so, unlike a command's own `rows`, a command with one still joins a
 * batch. The handler gives each index the events of every command in the batch that names it,
 * once, and runs its one statement in the append's transaction.
 */
export interface EventIndex {
  statement(events: readonly { readonly type: string; readonly data: unknown }[]): RowStatement | undefined
}

/** A command's rows with the state they are written from. */
export interface PendingRows {
  readonly change: RowChanges<unknown>
  readonly state: unknown
}

/**
 * Appends a command's events with its rows: in one transaction where the store has them, else
 * the append first and the rows right after it (a failure there is logged; a reactor on the
 * events completes the rows).
 */
export async function appendWithRows(
  deps: {
    readonly store: Pick<EventStore, 'append' | 'transaction'>
    readonly knex: Knex | undefined
    readonly logger: Logger
  },
  streamId: string,
  events: Parameters<EventStore['append']>[1],
  expectedRevision: ExpectedRevision,
  rows: PendingRows,
): Promise<AppendResult> {
  const { store, knex, logger } = deps
  if (store.transaction) {
    return store.transaction(async (tx) => {
      const appended = await tx.append(streamId, events, { expectedRevision })
      await rows.change(storeRowWriter(tx), rows.state)
      return appended
    })
  }
  const appended = await store.append(streamId, events, { expectedRevision })
  try {
    await knex?.transaction((trx) => rows.change(knexRowWriter(trx), rows.state))
  } catch (error) {
    logger.error({ err: error, streamId }, 'rows of an appended command failed; a reactor completes them')
  }
  return appended
}
