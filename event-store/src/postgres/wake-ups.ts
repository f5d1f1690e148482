import pg from 'pg'
import type { EventStoreLogger } from '../logger'
import { appendedChannel } from './schema'

/** One subscription's view of the wake-ups: a flag set by every notification, and a wait. */
export interface WakeUpListener {
  /** Clears the flag; call it just before reading, so a notification during the read counts. */
  take(): void
  /** Resolves at once when a notification arrived since `take`, else on the next one or after `ms`. */
  wait(ms: number): Promise<void>
  dispose(): void
}

const reconnectDelayMs = 1_000

/**
 * One dedicated LISTEN connection per store, shared by all its subscriptions. It connects on
 * first use and reconnects after a failure; while it is down subscriptions fall back on their
 * slow poll, and every listener is woken after a reconnect in case a notification was lost.
 */
export function createWakeUps(
  /** Where to connect, with the store's connection timeouts. */
  settings: pg.ClientConfig,
  logger: EventStoreLogger,
  /** Notifications carrying this payload come from this store, which woke its listeners itself. */
  self: string,
) {
  const listeners = new Set<{ notified: boolean; wake: (() => void) | undefined }>()
  let client: pg.Client | undefined
  let connecting: Promise<void> | undefined
  let reconnectTimer: NodeJS.Timeout | undefined
  let closed = false

  function wakeAll() {
    for (const listener of listeners) {
      listener.notified = true
      listener.wake?.()
    }
  }

  async function connect(): Promise<void> {
    const next = new pg.Client(settings)
    next.on('notification', (message) => {
      if (message.payload !== self) wakeAll()
    })
    const lost = (error?: Error) => {
      if (client !== next) return
      client = undefined
      if (closed) return
      logger.warn({ err: error }, 'event store LISTEN connection lost; reconnecting')
      next.end().catch(() => {})
      scheduleReconnect()
    }
    next.on('error', lost)
    next.on('end', () => lost())
    try {
      await next.connect()
      await next.query(`listen ${appendedChannel}`)
    } catch (error) {
      logger.warn({ err: error }, 'event store could not LISTEN; subscriptions poll until it can')
      await next.end().catch(() => {})
      scheduleReconnect()
      return
    }
    if (closed) {
      await next.end()
      return
    }
    client = next
    wakeAll()
  }

  function scheduleReconnect() {
    if (closed || reconnectTimer || listeners.size === 0) return
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined
      if (!client) void ensureConnected()
    }, reconnectDelayMs)
  }

  function ensureConnected(): Promise<void> {
    if (client || closed) return Promise.resolve()
    connecting ??= connect().finally(() => {
      connecting = undefined
    })
    return connecting
  }

  return {
    /** Wakes this process's subscriptions without a round trip through PostgreSQL. */
    wakeLocal: wakeAll,
    /** Registers a listener and waits until LISTEN is active (or has failed, then polling covers). */
    async listen(): Promise<WakeUpListener> {
      const state: { notified: boolean; wake: (() => void) | undefined } = {
        notified: false,
        wake: undefined,
      }
      listeners.add(state)
      await ensureConnected()
      return {
        take() {
          state.notified = false
        },
        wait(ms) {
          if (state.notified || closed) return Promise.resolve()
          return new Promise<void>((resolve) => {
            const timer = setTimeout(done, ms)
            function done() {
              clearTimeout(timer)
              state.wake = undefined
              resolve()
            }
            state.wake = done
          })
        },
        dispose() {
          listeners.delete(state)
          state.wake?.()
        },
      }
    },
    async close(): Promise<void> {
      closed = true
      clearTimeout(reconnectTimer)
      wakeAll()
      await connecting
      const current = client
      client = undefined
      await current?.end()
    },
  }
}

export type WakeUps = ReturnType<typeof createWakeUps>
