import { type DatabaseTimeouts, defaultDatabaseTimeouts, pgTimeoutSettings } from '@prizes/event-store'
import pg from 'pg'
import type { Logger } from 'pino'

export interface NotificationListenerOptions {
  readonly connectionString: string
  /** The channel to LISTEN on (a plain identifier). */
  readonly channel: string
  readonly logger: Logger
  /** Bounds on connecting and on each statement; the defaults unless given. */
  readonly timeouts?: Partial<DatabaseTimeouts>
  /** Each notification's payload, in the order PostgreSQL delivers them (commit order). */
  onNotification(payload: string): void
  /**
   * Called each time LISTEN is in place, the first time and after every reconnection:
   * notifications sent while it was not may have been missed.
   */
  onListening(): void
  /** First delay before reconnecting; it doubles up to `maxReconnectDelayMs`. */
  readonly reconnectDelayMs?: number
  readonly maxReconnectDelayMs?: number
  /** How often the idle connection is checked with a round trip (a silent network loss). */
  readonly pingIntervalMs?: number
}

export interface NotificationListener {
  /** Whether LISTEN is in place now. */
  readonly listening: boolean
  close(): Promise<void>
}

const channelName = /^[a-z_][a-z0-9_]*$/

/**
 * One dedicated connection holding LISTEN on a channel, outside any pool (a pooled connection
 * would be handed to others and lose it). Connecting is bounded by the connect timeout; a lost
 * or failed connection is replaced after a delay that doubles up to a bound, and a periodic
 * round trip finds a connection the network dropped without telling either end.
 */
export function createNotificationListener(options: NotificationListenerOptions): NotificationListener {
  if (!channelName.test(options.channel)) throw new Error(`Not a channel name: ${options.channel}`)
  const timeouts = { ...defaultDatabaseTimeouts, ...options.timeouts }
  const settings: pg.ClientConfig = {
    connectionString: options.connectionString,
    ...pgTimeoutSettings(timeouts),
  }
  const firstDelayMs = options.reconnectDelayMs ?? 500
  const maxDelayMs = options.maxReconnectDelayMs ?? 30_000
  const pingIntervalMs = options.pingIntervalMs ?? 30_000
  const { logger } = options
  let client: pg.Client | undefined
  let delayMs = firstDelayMs
  let retryTimer: NodeJS.Timeout | undefined
  let pingTimer: NodeJS.Timeout | undefined
  let connecting: Promise<void> | undefined
  let closed = false

  function scheduleReconnect() {
    if (closed || retryTimer) return
    retryTimer = setTimeout(() => {
      retryTimer = undefined
      connecting = connect().finally(() => {
        connecting = undefined
      })
    }, delayMs)
    delayMs = Math.min(maxDelayMs, delayMs * 2)
  }

  async function connect(): Promise<void> {
    const next = new pg.Client(settings)
    let lostAlready = false
    const lost = (error?: Error) => {
      if (lostAlready) return
      lostAlready = true
      const wasListening = client === next
      if (wasListening) client = undefined
      clearInterval(pingTimer)
      next.end().catch(() => {})
      if (closed) return
      if (wasListening)
        logger.warn({ err: error, channel: options.channel }, 'LISTEN connection lost; reconnecting')
      scheduleReconnect()
    }
    next.on('error', lost)
    next.on('end', () => lost())
    next.on('notification', (message) => {
      if (message.channel === options.channel && message.payload !== undefined) {
        options.onNotification(message.payload)
      }
    })
    try {
      await next.connect()
      await next.query(`listen ${options.channel}`)
    } catch (error) {
      logger.warn({ err: error, channel: options.channel }, 'could not LISTEN; trying again')
      lost(error as Error)
      return
    }
    if (closed || lostAlready) {
      await next.end().catch(() => {})
      return
    }
    client = next
    delayMs = firstDelayMs
    pingTimer = setInterval(() => {
      next.query('select 1').catch((error: Error) => lost(error))
    }, pingIntervalMs)
    pingTimer.unref()
    options.onListening()
  }

  connecting = connect().finally(() => {
    connecting = undefined
  })

  return {
    get listening() {
      return client !== undefined
    },
    async close() {
      closed = true
      clearTimeout(retryTimer)
      clearInterval(pingTimer)
      await connecting
      const current = client
      client = undefined
      await current?.end().catch(() => {})
    },
  }
}
