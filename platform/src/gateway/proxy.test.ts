import type { IncomingMessage, ServerResponse } from 'node:http'
import { afterEach, describe, expect, test } from 'vitest'
import { type Served, serve } from '../testing/serve'
import { httpProxy } from './proxy'

const servers: Served[] = []
afterEach(async () => {
  for (const server of servers.splice(0).reverse()) await server.close()
})

async function started(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Served> {
  const server = await serve(handler)
  servers.push(server)
  return server
}

describe('the gateway proxy', () => {
  test('a service that never answers is given up with 504 after the idle timeout, and reported', async () => {
    const hung: ServerResponse[] = []
    const service = await started((_req, res) => {
      hung.push(res)
    })
    const errors: Error[] = []
    const gateway = await started(
      httpProxy(service.url, (error) => errors.push(error), { idleTimeoutMs: 200 }),
    )

    const answer = await fetch(`${gateway.url}/api/competitions`)

    expect(answer.status).toBe(504)
    expect(await answer.json()).toMatchObject({ success: false, code: 'GATEWAY_TIMEOUT' })
    expect(errors.map((error) => error.name)).toEqual(['UpstreamTimeout'])
    for (const res of hung) res.destroy()
  })

  test('a streamed answer that keeps sending outlives the idle timeout', async () => {
    const service = await started((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv' })
      let sent = 0
      const timer = setInterval(() => {
        sent += 1
        res.write(`line ${sent}\n`)
        if (sent === 8) {
          clearInterval(timer)
          res.end()
        }
      }, 50)
    })
    const gateway = await started(httpProxy(service.url, () => {}, { idleTimeoutMs: 200 }))

    const answer = await fetch(`${gateway.url}/api/admin/entries/export`)

    expect(answer.status).toBe(200)
    expect((await answer.text()).trim().split('\n')).toHaveLength(8)
  })

  test('a service that is not there is 502', async () => {
    const gone = await started((_req, res) => res.end())
    const url = gone.url
    await servers.pop()?.close()
    const gateway = await started(httpProxy(url, () => {}))

    const answer = await fetch(`${gateway.url}/api/competitions`)

    expect(answer.status).toBe(502)
    expect(await answer.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' })
  })
})
