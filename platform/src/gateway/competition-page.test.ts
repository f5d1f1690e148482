import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { PublicCompetitionDetail } from '@prizes/contracts'
import Koa from 'koa'
import { pino } from 'pino'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { type Served, serve } from '../testing/serve'
import type { FindPageAnswers } from './competition-lookup'
import { testCompetition, testContactDetails } from './test-competition'
import { serveWeb } from './web-app'

describe("a competition's page: rendered on the server like the home page", () => {
  const id = '3f1c2a9e-8d4b-4c1e-9a7f-2b6d5e4c3a21'
  const missing = '0b7e6f3c-1111-4c1e-9a7f-2b6d5e4c3a21'
  const competition = testCompetition({ id, title: 'Win a Tesla </script><script>alert(1)</script>' })
  const settings = (maintenanceMode: boolean): Awaited<ReturnType<FindPageAnswers>> => ({
    publicSettings: { success: true, settings: { maintenanceMode, allowRegistrations: true } },
    paymentConfig: { success: true, payments: { provider: 'offline', publishableKey: null, testMode: true } },
    contactDetails: testContactDetails,
  })
  /** What the services answer, changed by each test. */
  let findCompetition: (id: string) => Promise<PublicCompetitionDetail | null>
  let findPage: FindPageAnswers
  let clock = 0
  let webDist = ''
  let renderFile = ''
  let served: Served | undefined
  /** A stand-in for the web build's server module: the page's title, counted per render. */
  const writeRenderModule = (body: string) =>
    writeFile(renderFile, `let renders = 0\nexport async function renderPage(answers) {\n${body}\n}\n`)
  const titleRender = [
    'renders += 1',
    'await new Promise((resolve) => setTimeout(resolve, 20))',
    "return '<h1>' + answers.getCompetition.competition.title.replace(/</g, '&lt;') + '</h1><p>render ' + renders + '</p>'",
  ].join('\n')

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'gateway-web-'))
    renderFile = path.join(webDist, 'entry-server.mjs')
    await writeFile(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head><!-- page-head --><title>Prize Platform</title><!-- /page-head --></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>',
    )
    const app = new Koa()
    app.use(
      serveWeb({
        distDir: webDist,
        publicUrl: 'https://prizes.example.com',
        logger: pino({ level: 'silent' }),
        findCompetitionPage: (id) => findCompetition(id),
        findPageAnswers: (signal) => findPage(signal),
        serverRenderFile: renderFile,
        now: () => clock,
      }),
    )
    served = await serve(app.callback())
  })
  beforeEach(async () => {
    findCompetition = async (wanted) => (wanted === id ? competition : null)
    findPage = async () => settings(false)
    await writeRenderModule(titleRender)
    // A new build under the running gateway each time: its module is taken up (a new file time).
    await utimes(renderFile, new Date(), new Date(Date.now() + clock + 1))
    // Past every lookup's reuse (the competition's 5 s, the settings' 2 s).
    clock += 10_000
  })
  afterAll(async () => {
    await served?.close()
    await rm(webDist, { recursive: true, force: true })
  })
  const page = async (pathname = `/competitions/${id}`, headers: Record<string, string> = {}) => {
    const res = await fetch(`${served?.url}${pathname}`, { headers })
    return { status: res.status, html: await res.text() }
  }
  const answersIn = (html: string) =>
    /<script type="application\/json" id="server-answers">([^<]*)<\/script>/.exec(html)?.[1]

  test("its markup in #root, held inert until the app is ready, under the competition's head; the answers beside it, escaped", async () => {
    const { status, html } = await page()
    expect(status).toBe(200)
    expect(html).toMatch(
      /<div id="root"><h1>Win a Tesla &lt;\/script>&lt;script>alert\(1\)&lt;\/script><\/h1><p>render 1<\/p><\/div><script>document\.getElementById\('root'\)\.inert=true<\/script>/,
    )
    expect(html).toContain(
      '<title>Win a Tesla &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; – Prize Platform</title>',
    )
    const json = answersIn(html)
    expect(json).toBeDefined()
    expect(json).not.toContain('</script>')
    const answers = JSON.parse(json ?? '')
    expect(answers).toMatchObject({
      page: 'competition',
      getCompetition: { success: true, competition },
      ...settings(false),
    })
    expect(Date.parse(answers.renderedAt)).not.toBeNaN()
  })

  test('a flood of visits costs one render while the answers are reused; new answers, a new render', async () => {
    const pages = await Promise.all(Array.from({ length: 8 }, () => page()))
    for (const { html } of pages) expect(html).toContain('<p>render 1</p>')
    expect(answersIn(pages[7]?.html ?? '')).toBe(answersIn(pages[0]?.html ?? ''))
    clock += 10_000
    expect((await page()).html).toContain('<p>render 2</p>')
  })

  test('a render that fails: the plain page, 200, with its head', async () => {
    await writeRenderModule("throw new Error('render failed')")
    await utimes(renderFile, new Date(), new Date(Date.now() + clock + 2))
    const { status, html } = await page()
    expect(status).toBe(200)
    expect(html).toContain('<div id="root"></div>')
    expect(html).not.toContain('server-answers')
    expect(html).toContain('<title>Win a Tesla')
  })

  test('no server module, or settings that cannot be had: the plain page with its head', async () => {
    findPage = async () => {
      throw new Error('command service down')
    }
    const noSettings = await page()
    expect(noSettings.html).toContain('<div id="root"></div>')
    expect(noSettings.html).toContain('<title>Win a Tesla')
    findPage = async () => settings(false)
    clock += 10_000
    await rm(renderFile)
    const noModule = await page()
    expect(noModule.status).toBe(200)
    expect(noModule.html).toContain('<div id="root"></div>')
  })

  test('signed in, or in maintenance: the plain page (the app builds it); no render', async () => {
    const signedIn = await page(undefined, { cookie: 'auth_token=abc' })
    expect(signedIn.html).toContain('<div id="root"></div>')
    expect(signedIn.html).toContain('<title>Win a Tesla')
    findPage = async () => settings(true)
    clock += 10_000
    const maintenance = await page()
    expect(maintenance.html).toContain('<div id="root"></div>')
    expect(maintenance.html).not.toContain('server-answers')
  })

  test("its picture, the page's largest paint, preloaded from the head; none without one", async () => {
    findCompetition = async () => ({ ...competition, image_url: '/media/tesla "red".webp' })
    expect((await page()).html).toContain(
      '<link rel="preload" as="image" href="/media/tesla &quot;red&quot;.webp" fetchpriority="high" />',
    )
    clock += 10_000
    findCompetition = async () => ({ ...competition, image_url: null })
    expect((await page()).html).not.toContain('rel="preload" as="image"')
  })

  test('a competition that does not exist: 404, no render', async () => {
    const { status, html } = await page(`/competitions/${missing}`)
    expect(status).toBe(404)
    expect(html).toContain('<div id="root"></div>')
  })
})
