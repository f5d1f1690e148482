import { applyToLedger, ledgerEventTypes } from '@prizes/command-service/use-cases'
import { competitionStreamPrefix } from '@prizes/contracts'
import type { EventStore, RecordedEvent } from '@prizes/event-store'
import type { Logger } from '@prizes/platform'
import type { Knex } from 'knex'
import { type Reactor, type RunningReactor, startReactor } from '../runner'

export const spendingLedgerName = 'spending-ledger'

/**
 * Keeps the spending ledger in step with the entries, whoever changed them (a payment, the
 * expiry reactor, a refund by an admin or a cancellation): a paid entry's hold becomes spending,
 * a released one stops counting, a refunded one leaves the month. Each move happens once, so
 * a replay changes nothing. Until it has run, a hold still counts (until its expiry): the
 * ledger lags on the side of refusing, never of letting a purchase through.
 */
export function createSpendingLedgerReactor(options: { readonly knex: Knex }): Reactor {
  const { knex } = options
  return {
    name: spendingLedgerName,
    filter: { streamPrefixes: [competitionStreamPrefix], eventTypes: [...ledgerEventTypes] },
    react: (event: RecordedEvent) => applyToLedger(knex, event),
  }
}

export function startSpendingLedgerReactor(options: {
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
    reactor: createSpendingLedgerReactor({ knex }),
    ...(options.retryDelayMs === undefined ? {} : { retryDelayMs: options.retryDelayMs }),
  })
}
