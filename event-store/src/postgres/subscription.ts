import type pg from 'pg'
import {
  comparePositions,
  type Position,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '../port'
import type { LiveTail } from './live-tail'
import { readAllPage } from './read-all'
import type { WakeUps } from './wake-ups'

export interface SubscriptionTiming {
  /** Events read per catch-up query. */
  readonly batchSize: number
  /** The safety-net poll while caught up, in case a notification is lost. */
  readonly pollIntervalMs: number
  /** First re-read delay while committed events are held back by an older open transaction. */
  readonly heldBackRetryMs: number
  /** Newest events the store keeps in memory for subscriptions that have caught up. */
  readonly tailCapacity: number
}

/** Held-back re-reads never wait longer than this, whatever the poll interval. */
const heldBackRetryMaxMs = 500

/**
 * Catches up in batches read from the log, then takes its events from the store's live tail
 * (`live-tail.ts`) with no query of its own, waiting for the tail's head to move. Whenever its
 * cursor is behind the tail's window (it started far back, or was too slow to keep up) it reads
 * the log itself again. While committed events are held back behind an older open transaction
 * its own reads re-read with a short, doubling delay, because the end of that transaction may
 * never be announced (the tail does the same for the window).
 */
export function subscribeToAll(
  pool: pg.Pool,
  wakeUps: WakeUps,
  tail: LiveTail,
  timing: SubscriptionTiming,
  options: SubscribeOptions,
  untrack: (subscription: Subscription) => void,
): Subscription {
  let closed = false
  let stopWaiting: (() => void) | undefined
  let resolveClosing: () => void = () => {}
  const closing = new Promise<void>((resolve) => {
    resolveClosing = resolve
  })

  async function* events(): AsyncGenerator<RecordedEvent> {
    const listener = await wakeUps.listen()
    stopWaiting = () => listener.dispose()
    let after: Position | 'start' = options.from
    let retryMs = timing.heldBackRetryMs
    try {
      while (!closed) {
        const taken = tail.take(after, options.filter)
        if (taken) {
          for (const event of taken.events) {
            if (closed) return
            yield event
            after = event.position
          }
          // Every event up to the tail's head was in the window, and none of the rest matched.
          after = taken.head
          await Promise.race([tail.waitForMore(taken.head, timing.pollIntervalMs), closing])
          continue
        }

        if (!(await startTailUnlessClosed())) return
        // Everything up to this head was readable before the query below began, so the query
        // covers it: once the query comes back short, the cursor may move up to it.
        const headBefore = tail.head()
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
          continue
        }
        retryMs = timing.heldBackRetryMs
        if (after === 'start' || comparePositions(after, headBefore) < 0) after = headBefore
        // Back on the window, unless it moved on meanwhile: then read again after a wake-up.
        if (!tail.covers(after)) await listener.wait(timing.pollIntervalMs)
      }
    } finally {
      listener.dispose()
      untrack(subscription)
    }
  }

  async function startTailUnlessClosed(): Promise<boolean> {
    try {
      await tail.start()
      return !closed
    } catch (error) {
      if (closed) return false
      throw error
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
      resolveClosing()
      stopWaiting?.()
      await iterator.return(undefined)
      untrack(subscription)
    },
  }
  return subscription
}
