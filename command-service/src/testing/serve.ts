import { createServer } from 'node:http'
import type Koa from 'koa'

/** Serves a Koa app on an ephemeral port for one test; `close` when done. */
export async function serve(app: Koa): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(app.callback())
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('expected a TCP address')
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  }
}
