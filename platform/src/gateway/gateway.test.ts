import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApp } from '../http/app'
import { parseTrustedProxies } from '../http/client-address'
import { rawRequest } from '../testing/raw-request'
import { type Served, serve } from '../testing/serve'
import { createGateway } from './gateway'
import { holdUntilReadyHash } from './hold-until-ready'
import { httpProxy } from './proxy'
import { testCompetition } from './test-competition'

/** Stands in for a service: echoes what the gateway handed it. */
function echo(service: string) {
  return (req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(
      JSON.stringify({
        service,
        path: req.url,
        forwardedFor: req.headers['x-forwarded-for'],
        forwardedProto: req.headers['x-forwarded-proto'],
      }),
    )
  }
}

const liveStreams: PassThrough[] = []

/** Stands in for the query service: a Koa app of ours, answering a list worth compressing. */
const bigQueryAnswer = (() => {
  const app = createApp({ name: 'query', logger: pino({ level: 'silent' }) })
  app.use((ctx) => {
    // The event stream stands on a path the endpoint table routes to the query service today.
    if (ctx.path === '/api/competitions/featured') {
      const stream = new PassThrough()
      liveStreams.push(stream)
      ctx.type = 'text/event-stream'
      ctx.body = stream
      stream.write('data: {"sold":1}\n\n')
      return
    }
    ctx.body = {
      success: true,
      competitions: Array.from({ length: 50 }, (_, i) => ({ id: String(i), title: 'A prize' })),
    }
  })
  return app.callback()
})()

let gateway: Served | undefined
beforeAll(async () => {
  const app = createGateway({
    logger: pino({ level: 'silent' }),
    services: { command: echo('command'), query: echo('query') },
    webDistDir: '/nonexistent-web-dist',
    mediaDir: '/nonexistent-media',
    publicUrl: 'http://localhost:3000',
    stripe: false,
  })
  gateway = await serve(app.callback())
})
afterAll(() => gateway?.close())

const get = (path: string, init?: RequestInit) => fetch(`${gateway?.url}${path}`, init)

describe('the gateway', () => {
  test('routes /api by the endpoint table', async () => {
    expect(await (await get('/api/competitions')).json()).toMatchObject({
      service: 'query',
      path: '/api/competitions',
    })
    const login = await get('/api/auth/login', { method: 'POST', body: '{}' })
    expect(await login.json()).toMatchObject({ service: 'command' })
  })

  test('answers unknown API paths and wrong methods with the error body', async () => {
    const unknown = await get('/api/nope')
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toMatchObject({ success: false, code: 'NOT_FOUND' })
    const wrongMethod = await get('/api/competitions', { method: 'DELETE' })
    expect(wrongMethod.status).toBe(405)
  })

  test('replaces a client-claimed X-Forwarded-For with the real address', async () => {
    const res = await get('/api/competitions', { headers: { 'x-forwarded-for': '203.0.113.9' } })
    expect(await res.json()).toMatchObject({ forwardedFor: '127.0.0.1' })
  })

  test('behind a trusted proxy: the right-most untrusted address of its X-Forwarded-For, and only that', async () => {
    const behind = await serve(
      createGateway({
        logger: pino({ level: 'silent' }),
        services: { command: echo('command'), query: echo('query') },
        webDistDir: '/nonexistent-web-dist',
        mediaDir: '/nonexistent-media',
        publicUrl: 'http://localhost:3000',
        stripe: false,
        trustedProxies: parseTrustedProxies('127.0.0.1'),
      }).callback(),
    )
    try {
      const forwarded = (value: string) =>
        fetch(`${behind.url}/api/competitions`, { headers: { 'x-forwarded-for': value } }).then(
          (res) => res.json() as Promise<{ forwardedFor: string }>,
        )
      expect((await forwarded('203.0.113.9')).forwardedFor).toBe('203.0.113.9')
      expect((await forwarded('198.51.100.7, 203.0.113.9')).forwardedFor).toBe('203.0.113.9')
      expect((await forwarded('203.0.113.9, not-an-address')).forwardedFor).toBe('127.0.0.1')
      const login = await fetch(`${behind.url}/api/auth/login`, {
        method: 'POST',
        body: '{}',
        headers: { 'x-forwarded-for': '2001:db8::5' },
      })
      expect(await login.json()).toMatchObject({ service: 'command', forwardedFor: '2001:db8::5' })
    } finally {
      await behind.close()
    }
  })

  test('services of their own (over HTTP) are handed the same one address', async () => {
    const service = await serve(echo('command'))
    const behind = await serve(
      createGateway({
        logger: pino({ level: 'silent' }),
        services: { command: httpProxy(service.url, () => {}), query: httpProxy(service.url, () => {}) },
        webDistDir: '/nonexistent-web-dist',
        mediaDir: '/nonexistent-media',
        publicUrl: 'http://localhost:3000',
        stripe: false,
        trustedProxies: parseTrustedProxies('127.0.0.1'),
      }).callback(),
    )
    try {
      const answer = await fetch(`${behind.url}/api/auth/login`, {
        method: 'POST',
        body: '{}',
        headers: { 'x-forwarded-for': '198.51.100.7, 203.0.113.9' },
      })
      expect(await answer.json()).toMatchObject({ forwardedFor: '203.0.113.9' })
    } finally {
      await behind.close()
      await service.close()
    }
  })

  test('says so when the web app is not built', async () => {
    const res = await get('/some/page')
    expect(res.status).toBe(503)
    expect(await res.json()).toMatchObject({ code: 'WEB_NOT_BUILT' })
  })
})

describe('security headers', () => {
  let webDist = ''
  const gateways: Served[] = []
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'gateway-web-'))
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Prizes</title>')
  })
  afterAll(async () => {
    await Promise.all(gateways.map((g) => g.close()))
    await rm(webDist, { recursive: true, force: true })
  })

  async function start(options: { publicUrl: string; stripe: boolean }) {
    const app = createGateway({
      logger: pino({ level: 'silent' }),
      services: { command: echo('command'), query: echo('query') },
      webDistDir: webDist,
      mediaDir: '/nonexistent-media',
      ...options,
    })
    const served = await serve(app.callback())
    gateways.push(served)
    return (route: string, init?: RequestInit) => fetch(`${served.url}${route}`, init)
  }

  test('a page: CSP of our own origin only, no Stripe, features denied, no HSTS over http', async () => {
    const page = await (await start({ publicUrl: 'http://localhost:3000', stripe: false }))('/about')
    expect(page.status).toBe(200)
    const csp = page.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain(`script-src 'self' ${holdUntilReadyHash};`)
    expect(csp).toContain("style-src 'self' 'unsafe-inline'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toContain('stripe')
    const permissions = page.headers.get('permissions-policy') ?? ''
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()'])
      expect(permissions).toContain(feature)
    expect(page.headers.get('x-content-type-options')).toBe('nosniff')
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(page.headers.get('x-frame-options')).toBe('DENY')
    expect(page.headers.get('strict-transport-security')).toBeNull()
  })

  test("with Stripe configured, the page's CSP and Permissions-Policy let Stripe.js in", async () => {
    const page = await (await start({ publicUrl: 'http://localhost:3000', stripe: true }))('/')
    const csp = page.headers.get('content-security-policy') ?? ''
    expect(csp).toContain(`script-src 'self' ${holdUntilReadyHash} https://js.stripe.com`)
    expect(csp).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com[^;]*https:\/\/hooks\.stripe\.com/)
    expect(csp).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com/)
    expect(page.headers.get('permissions-policy')).toContain('payment=(self "https://js.stripe.com"')
  })

  test("a client's claim of https proves nothing: no HSTS, and the services are told http", async () => {
    const get = await start({ publicUrl: 'http://localhost:3000', stripe: false })
    const claimed = { headers: { 'x-forwarded-proto': 'https' } }
    expect((await get('/', claimed)).headers.get('strict-transport-security')).toBeNull()
    expect(await (await get('/api/competitions', claimed)).json()).toMatchObject({ forwardedProto: 'http' })
  })

  test('behind https (PUBLIC_URL), every answer carries HSTS and the services are told https', async () => {
    const get = await start({ publicUrl: 'https://prizes.example.com', stripe: false })
    for (const route of ['/', '/api/nope', '/api/competitions']) {
      expect((await get(route)).headers.get('strict-transport-security')).toMatch(/^max-age=31536000/)
    }
    expect(await (await get('/api/competitions')).json()).toMatchObject({ forwardedProto: 'https' })
  })
})

describe('compression', () => {
  let webDist = ''
  let served: Served | undefined
  const script = `export const prizes = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `prize ${i}`))}\n`
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'gateway-web-'))
    await mkdir(path.join(webDist, 'assets'))
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Prizes</title>')
    await writeFile(path.join(webDist, 'assets', 'index-abc.js'), script)
    // Precompressed at build time: marked so a test can tell them from compression on the fly.
    await writeFile(path.join(webDist, 'assets', 'index-abc.js.br'), brotliCompressSync(`${script}// br`))
    await writeFile(path.join(webDist, 'assets', 'index-abc.js.gz'), gzipSync(`${script}// gz`))
    const app = createGateway({
      logger: pino({ level: 'silent' }),
      services: { command: echo('command'), query: bigQueryAnswer },
      webDistDir: webDist,
      mediaDir: '/nonexistent-media',
      publicUrl: 'http://localhost:3000',
      stripe: false,
    })
    served = await serve(app.callback())
  })
  afterAll(async () => {
    await served?.close()
    await rm(webDist, { recursive: true, force: true })
  })
  const raw = (route: string, headers: Record<string, string>, method = 'GET') =>
    rawRequest(`${served?.url}${route}`, { headers, method })

  test('an asset: its .br file to a client that takes brotli, with its type, Vary and a year of caching', async () => {
    const answer = await raw('/assets/index-abc.js', { 'accept-encoding': 'gzip, deflate, br' })
    expect(answer.status).toBe(200)
    expect(answer.headers['content-encoding']).toBe('br')
    expect(answer.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/)
    expect(answer.headers.vary).toMatch(/accept-encoding/i)
    expect(answer.headers['cache-control']).toBe('max-age=31536000,immutable')
    expect(brotliDecompressSync(answer.body).toString()).toBe(`${script}// br`)
  })

  test('an asset: its .gz file to a client that takes gzip only, the file itself to one that takes neither', async () => {
    const gz = await raw('/assets/index-abc.js', { 'accept-encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.body).toString()).toBe(`${script}// gz`)
    const identity = await raw('/assets/index-abc.js', { 'accept-encoding': 'identity' })
    expect(identity.headers['content-encoding']).toBeUndefined()
    expect(identity.headers.vary).toMatch(/accept-encoding/i)
    expect(identity.body.toString()).toBe(script)
  })

  test('HEAD of an asset: the headers of the file it would send, no body', async () => {
    const head = await raw('/assets/index-abc.js', { 'accept-encoding': 'br' }, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers['content-encoding']).toBe('br')
    expect(head.headers['content-type']).toMatch(/javascript/)
    expect(head.body.length).toBe(0)
  })

  test("an API answer through the gateway keeps the service's encoding and Vary", async () => {
    const answer = await raw('/api/competitions', { 'accept-encoding': 'br' })
    expect(answer.headers['content-encoding']).toBe('br')
    expect(answer.headers.vary).toMatch(/accept-encoding/i)
    expect(JSON.parse(brotliDecompressSync(answer.body).toString())).toMatchObject({ success: true })
  })

  /** The first chunk of an event stream through a gateway in front of `query`, while the stream stays open. */
  async function firstEvent(query: (req: IncomingMessage, res: ServerResponse) => void) {
    const app = createGateway({
      logger: pino({ level: 'silent' }),
      services: { command: echo('command'), query },
      webDistDir: webDist,
      mediaDir: '/nonexistent-media',
      publicUrl: 'http://localhost:3000',
      stripe: false,
    })
    const front = await serve(app.callback())
    try {
      return await new Promise<{ encoding: unknown; type: unknown; chunk: string }>((resolve, reject) => {
        const request = http.get(
          `${front.url}/api/competitions/featured`,
          { headers: { 'accept-encoding': 'br, gzip' } },
          (res) => {
            res.once('data', (chunk: Buffer) => {
              resolve({
                encoding: res.headers['content-encoding'],
                type: res.headers['content-type'],
                chunk: chunk.toString(),
              })
              request.destroy()
            })
          },
        )
        request.on('error', reject)
      })
    } finally {
      await front.close()
    }
  }

  test('an event stream is never compressed or held back: in-process and through the proxy', async () => {
    const upstream = await serve(bigQueryAnswer)
    try {
      const proxied = httpProxy(upstream.url, () => {})
      for (const query of [bigQueryAnswer, proxied]) {
        const first = await firstEvent(query)
        expect(first.encoding).toBeUndefined()
        expect(first.type).toMatch(/^text\/event-stream/)
        expect(first.chunk).toBe('data: {"sold":1}\n\n')
      }
    } finally {
      for (const stream of liveStreams) stream.end()
      await upstream.close()
    }
  })
})

describe('pages, their heads and statuses, robots.txt and sitemap.xml', () => {
  const known = '3f1c2a9e-8d4b-4c1e-9a7f-2b6d5e4c3a21'
  const missing = '0b7e6f3c-1111-4c1e-9a7f-2b6d5e4c3a21'
  const slow = '5a5a5a5a-2222-4c1e-9a7f-2b6d5e4c3a21'
  const cancelled = '6c6c6c6c-3333-4c1e-9a7f-2b6d5e4c3a21'
  const competition = testCompetition({
    id: known,
    title: 'Win a <Tesla>',
    description: 'A red Tesla.',
    image_url: '/media/tesla.webp',
  })
  let webDist = ''
  let served: Served | undefined
  const lookups: string[] = []
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'gateway-web-'))
    await writeFile(
      path.join(webDist, 'index.html'),
      '<!doctype html><html lang="en-GB"><head><!-- page-head --><title>Prize Platform</title><!-- /page-head --></head><body><div id="root"></div></body></html>',
    )
    await writeFile(path.join(webDist, 'robots.txt'), 'User-agent: *\nDisallow: /api/\n')
    const app = createGateway({
      logger: pino({ level: 'silent' }),
      services: { command: echo('command'), query: echo('query') },
      webDistDir: webDist,
      mediaDir: '/nonexistent-media',
      publicUrl: 'https://prizes.example.com',
      stripe: false,
      findCompetitionPage: async (id, signal) => {
        lookups.push(id)
        if (id === slow) {
          return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)))
        }
        if (id === cancelled) return { ...competition, id, title: 'Win a boat', status: 'cancelled' as const }
        return id === known ? competition : null
      },
      listCompetitionPages: async (limit) => {
        return [competition, { ...competition, id: missing, drawn_at: '2026-11-20T20:00:00.000Z' }].slice(
          0,
          limit,
        )
      },
    })
    served = await serve(app.callback())
  })
  afterAll(async () => {
    await served?.close()
    await rm(webDist, { recursive: true, force: true })
  })
  const get = (route: string, init?: RequestInit) => fetch(`${served?.url}${route}`, init)

  test("a page of the app: 200, the site's head with its canonical address", async () => {
    const about = await get('/about')
    expect(about.status).toBe(200)
    expect(about.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(about.headers.get('cache-control')).toBe('no-cache')
    const html = await about.text()
    expect(html).toContain('<title>Prize Platform</title>')
    expect(html).toContain('<link rel="canonical" href="https://prizes.example.com/about" />')
    expect(html).not.toContain('noindex')
    expect(await (await get('/reset-password?token=abc')).text()).toContain('content="noindex"')
  })

  test('the complaints and commitments pages (issue 24): 200, indexed, with their canonical address', async () => {
    for (const route of ['/complaints', '/our-commitments']) {
      const page = await get(route)
      expect(page.status, route).toBe(200)
      const html = await page.text()
      expect(html).toContain(`<link rel="canonical" href="https://prizes.example.com${route}" />`)
      expect(html).not.toContain('noindex')
    }
  })

  test('the past winners have a page of their own: 200, indexed (issue 24)', async () => {
    const page = await get('/past-winners')
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('<link rel="canonical" href="https://prizes.example.com/past-winners" />')
    expect(html).not.toContain('noindex')
  })

  test('a path that is no page: 404 with the app (its Not Found page), not for indexing', async () => {
    for (const route of ['/nope', '/about/more', '/competitions/not-an-id', '/missing.js']) {
      const res = await get(route)
      expect(res.status, route).toBe(404)
      const html = await res.text()
      expect(html).toContain('<div id="root"></div>')
      expect(html).toContain('<meta name="robots" content="noindex" />')
    }
    const head = await get('/nope', { method: 'HEAD' })
    expect(head.status).toBe(404)
  })

  test("a competition's page: its own head, escaped; an id the query service does not know: 404", async () => {
    const page = await get(`/competitions/${known}`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('<title>Win a &lt;Tesla&gt; – Prize Platform</title>')
    expect(html).toContain(
      '<meta property="og:image" content="https://prizes.example.com/media/tesla.webp" />',
    )
    expect(html).not.toContain('<title>Prize Platform</title>')
    // Cached briefly: the page asked for again costs no second lookup.
    expect((await get(`/competitions/${known}`)).status).toBe(200)
    expect(lookups.filter((id) => id === known)).toHaveLength(1)
    const unknown = await get(`/competitions/${missing}`)
    expect(unknown.status).toBe(404)
    expect(await unknown.text()).toContain('<title>Prize Platform</title>')
  })

  test('a cancelled competition the query service still answers keeps its page: 200 (issue 24)', async () => {
    const page = await get(`/competitions/${cancelled}`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<title>Win a boat – Prize Platform</title>')
  })

  test('a query service that does not answer in time: the plain page with 200, never an error', async () => {
    const started = Date.now()
    const page = await get(`/competitions/${slow}`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<title>Prize Platform</title>')
    expect(Date.now() - started).toBeLessThan(5000)
  })

  test("robots.txt: the build's rules and the sitemap on the public origin", async () => {
    const robots = await get('/robots.txt')
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(await robots.text()).toBe(
      'User-agent: *\nDisallow: /api/\n\nSitemap: https://prizes.example.com/sitemap.xml\n',
    )
  })

  test('sitemap.xml: the indexed pages and every public competition, with absolute URLs and lastmod', async () => {
    const res = await get('/sitemap.xml')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    const xml = await res.text()
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org/)
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    expect(locs).toEqual([
      'https://prizes.example.com/',
      'https://prizes.example.com/about',
      'https://prizes.example.com/past-winners',
      'https://prizes.example.com/privacy-policy',
      'https://prizes.example.com/terms-and-conditions',
      'https://prizes.example.com/responsible-gaming',
      'https://prizes.example.com/complaints',
      'https://prizes.example.com/our-commitments',
      `https://prizes.example.com/competitions/${known}`,
      `https://prizes.example.com/competitions/${missing}`,
    ])
    expect(xml).toContain(
      `<url><loc>https://prizes.example.com/competitions/${known}</loc><lastmod>2026-11-01T00:00:00.000Z</lastmod></url>`,
    )
    expect(xml).toContain(`${missing}</loc><lastmod>2026-11-20T20:00:00.000Z</lastmod>`)
    expect(xml).toMatch(/about<\/loc><lastmod>\d{4}-\d\d-\d\dT/)
  })
})
