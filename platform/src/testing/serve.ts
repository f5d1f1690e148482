import { createServer, type RequestListener } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Served {
  /** `http://127.0.0.1:<port>` */
  readonly url: string
  close(): Promise<void>
}

/** Serves a request handler (e.g. `app.callback()`) on an ephemeral loopback port for a test. */
export function serve(handler: RequestListener): Promise<Served> {
  const server = createServer(handler)
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done())
            server.closeAllConnections()
          }),
      })
    })
  })
}
