import type { EventStore, EventStoreTransaction } from '@prizes/event-store'
import { WrongExpectedVersion } from '@prizes/event-store'
import { counter, histogram } from './registry'

const appendDuration = histogram({
  name: 'prizes_event_store_append_duration_seconds',
  help: 'Time one append to the event store took, by outcome (ok, conflict, error)',
  labelNames: ['outcome'],
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
})
const appendConflicts = counter({
  name: 'prizes_event_store_append_conflicts_total',
  help: 'Appends refused because the stream had moved on (wrong expected revision); the handler retries them',
})

const isConflict = (error: unknown) =>
  error instanceof WrongExpectedVersion ||
  (error as { code?: unknown } | null)?.code === 'WRONG_EXPECTED_VERSION'

/** Times one append and counts its outcome. */
async function measured<R>(append: () => Promise<R>): Promise<R> {
  const end = appendDuration.startTimer()
  try {
    const result = await append()
    end({ outcome: 'ok' })
    return result
  } catch (error) {
    const conflict = isConflict(error)
    end({ outcome: conflict ? 'conflict' : 'error' })
    if (conflict) appendConflicts.inc()
    throw error
  }
}

function measuredTransaction(tx: EventStoreTransaction): EventStoreTransaction {
  return {
    append: (streamId, events, options) => measured(() => tx.append(streamId, events, options)),
    query: tx.query.bind(tx),
  }
}

/**
 * The store, with every append timed and its conflicts counted (`/metrics`), inside a
 * transaction too; everything else is the store's own. Composed where the store is made, so
 * every caller in the process is measured.
 */
export function measuredEventStore<S extends EventStore>(store: S): S {
  const { transaction } = store
  return {
    ...store,
    append: (streamId, events, options) => measured(() => store.append(streamId, events, options)),
    ...(transaction
      ? {
          transaction: <T>(work: (tx: EventStoreTransaction) => Promise<T>) =>
            transaction.call(store, (tx) => work(measuredTransaction(tx))),
        }
      : {}),
  }
}
