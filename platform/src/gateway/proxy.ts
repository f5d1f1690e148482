import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import https from 'node:https'

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void

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
}

export const defaultProxyIdleTimeoutMs = 120_000

class UpstreamTimeout extends Error {
  override readonly name = 'UpstreamTimeout'
}

const failure = (code: string, message: string) => JSON.stringify({ success: false, code, message })

/** Forwards a request to a service over HTTP, streaming both bodies. */
export function httpProxy(
  target: string,
  onError: (error: Error) => void,
  options: ProxyOptions = {},
): RequestHandler {
  const idleTimeoutMs = options.idleTimeoutMs ?? defaultProxyIdleTimeoutMs
  const base = new URL(target)
  const client = base.protocol === 'https:' ? https : http
  return function forward(req, res) {
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([k]) => !hopByHop.has(k.toLowerCase())),
    )
    const upstream = client.request(
      {
        protocol: base.protocol,
        hostname: base.hostname,
        port: base.port,
        method: req.method,
        path: req.url,
        headers,
        timeout: idleTimeoutMs,
      },
      (answer) => {
        const outHeaders = Object.fromEntries(
          Object.entries(answer.headers).filter(([k]) => !hopByHop.has(k.toLowerCase())),
        )
        res.writeHead(answer.statusCode ?? 502, outHeaders)
        answer.pipe(res)
      },
    )
    upstream.on('timeout', () => {
      upstream.destroy(new UpstreamTimeout(`${req.method} ${req.url}: no answer for ${idleTimeoutMs} ms`))
    })
    upstream.on('error', (error) => {
      onError(error)
      if (res.headersSent) {
        res.destroy()
      } else if (error instanceof UpstreamTimeout) {
        res.writeHead(504, { 'content-type': 'application/json' })
        res.end(failure('GATEWAY_TIMEOUT', 'The service took too long to answer. Please try again.'))
      } else {
        res.writeHead(502, { 'content-type': 'application/json' })
        res.end(failure('SERVICE_UNAVAILABLE', 'The service is not reachable. Please try again.'))
      }
    })
    req.pipe(upstream)
  }
}
