import type { IncomingMessage, ServerResponse } from 'node:http'
import { afterEach, describe, expect, test } from 'vitest'
import { openEventStream } from '../testing/event-stream'
import { type Served, serve } from '../testing/serve'
import { httpProxy, type ProxyFailure } from './proxy'

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

/** A service instance that answers with its name and what it was sent, and counts its requests. */
async function instance(name: string) {
  const seen: string[] = []
  const server = await started((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => {
      body += chunk
    })
    req.on('end', () => {
      seen.push(`${req.method} ${req.url}`)
      res.writeHead(200, { 'content-type': 'application/json', 'x-instance': name })
      res.end(JSON.stringify({ name, body }))
    })
  })
  return { name, url: server.url, seen }
}

/** A URL nothing listens on: connections to it are refused. */
async function refusingUrl(): Promise<string> {
  const server = await serve((_req, res) => res.end())
  await server.close()
  return server.url
}

/** An instance that takes the connection and the request, then drops it without an answer. */
async function dropping() {
  const seen: string[] = []
  const server = await started((req) => {
    seen.push(`${req.method} ${req.url}`)
    req.socket.destroy()
  })
  return { url: server.url, seen }
}

const nameOf = async (answer: Response) => ((await answer.json()) as { name: string }).name

describe('the gateway proxy over several instances', () => {
  test('spreads requests round-robin', async () => {
    const a = await instance('a')
    const b = await instance('b')
    const c = await instance('c')
    const gateway = await started(httpProxy([a.url, b.url, c.url], () => {}))

    const names: string[] = []
    for (let i = 0; i < 6; i += 1) names.push(await nameOf(await fetch(`${gateway.url}/api/competitions`)))

    expect(names).toEqual(['a', 'b', 'c', 'a', 'b', 'c'])
  })

  test('a refused instance is skipped for GET and POST alike, the body reaching the next whole, and passed over after', async () => {
    const refused = await refusingUrl()
    const live = await instance('live')
    const failures: ProxyFailure[] = []
    const gateway = await started(httpProxy([refused, live.url], (_e, f) => failures.push(f)))

    const posted = await fetch(`${gateway.url}/api/entries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tickets: 3 }),
    })
    expect(posted.status).toBe(200)
    expect(await posted.json()).toEqual({ name: 'live', body: '{"tickets":3}' })
    for (let i = 0; i < 4; i += 1) {
      const answer = await fetch(`${gateway.url}/api/competitions`)
      expect(await nameOf(answer)).toBe('live')
    }

    // Tried once, then passed over: the later requests go straight to the live instance.
    expect(failures).toEqual([{ target: refused, retried: true }])
    expect(live.seen).toHaveLength(5)
  })

  test('a POST the instance may have received is not sent again; a GET is', async () => {
    const drops = await dropping()
    const live = await instance('live')
    const failures: ProxyFailure[] = []
    const gateway = await started(
      httpProxy([drops.url, live.url], (_e, f) => failures.push(f), { passOverMs: 60_000 }),
    )

    const posted = await fetch(`${gateway.url}/api/entries`, { method: 'POST', body: '{}' })
    expect(posted.status).toBe(502)
    expect(await posted.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' })
    expect(drops.seen).toEqual(['POST /api/entries'])
    expect(live.seen).toEqual([])
    expect(failures).toEqual([{ target: drops.url, retried: false }])

    // The dropping instance is passed over now: it goes last, so this GET starts at the live one.
    const got = await fetch(`${gateway.url}/api/competitions`)
    expect(await nameOf(got)).toBe('live')
    expect(drops.seen).toHaveLength(1)
  })

  test('a GET dropped before any answer goes to the next instance', async () => {
    const drops = await dropping()
    const live = await instance('live')
    const failures: ProxyFailure[] = []
    const gateway = await started(httpProxy([drops.url, live.url], (_e, f) => failures.push(f)))

    const got = await fetch(`${gateway.url}/api/competitions?page=2`)

    expect(got.status).toBe(200)
    expect(await nameOf(got)).toBe('live')
    expect(drops.seen).toEqual(['GET /api/competitions?page=2'])
    expect(live.seen).toEqual(['GET /api/competitions?page=2'])
    expect(failures).toEqual([{ target: drops.url, retried: true }])
  })

  test('a passed-over instance is tried again once its time is up', async () => {
    const drops = await dropping()
    const live = await instance('live')
    let now = 0
    const gateway = await started(
      httpProxy([drops.url, live.url], () => {}, { passOverMs: 100, now: () => now }),
    )

    await fetch(`${gateway.url}/api/competitions`)
    expect(drops.seen).toHaveLength(1)
    // Within the time, both turns of the rotation go to the live instance first.
    await fetch(`${gateway.url}/api/competitions`)
    await fetch(`${gateway.url}/api/competitions`)
    expect(drops.seen).toHaveLength(1)

    now = 99
    await fetch(`${gateway.url}/api/competitions`)
    expect(drops.seen).toHaveLength(1)
    now = 100
    await fetch(`${gateway.url}/api/competitions`)
    await fetch(`${gateway.url}/api/competitions`)
    expect(drops.seen).toHaveLength(2)
  })

  test('when every instance is unreachable the client gets 502', async () => {
    const first = await refusingUrl()
    const second = await refusingUrl()
    const failures: ProxyFailure[] = []
    const gateway = await started(httpProxy([first, second], (_e, f) => failures.push(f)))

    const answer = await fetch(`${gateway.url}/api/entries`, { method: 'POST', body: '{}' })

    expect(answer.status).toBe(502)
    expect(failures).toEqual([
      { target: first, retried: true },
      { target: second, retried: false },
    ])
  })

  test('an event stream passes each event at once, and a client that leaves ends the service request', async () => {
    let serviceRes: ServerResponse | undefined
    let serviceClosed: Promise<unknown> | undefined
    const service = await started((_req, res) => {
      serviceRes = res
      serviceClosed = new Promise((resolve) => res.once('close', resolve))
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform' })
      res.write('retry: 3000\n\n')
    })
    const gateway = await started(httpProxy(service.url, () => {}, { idleTimeoutMs: 60_000 }))

    const reader = await openEventStream(`${gateway.url}/api/competitions/live`)
    expect(reader.headers.get('cache-control')).toBe('no-cache, no-transform')
    await reader.next((e) => e.retry === 3000)
    serviceRes?.write('event: competition\ndata: {"id":"c1"}\n\n')
    expect(await reader.next((e) => e.event === 'competition')).toEqual({
      event: 'competition',
      data: '{"id":"c1"}',
    })

    reader.close()
    expect(serviceClosed).toBeDefined()
    await serviceClosed
  })

  test('closeStreams ends the event streams passing through, so the server can close', async () => {
    const service = await started((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      res.write('retry: 3000\n\n')
    })
    const errors: Error[] = []
    const proxy = httpProxy(service.url, (error) => errors.push(error))
    const gateway = await started(proxy)
    const reader = await openEventStream(`${gateway.url}/api/competitions/live`)
    await reader.next((e) => e.retry === 3000)

    proxy.closeStreams()

    expect(await reader.ended).toEqual({ clean: true })
    expect(errors).toEqual([])
  })
})
