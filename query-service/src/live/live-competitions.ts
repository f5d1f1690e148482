import type { ServerResponse } from 'node:http'
import { competitionChangeNotice, competitionChangesChannel } from '@prizes/contracts'
import { createNotificationListener, type DatabaseTimeouts, type Logger } from '@prizes/platform'
import { createLiveHub, defaultLiveLimits, type LiveLimits } from './hub'

export interface LiveCompetitionsOptions {
  /** The read-model database, where the competitions projection announces its changes. */
  readonly connectionString: string
  readonly timeouts?: Partial<DatabaseTimeouts>
  readonly logger: Logger
  readonly limits?: Partial<LiveLimits>
  /** First reconnection delay of the LISTEN connection (it doubles up to 30 s). */
  readonly reconnectDelayMs?: number
}

/** The process's live competition streams (`GET /api/competitions/live`). */
export interface LiveCompetitions {
  /** Starts a stream on `res`, or throws the 503 or 429 that refuses it. */
  open(res: ServerResponse, address: string): void
  /** Open streams now. */
  readonly streams: number
  /** Whether the LISTEN connection is in place. */
  readonly listening: boolean
  /** Ends every stream and the LISTEN connection. */
  close(): Promise<void>
}

/**
 * One LISTEN connection per process on the channel the competitions projection notifies, fanned
 * out to this process's streams: any number of query services each hear every change. When
 * LISTEN is (re)established, changes may have been missed meanwhile, so every client is told to
 * refetch.
 */
export function startLiveCompetitions(options: LiveCompetitionsOptions): LiveCompetitions {
  const log = options.logger.child({ component: 'live-competitions' })
  const hub = createLiveHub({ ...defaultLiveLimits, ...options.limits })
  const listener = createNotificationListener({
    connectionString: options.connectionString,
    channel: competitionChangesChannel,
    logger: log,
    ...(options.timeouts ? { timeouts: options.timeouts } : {}),
    ...(options.reconnectDelayMs !== undefined ? { reconnectDelayMs: options.reconnectDelayMs } : {}),
    onNotification(payload) {
      let parsed: unknown
      try {
        parsed = JSON.parse(payload)
      } catch {
        parsed = undefined
      }
      const notice = competitionChangeNotice.safeParse(parsed)
      if (!notice.success) {
        log.warn({ payload: payload.slice(0, 200) }, 'ignored a competition change that is not one')
        return
      }
      const { position: _position, ...change } = notice.data
      hub.publish(change)
    },
    onListening: () => hub.resync(),
  })
  return {
    open: (res, address) => hub.open(res, address),
    get streams() {
      return hub.size
    },
    get listening() {
      return listener.listening
    },
    async close() {
      hub.close()
      await listener.close()
    },
  }
}
