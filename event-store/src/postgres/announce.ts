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
 * coalesced: while one is in flight, any number of further appends cause exactly one more, so a
 * burst of appends costs a couple of tiny statements rather than one per append. A lost NOTIFY
 * only delays delivery until the subscriptions' safety poll.
 */
export function createAppendAnnouncer(
  pool: Queryable,
  wakeLocal: () => void,
  logger: EventStoreLogger,
  /** The store's own id, as the payload: its own LISTEN ignores it, having been woken already. */
  sender: string,
) {
  let inFlight = false
  let pending = false
  let closed = false

  function send(): void {
    inFlight = true
    pending = false
    notifyAppended(pool, sender)
      .catch((error: unknown) => {
        if (!closed) logger.warn({ err: error }, 'event store could not NOTIFY; subscribers poll')
      })
      .finally(() => {
        inFlight = false
        if (pending && !closed) send()
      })
  }

  return {
    announce(): void {
      wakeLocal()
      if (closed) return
      if (inFlight) pending = true
      else send()
    },
    close(): void {
      closed = true
    },
  }
}
