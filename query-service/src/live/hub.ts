import type { ServerResponse } from 'node:http'
import { type CompetitionChange, errorCodes, liveEvents, Refusal } from '@prizes/contracts'
import { networkOf } from './network'

/** The bounds of one process's live streams. */
export interface LiveLimits {
  /**
   * Open streams in this process. When they are all taken, a new stream takes the place of the
   * oldest stream of the network holding the most, if that network holds more than the
   * newcomer's would; otherwise it is refused with 503.
   */
  readonly maxStreams: number
  /** Open streams from one client address; past it a new one is refused with 429. */
  readonly maxStreamsPerAddress: number
  /** Open streams from one network (an IPv4 /24, an IPv6 /64); past it a new one is refused with 429. */
  readonly maxStreamsPerNetwork: number
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
  maxStreamsPerNetwork: 100,
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
  /** The address's /24 or /64: many addresses of one holder are one network. */
  readonly network: string
}

/** An open window of a competition's coalescing: the change held back until it closes, if any. */
interface Window {
  latest: CompetitionChange | undefined
}

export interface LiveHub {
  /**
   * Starts a stream on `res` (headers, the retry hint) for a client at `address`, or throws the
   * 503 or 429 that refuses it. The stream ends when the client goes, the hub closes, or (when
   * every place is taken) a client of a network holding fewer streams takes its place.
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
 *
 * Places are shared fairly: an address and a network (/24, /64) each hold a bounded number, and
 * when every place is taken the network holding the most gives up its oldest stream to a
 * newcomer from a network holding fewer, so a crowd of addresses cannot shut everyone else out:
 * it can only take places from itself.
 */
export function createLiveHub(limits: LiveLimits = defaultLiveLimits): LiveHub {
  const clients = new Set<Client>()
  const perAddress = new Map<string, number>()
  /** Each network's streams, oldest first (a Set keeps insertion order). */
  const perNetwork = new Map<string, Set<Client>>()
  const windows = new Map<string, Window>()
  let heartbeat: NodeJS.Timeout | undefined
  let closed = false

  function drop(client: Client) {
    if (!clients.delete(client)) return
    const count = (perAddress.get(client.address) ?? 1) - 1
    if (count > 0) perAddress.set(client.address, count)
    else perAddress.delete(client.address)
    const network = perNetwork.get(client.network)
    network?.delete(client)
    if (network?.size === 0) perNetwork.delete(client.network)
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

  /**
   * Every place is taken: the oldest stream of the network holding the most, when it holds more
   * than `network` would with one more. Looks over the networks holding streams (at most
   * `maxStreams`), only when the hub is full.
   */
  function placeFor(network: string): Client | undefined {
    const newcomers = (perNetwork.get(network)?.size ?? 0) + 1
    let heaviest: Set<Client> | undefined
    for (const held of perNetwork.values()) if (held.size > (heaviest?.size ?? 0)) heaviest = held
    if (!heaviest || heaviest.size <= newcomers) return undefined
    return heaviest.values().next().value
  }

  const full = () =>
    new Refusal(
      errorCodes.unavailable,
      'Too many live connections right now. The page refreshes on its own; please try again later.',
      { retryAfterSeconds },
    )
  const tooMany = (from: string) =>
    new Refusal(
      errorCodes.rateLimited,
      `Too many live connections from this ${from}. Close some tabs and try again.`,
      { retryAfterSeconds },
    )

  return {
    open(res, address) {
      if (closed) throw full()
      const network = networkOf(address)
      const fromAddress = perAddress.get(address) ?? 0
      if (fromAddress >= limits.maxStreamsPerAddress) throw tooMany('address')
      if ((perNetwork.get(network)?.size ?? 0) >= limits.maxStreamsPerNetwork) throw tooMany('network')
      if (clients.size >= limits.maxStreams) {
        const evicted = placeFor(network)
        if (!evicted) throw full()
        // It reconnects (EventSource does) and finds its own network's places taken.
        drop(evicted)
        evicted.res.end()
      }
      const client: Client = { res, address, network }
      clients.add(client)
      perAddress.set(address, fromAddress + 1)
      const held = perNetwork.get(network) ?? new Set<Client>()
      held.add(client)
      perNetwork.set(network, held)
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
