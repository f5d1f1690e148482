import type pg from 'pg'
import type { Position, RecordedEvent, SubscribeOptions, Subscription } from '../port'
import { readAllPage } from './read-all'
import type { WakeUps } from './wake-ups'

export interface SubscriptionTiming {
  /** Events read per catch-up query. */
  readonly batchSize: number
  /** The safety-net poll while caught up, in case a notification is lost. */
  readonly pollIntervalMs: number
  /** First re-read delay while committed events are held back by an older open transaction. */
  readonly heldBackRetryMs: number
}

/** Held-back re-reads never wait longer than this, whatever the poll interval. */
const heldBackRetryMaxMs = 500

/**
 * Catches up in batches, then waits for a wake-up (or the slow poll) and reads again. While
 * committed events are held back behind an older open transaction it re-reads with a short,
 * doubling delay, because the end of that transaction may never be announced.
 */
export function subscribeToAll(
  pool: pg.Pool,
  wakeUps: WakeUps,
  timing: SubscriptionTiming,
  options: SubscribeOptions,
  untrack: (subscription: Subscription) => void,
): Subscription {
  let closed = false
  let stopWaiting: (() => void) | undefined

  async function* events(): AsyncGenerator<RecordedEvent> {
    const listener = await wakeUps.listen()
    stopWaiting = () => listener.dispose()
    let after: Position | 'start' = options.from
    let retryMs = timing.heldBackRetryMs
    try {
      while (!closed) {
        listener.take()
        const page = await readUnlessClosed(after)
        if (!page) return
        for (const event of page.events) {
          if (closed) return
          yield event
          after = event.position
        }
        if (page.events.length === timing.batchSize) continue
        if (page.heldBack) {
          await listener.wait(retryMs)
          retryMs = Math.min(retryMs * 2, timing.pollIntervalMs, heldBackRetryMaxMs)
        } else {
          retryMs = timing.heldBackRetryMs
          await listener.wait(timing.pollIntervalMs)
        }
      }
    } finally {
      listener.dispose()
      untrack(subscription)
    }
  }

  /** A read racing `close()` may find the pool already ended; that is the end, not an error. */
  async function readUnlessClosed(after: Position | 'start') {
    try {
      return await readAllPage(pool, after, timing.batchSize, options.filter)
    } catch (error) {
      if (closed) return undefined
      throw error
    }
  }

  const iterator = events()
  const subscription: Subscription = {
    [Symbol.asyncIterator]: () => iterator,
    /** Resolves once the subscription has stopped, so no query of it outlives the call. */
    async close() {
      closed = true
      stopWaiting?.()
      await iterator.return(undefined)
      untrack(subscription)
    },
  }
  return subscription
}
