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

/** Forwards a request to a service over HTTP, streaming both bodies. */
export function httpProxy(target: string, onError: (error: Error) => void): RequestHandler {
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
      },
      (answer) => {
        const outHeaders = Object.fromEntries(
          Object.entries(answer.headers).filter(([k]) => !hopByHop.has(k.toLowerCase())),
        )
        res.writeHead(answer.statusCode ?? 502, outHeaders)
        answer.pipe(res)
      },
    )
    upstream.on('error', (error) => {
      onError(error)
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/json' })
        res.end(
          JSON.stringify({
            success: false,
            code: 'SERVICE_UNAVAILABLE',
            message: 'The service is not reachable. Please try again.',
          }),
        )
      } else {
        res.destroy()
      }
    })
    req.pipe(upstream)
  }
}
