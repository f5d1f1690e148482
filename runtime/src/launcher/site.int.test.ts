import { randomBytes } from 'node:crypto'
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { companyDetailsOf, contactDetailsOf } from '@prizes/command-service'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import {
  type Config,
  commandServiceSettings,
  createLogger,
  freePort,
  homeAnswers,
  loadConfig,
  paymentConfigOf,
  queryServicePages,
} from '@prizes/platform'
import { rawRequest } from '@prizes/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateAdminPassword } from './admin'
import { type RunningPlatform, startPlatform } from './platform'
import { callJson, competitionForm } from './testing/platform-under-test'

/**
 * The site as `npm start` serves it: a competition's page gets its head from the query service
 * in the same process, an id it does not know is 404, the sitemap lists public competitions,
 * and API answers are compressed on the way through the gateway.
 */

let database: TestDatabase
let dataDir: string
let platform: RunningPlatform
let competitionId = ''
let siteConfig: Config
const adminEmail = 'site-admin@example.com'
const adminPassword = generateAdminPassword()
const publicUrl = 'https://prizes.example.com'
const hostileTitle = 'Win <b>"this"</b> & more'

beforeAll(async () => {
  database = await createTestDatabase('site')
  dataDir = await mkdtemp(path.join(tmpdir(), 'prizes-site-'))
  const webDist = path.join(dataDir, 'web')
  await mkdir(webDist)
  // The web app's own index.html: its head region is the one the gateway fills.
  await copyFile(new URL('../../../web/index.html', import.meta.url), path.join(webDist, 'index.html'))
  await writeFile(path.join(webDist, 'robots.txt'), 'User-agent: *\nDisallow: /api/\n')
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    PUBLIC_URL: publicUrl,
    // An https site is production: without Stripe keys it runs only in TEST MODE, said out loud.
    PAYMENTS: 'offline-test',
    // And takes the draw seeds' and the tokens' keys from the environment (issue 23).
    DRAW_SEED_KEY: randomBytes(32).toString('hex'),
    JWT_SECRET: randomBytes(32).toString('hex'),
    TOKEN_SECRET: randomBytes(32).toString('hex'),
    // And where free entries by post go (issue 24).
    POSTAL_ADDRESS: 'Free Entries, 2 High Street\\nLeeds, LS1 1AA',
    COMPANY_NAME: 'Leeds Prizes Ltd',
    COMPANY_ADDRESS: '2 High Street, Leeds, LS1 1AA',
    SUPPORT_EMAIL: 'help@leedsprizes.example',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    MAILDEV_SMTP_PORT: String(await freePort()),
    MAILDEV_WEB_PORT: String(await freePort()),
    SEED_DEMO_DATA: 'false',
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: adminPassword,
    WEB_DIST_DIR: webDist,
  })
  siteConfig = config
  platform = await startPlatform(config, createLogger({ level: 'silent', name: 'site' }))
  const login = await callJson(platform.url, 'POST', '/api/auth/login', {
    email: adminEmail,
    password: adminPassword,
  })
  const created = await callJson(
    platform.url,
    'POST',
    '/api/admin/competitions',
    { ...competitionForm(hostileTitle), description: 'A prize under test, described at length. '.repeat(20) },
    String(login.body.token),
  )
  expect(created.status).toBe(201)
  competitionId = String((created.body.competition as { id: string }).id)
})

afterAll(async () => {
  await platform?.stop()
  await database?.drop()
  await rm(dataDir, { recursive: true, force: true })
})

const get = (route: string) => fetch(`${platform.url}${route}`)

describe('the site through the gateway', () => {
  it("a competition's page: its title, description and address in the head, escaped", async () => {
    const page = await get(`/competitions/${competitionId}`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain(
      '<title>Win &lt;b&gt;&quot;this&quot;&lt;/b&gt; &amp; more – Prize Platform</title>',
    )
    expect(html).not.toContain('<b>')
    expect(html).toMatch(
      /<meta name="description" content="A prize under test, described at length\.[^"]{0,130}…" \/>/,
    )
    expect(html).toContain(`<meta property="og:url" content="${publicUrl}/competitions/${competitionId}" />`)
    expect(html).toContain('<html lang="en-GB">')
  })

  it('an id no competition has, and a path that is no page: 404 with the app', async () => {
    const unknown = await get('/competitions/0b7e6f3c-1111-4c1e-9a7f-2b6d5e4c3a21')
    expect(unknown.status).toBe(404)
    expect(await unknown.text()).toContain('<div id="root"></div>')
    expect((await get('/no-such-page')).status).toBe(404)
    expect((await get('/')).status).toBe(200)
  })

  it('sitemap.xml lists the competition; robots.txt points at it', async () => {
    const sitemap = await (await get('/sitemap.xml')).text()
    expect(sitemap).toContain(`<loc>${publicUrl}/competitions/${competitionId}</loc>`)
    expect(sitemap).toContain(`<loc>${publicUrl}/about</loc>`)
    expect(await (await get('/robots.txt')).text()).toContain(`Sitemap: ${publicUrl}/sitemap.xml`)
  })

  it('the contact details give the configured postal address, one line each (issue 24)', async () => {
    const answer = await get('/api/contact-details')
    expect(answer.status).toBe(200)
    expect(await answer.json()).toMatchObject({
      success: true,
      postalAddress: ['Free Entries', '2 High Street', 'Leeds', 'LS1 1AA'],
    })
  })

  it('an API answer is compressed by the query service on its way through the gateway', async () => {
    const answer = await rawRequest(`${platform.url}/api/competitions`, {
      headers: { 'accept-encoding': 'br' },
    })
    expect(answer.status).toBe(200)
    expect(answer.headers['content-encoding']).toBe('br')
    expect(answer.headers.vary).toMatch(/accept-encoding/i)
    const body = JSON.parse(brotliDecompressSync(answer.body).toString()) as { competitions: unknown[] }
    expect(body.competitions).toHaveLength(1)
  })

  it('over HTTP (a gateway of its own): the same competition, null for an unknown id', async () => {
    const pages = queryServicePages([platform.url])
    const signal = AbortSignal.timeout(2000)
    expect(await pages.findCompetitionPage(competitionId, signal)).toMatchObject({ title: hostileTitle })
    // The home page's server render: the featured list and the grid, as the API answers them.
    const home = await pages.findHomeLists(signal)
    expect(home.listFeaturedCompetitions.competitions).toEqual([
      expect.objectContaining({ id: competitionId, image_url: null }),
    ])
    expect(home.listCompetitions.competitions.map((c) => c.id)).toEqual([competitionId])
    // With the settings from the command service, the answers the gateway renders it from.
    const fixed = {
      paymentConfig: paymentConfigOf(siteConfig),
      contactDetails: contactDetailsOf(companyDetailsOf(siteConfig)),
    }
    const answers = await homeAnswers(
      pages.findHomeLists,
      commandServiceSettings([platform.url]),
      fixed,
    )(signal)
    // The gateway's payment and contact answers are the command service's own `GET /api/config`
    // and `GET /api/contact-details` (the postal address a page shows with scripts off).
    expect(answers.paymentConfig).toEqual((await callJson(platform.url, 'GET', '/api/config')).body)
    expect(answers.contactDetails).toEqual((await callJson(platform.url, 'GET', '/api/contact-details')).body)
    expect(answers.contactDetails.postalAddress).toEqual([
      'Free Entries',
      '2 High Street',
      'Leeds',
      'LS1 1AA',
    ])
    expect(answers.publicSettings).toEqual({
      success: true,
      settings: { maintenanceMode: false, allowRegistrations: true },
    })
    expect(answers.listCompetitions).toEqual(home.listCompetitions)
    expect(await pages.findCompetitionPage('0b7e6f3c-1111-4c1e-9a7f-2b6d5e4c3a21', signal)).toBeNull()
    expect((await pages.listCompetitionPages(10, signal)).map((c) => c.id)).toEqual([competitionId])
  })
})
