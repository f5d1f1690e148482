import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import https from 'node:https'
import { errorCodes } from '@prizes/contracts'

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void

/** A proxy's handler, and a way to end the streams it holds open (for a shutdown). */
export type ProxyHandler = RequestHandler & {
  /** Ends every server-sent event stream passing through, so the server can close. */
  closeStreams(): void
}

const hopByHop = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
  'te',
  'trailer',
])

export interface ProxyOptions {
  /**
   * How long the service may stay silent (no headers, no body bytes) before the request is given
   * up with 504. Streamed answers (exports, backups) keep sending, so only a hung service hits it;
   * the services' own database bounds (15 s a statement) end a normal request well before.
   */
  readonly idleTimeoutMs?: number
  /** How long an instance that could not be reached is tried only after the others; 5 s unless given. */
  readonly passOverMs?: number
  /** The clock passing-over is timed by; tests move it. The real clock unless given. */
  readonly now?: () => number
}

/** What the proxy was doing when a service failed it. */
export interface ProxyFailure {
  /** The instance's base URL. */
  readonly target: string
  /** The request goes on to another instance; the client sees nothing of this failure. */
  readonly retried: boolean
}

export const defaultProxyIdleTimeoutMs = 120_000
const defaultPassOverMs = 5000

class UpstreamTimeout extends Error {
  override readonly name = 'UpstreamTimeout'
}

/**
 * Failures of the connection itself, before any answer: the instance is down, restarting, or
 * gone from DNS (a stopped container), or closed a kept-alive connection as it was reused.
 */
const connectionFailures = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ECONNABORTED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
])

const isConnectionFailure = (error: Error) =>
  connectionFailures.has(String((error as NodeJS.ErrnoException).code))

const failure = (code: string, message: string) => JSON.stringify({ success: false, code, message })

interface Target {
  readonly url: string
  readonly base: URL
  readonly client: typeof http | typeof https
  /** Until then (ms since the epoch) it is tried only when the others fail too. */
  passedOverUntil: number
}

/**
 * A GET or HEAD without a body (what browsers send): safe to send again to another instance
 * whatever happened to the first, and sent with no body at all, so nothing of the client's
 * request is consumed by a failed try.
 */
function isRepeatable(req: IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false
  const length = req.headers['content-length']
  return req.headers['transfer-encoding'] === undefined && (length === undefined || length === '0')
}

/**
 * Forwards a request to a service over HTTP, streaming both bodies. With several base URLs
 * (instances of one stateless service) requests go round-robin; an instance that cannot be
 * reached is passed over for `passOverMs` and the request goes to the next one when that is
 * safe: always when nothing reached the instance (the connection was refused, or its name did
 * not resolve), and for a body-less GET or HEAD also when the connection failed before any
 * answer. Any other request failed after it may have been received, so it is not sent twice.
 */
export function httpProxy(
  target: string | readonly string[],
  onError: (error: Error, failure: ProxyFailure) => void,
  options: ProxyOptions = {},
): ProxyHandler {
  const idleTimeoutMs = options.idleTimeoutMs ?? defaultProxyIdleTimeoutMs
  const passOverMs = options.passOverMs ?? defaultPassOverMs
  const clock = options.now ?? Date.now
  const targets: Target[] = (typeof target === 'string' ? [target] : target).map((url) => {
    const base = new URL(url)
    return { url, base, client: base.protocol === 'https:' ? https : http, passedOverUntil: 0 }
  })
  if (targets.length === 0) throw new Error('httpProxy needs at least one target')
  let turn = 0
  /** Event streams passing through, by their client response: how to end each, both ways. */
  const streams = new Map<ServerResponse, () => void>()

  /** This request's instances in the order to try: the round's next first, unreachable ones last. */
  function plan(): Target[] {
    const start = turn
    turn = (turn + 1) % targets.length
    const rotated = targets.map((_, i) => targets[(start + i) % targets.length] as Target)
    const now = clock()
    return [
      ...rotated.filter((t) => t.passedOverUntil <= now),
      ...rotated.filter((t) => t.passedOverUntil > now),
    ]
  }

  function forward(req: IncomingMessage, res: ServerResponse) {
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([k]) => !hopByHop.has(k.toLowerCase())),
    )
    const repeatable = isRepeatable(req)
    const order = plan()

    const attempt = (index: number) => {
      const instance = order[index] as Target
      /** Whether a byte may have reached the instance: a failure after that is not retried unless repeatable. */
      let connected = false
      let answered = false
      /** The client went away first: the service's request is ended, and that is no failure. */
      let abandoned = false
      const upstream = instance.client.request(
        {
          protocol: instance.base.protocol,
          hostname: instance.base.hostname,
          port: instance.base.port,
          method: req.method,
          path: req.url,
          headers,
          timeout: idleTimeoutMs,
        },
        (answer) => {
          answered = true
          const outHeaders = Object.fromEntries(
            Object.entries(answer.headers).filter(([k]) => !hopByHop.has(k.toLowerCase())),
          )
          res.writeHead(answer.statusCode ?? 502, outHeaders)
          // Sent on at once (not held for a fuller packet): server-sent events are small and late.
          if (String(answer.headers['content-type']).startsWith('text/event-stream')) {
            res.socket?.setNoDelay(true)
            res.flushHeaders()
            streams.set(res, () => {
              abandoned = true
              upstream.destroy()
              res.end()
            })
          }
          answer.pipe(res)
        },
      )
      // A client that leaves before the answer is complete (a closed tab on an event stream)
      // ends the service's request too, so the service lets go of it at once.
      res.once('close', () => {
        streams.delete(res)
        if (res.writableFinished) return
        abandoned = true
        upstream.destroy()
      })
      // The body waits for the connection: a refused one has then taken nothing of it, and the
      // next instance gets it whole.
      const sendBody = () => {
        connected = true
        if (repeatable) upstream.end()
        else req.pipe(upstream)
      }
      upstream.on('socket', (socket) => {
        if (socket.connecting) socket.once('connect', sendBody)
        else sendBody()
      })
      upstream.on('timeout', () => {
        upstream.destroy(new UpstreamTimeout(`${req.method} ${req.url}: no answer for ${idleTimeoutMs} ms`))
      })
      upstream.on('error', (error) => {
        if (abandoned) return
        const unreachable = !(error instanceof UpstreamTimeout) && isConnectionFailure(error)
        if (unreachable && !answered) instance.passedOverUntil = clock() + passOverMs
        const retry =
          unreachable &&
          !answered &&
          (!connected || repeatable) &&
          index + 1 < order.length &&
          !res.destroyed &&
          !res.headersSent
        onError(error, { target: instance.url, retried: retry })
        if (retry) {
          attempt(index + 1)
        } else if (res.headersSent) {
          res.destroy()
        } else if (error instanceof UpstreamTimeout) {
          res.writeHead(504, { 'content-type': 'application/json' })
          res.end(
            failure(errorCodes.gatewayTimeout, 'The service took too long to answer. Please try again.'),
          )
        } else {
          res.writeHead(502, { 'content-type': 'application/json' })
          res.end(failure(errorCodes.unavailable, 'The service is not reachable. Please try again.'))
        }
      })
    }
    attempt(0)
  }

  return Object.assign(forward, {
    closeStreams() {
      for (const [res, end] of streams) {
        streams.delete(res)
        end()
      }
    },
  })
}
