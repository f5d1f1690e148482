import net, { type AddressInfo } from 'node:net'

/**
 * A TCP proxy for putting between a service and its PostgreSQL in a test, to play the
 * database's faults: `hang` (connections are accepted and kept, but nothing is forwarded either
 * way, as when the server or the network stalls), `down` (every connection is cut and new ones
 * are refused, as when the server is stopped) and `resume`.
 */
export interface TcpProxy {
  /** The proxy's port on 127.0.0.1. */
  readonly port: number
  hang(): void
  down(): Promise<void>
  /** Forwards again: what was held back while hung flows on; after `down`, it listens again. */
  resume(): Promise<void>
  close(): Promise<void>
}

/** One proxied connection: what each side sent while the proxy was hung waits in `held`. */
interface Pair {
  readonly client: net.Socket
  readonly upstream: net.Socket
  readonly held: Array<{ readonly to: net.Socket; readonly chunk: Buffer }>
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<Pair>()
  let hung = false
  let closed = false

  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host)
    const pair: Pair = { client, upstream, held: [] }
    pairs.add(pair)
    const forward = (to: net.Socket) => (chunk: Buffer) => {
      if (hung) pair.held.push({ to, chunk })
      else to.write(chunk)
    }
    client.on('data', forward(upstream))
    upstream.on('data', forward(client))
    const end = () => {
      pairs.delete(pair)
      client.destroy()
      upstream.destroy()
    }
    for (const socket of [client, upstream]) {
      socket.on('error', end)
      socket.on('close', end)
    }
  })

  const release = (pair: Pair) => {
    for (const { to, chunk } of pair.held.splice(0)) to.write(chunk)
  }

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject)
        resolve((server.address() as AddressInfo).port)
      })
    })
  const stopListening = () => new Promise<void>((resolve) => server.close(() => resolve()))
  const cutAll = () => {
    for (const { client, upstream } of pairs) {
      client.destroy()
      upstream.destroy()
    }
    pairs.clear()
  }

  const port = await listen(0)
  let listening = true
  return {
    port,
    hang() {
      hung = true
    },
    async down() {
      hung = false
      if (listening) {
        listening = false
        const stopped = stopListening()
        cutAll()
        await stopped
      }
    },
    async resume() {
      hung = false
      for (const pair of pairs) release(pair)
      if (!listening && !closed) {
        await listen(port)
        listening = true
      }
    },
    async close() {
      closed = true
      hung = false
      const stopped = listening ? stopListening() : Promise.resolve()
      listening = false
      cutAll()
      await stopped
    },
  }
}
