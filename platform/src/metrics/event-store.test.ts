import {
  type AppendResult,
  type EventStore,
  type EventStoreTransaction,
  WrongExpectedVersion,
} from '@prizes/event-store'
import { describe, expect, test } from 'vitest'
import { measuredEventStore } from './event-store'
import { metricsRegistry } from './registry'
import { parseExposition, sampleValue } from './testing/exposition'

const appended: AppendResult = { nextExpectedRevision: 0n, position: { commit: 1n, prepare: 1n } }

/** A store whose appends answer as told; nothing else is used. */
function storeAnswering(outcomes: Array<'ok' | 'conflict' | 'error'>) {
  const append = async (streamId: string) => {
    const outcome = outcomes.shift()
    if (outcome === 'conflict') throw new WrongExpectedVersion(streamId, 'noStream', 0n)
    if (outcome === 'error') throw new Error('connection lost')
    return appended
  }
  const tx: EventStoreTransaction = { append, query: async () => ({ rows: [], rowCount: 0 }) }
  const store = {
    append,
    transaction: <T>(work: (tx: EventStoreTransaction) => Promise<T>) => work(tx),
    snapshots: 'kept',
  }
  return store as unknown as EventStore & { readonly snapshots: string }
}

async function counts() {
  const exposition = parseExposition(await metricsRegistry.metrics())
  const appends = (outcome: string) =>
    sampleValue(exposition, 'prizes_event_store_append_duration_seconds_count', { outcome })
  return {
    ok: appends('ok'),
    conflict: appends('conflict'),
    error: appends('error'),
    conflicts: sampleValue(exposition, 'prizes_event_store_append_conflicts_total'),
  }
}

describe('measuredEventStore', () => {
  test('times every append by outcome and counts the conflicts, in a transaction too', async () => {
    const store = measuredEventStore(storeAnswering(['ok', 'conflict', 'error', 'ok', 'conflict']))
    expect(store.snapshots).toBe('kept')
    const event = [{ type: 'Probe', data: {} }]
    const options = { expectedRevision: 'any' as const }

    await expect(store.append('s', event, options)).resolves.toEqual(appended)
    await expect(store.append('s', event, options)).rejects.toBeInstanceOf(WrongExpectedVersion)
    await expect(store.append('s', event, options)).rejects.toThrow('connection lost')
    expect(await counts()).toEqual({ ok: 1, conflict: 1, error: 1, conflicts: 1 })

    const inTransaction = store.transaction?.(async (tx) => {
      await tx.append('s', event, options)
      await tx.append('s', event, options)
    })
    await expect(inTransaction).rejects.toBeInstanceOf(WrongExpectedVersion)
    expect(await counts()).toEqual({ ok: 2, conflict: 2, error: 1, conflicts: 2 })
  })
})
