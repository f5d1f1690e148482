import type { EventStoreLogger } from '../logger'
import type { Queryable } from './append'
import { appendedChannel } from './schema'

/**
 * Wakes every subscription in every process. The store calls it after its own appends; a writer
 * that appends inside its own transaction (`appendEvents` on a client) calls it after COMMIT,
 * or its events wait for the subscriptions' safety poll.
 */
export async function notifyAppended(db: Queryable, sender = ''): Promise<void> {
  await db.query('select pg_notify($1, $2)', [appendedChannel, sender])
}

/**
 * Tells subscribers that events were appended, once they are committed: at once to the
 * subscriptions of this process, and with a NOTIFY to those of other processes. NOTIFYs are
 * coalesced and spaced: an append after a quiet spell is announced at once, but then at most one
 * NOTIFY is sent per `minIntervalMs`, and any number of appends within it cause exactly one more
 * at its end. A NOTIFY is a statement and a commit of its own, which under a burst of appends
 * cost about a quarter of the append rate when one followed another; other processes hear of
 * new events at most `minIntervalMs` later instead. A lost NOTIFY only delays delivery until the
 * subscriptions' safety poll.
 */
export function createAppendAnnouncer(
  pool: Queryable,
  wakeLocal: () => void,
  logger: EventStoreLogger,
  /** The store's own id, as the payload: its own LISTEN ignores it, having been woken already. */
  sender: string,
  minIntervalMs = 5,
) {
  let busy = false
  let pending = false
  let closed = false
  let timer: NodeJS.Timeout | undefined

  function send(): void {
    busy = true
    pending = false
    const sentAt = performance.now()
    notifyAppended(pool, sender)
      .catch((error: unknown) => {
        if (!closed) logger.warn({ err: error }, 'event store could not NOTIFY; subscribers poll')
      })
      .finally(() => {
        if (closed) return
        const waitMs = minIntervalMs - (performance.now() - sentAt)
        if (waitMs <= 0) return settle()
        timer = setTimeout(settle, waitMs)
      })
  }

  /** The NOTIFY is done and the interval over: send the one owed, if any. */
  function settle(): void {
    timer = undefined
    busy = false
    if (pending && !closed) send()
  }

  return {
    announce(): void {
      wakeLocal()
      if (closed) return
      if (busy) pending = true
      else send()
    },
    close(): void {
      closed = true
      clearTimeout(timer)
    },
  }
}
