import http, { type IncomingHttpHeaders } from 'node:http'

export interface RawAnswer {
  readonly status: number
  readonly headers: IncomingHttpHeaders
  /** The bytes as sent, still encoded: fetch would have decoded them. */
  readonly body: Buffer
}

/** A request whose answer is read as it came over the wire, Content-Encoding and all. */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        )
        res.on('error', reject)
      },
    )
    request.on('error', reject)
    request.end()
  })
}
