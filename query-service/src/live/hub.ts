import type { ServerResponse } from 'node:http'
import { type CompetitionChange, errorCodes, liveEvents } from '@prizes/contracts'
import { HttpError } from '@prizes/platform'

/** The bounds of one process's live streams. */
export interface LiveLimits {
  /** Open streams in this process; past it a new one is refused with 503. */
  readonly maxStreams: number
  /** Open streams from one client address; past it a new one is refused with 429. */
  readonly maxStreamsPerAddress: number
  /** At most one event a competition in this window, carrying its latest figures. */
  readonly coalesceMs: number
  /** A comment this often keeps idle streams (and the proxies on their way) open. */
  readonly heartbeatMs: number
  /** The reconnection delay the stream tells EventSource to use. */
  readonly retryMs: number
  /** A client whose unsent bytes exceed this is too slow to keep up, and is dropped. */
  readonly maxBufferedBytes: number
}

export const defaultLiveLimits: LiveLimits = {
  maxStreams: 5000,
  maxStreamsPerAddress: 10,
  coalesceMs: 250,
  heartbeatMs: 20_000,
  retryMs: 3000,
  maxBufferedBytes: 64 * 1024,
}

/** Seconds a refused client is told to wait before opening another stream. */
const retryAfterSeconds = 30

interface Client {
  readonly res: ServerResponse
  readonly address: string
}

/** An open window of a competition's coalescing: the change held back until it closes, if any. */
interface Window {
  latest: CompetitionChange | undefined
}

export interface LiveHub {
  /**
   * Starts a stream on `res` (headers, the retry hint) for a client at `address`, or throws the
   * 503 or 429 that refuses it. The stream ends when the client goes or the hub closes.
   */
  open(res: ServerResponse, address: string): void
  /** A competition changed: sent to every stream at once, or at the end of its window. */
  publish(change: CompetitionChange): void
  /** Changes may have been missed (the LISTEN connection was down): every client refetches. */
  resync(): void
  /** Open streams now. */
  readonly size: number
  /** Ends every stream and refuses no more: for a shutdown. */
  close(): void
}

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`

/**
 * One process's server-sent event streams of competition changes. Each change is serialised
 * once and written to every stream; a competition's changes are coalesced so a rush of sales
 * sends at most one event a window with the latest figures. A client that cannot keep up (its
 * unsent bytes past the bound) is dropped rather than buffered for; it reconnects and refetches.
 */
export function createLiveHub(limits: LiveLimits = defaultLiveLimits): LiveHub {
  const clients = new Set<Client>()
  const perAddress = new Map<string, number>()
  const windows = new Map<string, Window>()
  let heartbeat: NodeJS.Timeout | undefined
  let closed = false

  function drop(client: Client) {
    if (!clients.delete(client)) return
    const count = (perAddress.get(client.address) ?? 1) - 1
    if (count > 0) perAddress.set(client.address, count)
    else perAddress.delete(client.address)
    if (clients.size === 0) {
      clearInterval(heartbeat)
      heartbeat = undefined
    }
  }

  function send(client: Client, chunk: string) {
    if (client.res.writableLength > limits.maxBufferedBytes) {
      drop(client)
      client.res.destroy()
      return
    }
    client.res.write(chunk)
  }

  const broadcast = (chunk: string) => {
    for (const client of clients) send(client, chunk)
  }

  function openWindow(id: string) {
    const window: Window = { latest: undefined }
    windows.set(id, window)
    setTimeout(() => {
      windows.delete(id)
      if (!window.latest) return
      broadcast(frame(liveEvents.competition, window.latest))
      openWindow(id)
    }, limits.coalesceMs).unref()
  }

  return {
    open(res, address) {
      if (closed || clients.size >= limits.maxStreams) {
        throw new HttpError(
          503,
          errorCodes.unavailable,
          'Too many live connections right now. The page refreshes on its own; please try again later.',
          undefined,
          retryAfterSeconds,
        )
      }
      const fromAddress = perAddress.get(address) ?? 0
      if (fromAddress >= limits.maxStreamsPerAddress) {
        throw new HttpError(
          429,
          errorCodes.rateLimited,
          'Too many live connections from this address. Close some tabs and try again.',
          undefined,
          retryAfterSeconds,
        )
      }
      const client: Client = { res, address }
      clients.add(client)
      perAddress.set(address, fromAddress + 1)
      res.once('close', () => drop(client))
      res.socket?.setTimeout(0)
      res.socket?.setNoDelay(true)
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        // no-transform: no proxy or compressor in between may hold events back to transform them.
        'Cache-Control': 'no-cache, no-transform',
        'X-Accel-Buffering': 'no',
      })
      res.write(`retry: ${limits.retryMs}\n\n`)
      heartbeat ??= setInterval(() => broadcast(': keep-alive\n\n'), limits.heartbeatMs)
      heartbeat.unref()
    },
    publish(change) {
      if (closed) return
      const window = windows.get(change.id)
      if (window) {
        window.latest = change
        return
      }
      broadcast(frame(liveEvents.competition, change))
      openWindow(change.id)
    },
    resync() {
      broadcast(frame(liveEvents.resync, {}))
    },
    get size() {
      return clients.size
    },
    close() {
      closed = true
      for (const client of [...clients]) {
        drop(client)
        client.res.end()
      }
    },
  }
}
