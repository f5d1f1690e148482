import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { CompetitionList, HomePageAnswers } from '@prizes/contracts'
import Koa from 'koa'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Served, serve } from '../testing/serve'
import { holdUntilReadyScript } from './hold-until-ready'
import { testContactDetails } from './test-competition'
import { serveWeb } from './web-app'

describe('the home page: rendered on the server, its first featured picture preloaded', () => {
  const competition = {
    id: '3f1c2a9e-8d4b-4c1e-9a7f-2b6d5e4c3a21',
    title: 'Win a Tesla </script><script>alert(1)</script>',
    image_url: '/media/tesla "red".webp',
  } as CompetitionList['competitions'][number]
  const answersWith = (
    featured: CompetitionList['competitions'],
    maintenanceMode = false,
  ): HomePageAnswers => ({
    page: 'home',
    renderedAt: '2026-11-28T12:00:00.000Z',
    listFeaturedCompetitions: { success: true, competitions: featured },
    listCompetitions: { success: true, competitions: [competition] },
    publicSettings: { success: true, settings: { maintenanceMode, allowRegistrations: true } },
    paymentConfig: { success: true, payments: { provider: 'offline', publishableKey: null, testMode: true } },
    contactDetails: testContactDetails,
  })
  /** What the query service does when asked, changed by each test. */
  let answer: (signal: AbortSignal) => Promise<HomePageAnswers> = async () => answersWith([competition])
  let lookups = 0
  let clock = 0
  let webDist = ''
  let renderFile = ''
  let served: Served | undefined
  /** A stand-in for the web build's server module: the featured titles, counted per render. */
  const writeRenderModule = (body: string) =>
    writeFile(renderFile, `let renders = 0\nexport async function renderPage(answers) {\n${body}\n}\n`)
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'gateway-web-'))
    renderFile = path.join(webDist, 'entry-server.mjs')
    await writeFile(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head><!-- page-head --><title>Prize Platform</title><!-- /page-head --></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>',
    )
    await writeRenderModule(
      [
        'renders += 1',
        'const featured = answers.listFeaturedCompetitions.competitions.length',
        "return '<h2>' + featured + ' featured</h2><p>render ' + renders + '</p>'",
      ].join('\n'),
    )
    const app = new Koa()
    app.use(
      serveWeb({
        distDir: webDist,
        publicUrl: 'https://prizes.example.com',
        logger: pino({ level: 'silent' }),
        findHomeAnswers: (signal) => {
          lookups += 1
          return answer(signal)
        },
        serverRenderFile: renderFile,
        now: () => clock,
      }),
    )
    served = await serve(app.callback())
  })
  afterAll(async () => {
    await served?.close()
    await rm(webDist, { recursive: true, force: true })
  })
  const home = async () => (await fetch(`${served?.url}/`)).text()
  const preload = '<link rel="preload" as="image"'

  test('the picture as the page shows it, escaped, with high priority; one lookup for many pages', async () => {
    lookups = 0
    const pages = await Promise.all([home(), home(), home()])
    for (const html of pages) {
      expect(html).toContain(
        '<link rel="preload" as="image" href="/media/tesla &quot;red&quot;.webp" fetchpriority="high" />',
      )
      expect(html).toContain('<link rel="canonical" href="https://prizes.example.com/" />')
    }
    expect(lookups).toBe(1)
    // Other pages never ask.
    await fetch(`${served?.url}/about`)
    expect(lookups).toBe(1)
  })

  test('the markup goes in #root, held inert by the hashed inline script, rendered once per answers; the answers beside it, unable to close their script', async () => {
    const html = await homeAfterCacheExpiry()
    expect(html).toMatch(
      /<div id="root"><h2>1 featured<\/h2><p>render \d+<\/p><\/div><script>document\.getElementById\('root'\)\.inert=true<\/script>/,
    )
    const rendered = /render (\d+)/.exec(html)?.[1]
    // The same answers (reused for 2 s): the same render, not another.
    expect(await home()).toContain(`render ${rendered}</p>`)
    const json = /<script type="application\/json" id="server-answers">([^<]*)<\/script>/.exec(html)?.[1]
    expect(json).toBeDefined()
    expect(json).not.toContain('</script>')
    expect(JSON.parse(json ?? '')).toEqual(answersWith([competition]))
    // Every other page is the app alone.
    const about = await (await fetch(`${served?.url}/about`)).text()
    expect(about).toContain('<div id="root"></div>')
    expect(about).not.toContain('server-answers')
  })

  test("a signed-in visitor's page is not rendered on the server (it is the signed-out one)", async () => {
    await homeAfterCacheExpiry()
    const html = await (
      await fetch(`${served?.url}/`, { headers: { cookie: 'theme=dark; auth_token=abc' } })
    ).text()
    expect(html).toContain('<div id="root"></div>')
    expect(html).toContain(preload)
    expect(await home()).toContain(`<script>${holdUntilReadyScript}</script>`)
  })

  test('in maintenance: the plain page (the app shows the maintenance page), no render', async () => {
    answer = async () => answersWith([competition], true)
    const html = await homeAfterCacheExpiry()
    expect(html).toContain('<div id="root"></div>')
    expect(html).not.toContain('server-answers')
    answer = async () => answersWith([competition])
  })

  test('a render that throws, or no server module: the plain page, 200, with its preload', async () => {
    await writeRenderModule("throw new Error('render failed')")
    // A new build under the running gateway: its module is taken up (a new file time).
    await utimes(renderFile, new Date(), new Date(Date.now() + 60_000))
    const failed = await homeAfterCacheExpiry()
    expect(failed).toContain('<div id="root"></div>')
    expect(failed).toContain(preload)
    await rm(renderFile)
    const missing = await homeAfterCacheExpiry()
    expect(missing).toContain('<div id="root"></div>')
    expect(missing).not.toContain('server-answers')
  })

  test('no featured competition, one without a picture, or a picture from elsewhere: no preload', async () => {
    for (const next of [
      async () => answersWith([]),
      async () => answersWith([{ ...competition, image_url: null }]),
      async () => answersWith([{ ...competition, image_url: 'javascript:alert(1)' }]),
    ]) {
      answer = next
      const html = await homeAfterCacheExpiry()
      expect(html).not.toContain(preload)
      expect(html).toContain('<link rel="canonical" href="https://prizes.example.com/" />')
    }
  })

  test('a query service that fails or does not answer in time: the plain home page, 200', async () => {
    answer = async () => {
      throw new Error('query service down')
    }
    expect(await homeAfterCacheExpiry()).not.toContain(preload)
    answer = (signal) =>
      new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)))
    const started = Date.now()
    const res = await fetchAfterCacheExpiry()
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).not.toContain(preload)
    expect(html).toContain('<div id="root"></div>')
    expect(Date.now() - started).toBeLessThan(5000)
  })

  /** The lookup's answers are reused for 2 s (failures 1 s): the clock moves past that first. */
  async function fetchAfterCacheExpiry(): Promise<Response> {
    const before = lookups
    clock += 2001
    const res = await fetch(`${served?.url}/`)
    expect(lookups).toBe(before + 1)
    return res
  }
  const homeAfterCacheExpiry = async () => (await fetchAfterCacheExpiry()).text()
})
