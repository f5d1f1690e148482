import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { PublicSettingsResponse } from '@prizes/contracts'
import Koa from 'koa'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { maintenanceRetryAfterSeconds } from '../settings/maintenance'
import { type Served, serve } from '../testing/serve'
import { serveWeb } from './web-app'

describe('page loads in maintenance mode', () => {
  let maintenanceMode = false
  let settingsLookups = 0
  let failing = false
  let clock = 0
  let webDist = ''
  let served: Served | undefined
  const settings = async (): Promise<PublicSettingsResponse> => {
    settingsLookups += 1
    if (failing) throw new Error('command service unreachable')
    return { success: true, settings: { maintenanceMode, allowRegistrations: true } }
  }
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'gateway-maintenance-'))
    await writeFile(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head><!-- page-head --><title>Prize Platform</title><!-- /page-head --></head><body><div id="root"></div></body></html>',
    )
    const app = new Koa()
    app.use(
      serveWeb({
        distDir: webDist,
        publicUrl: 'https://prizes.example.com',
        logger: pino({ level: 'silent' }),
        findPublicSettings: settings,
        now: () => clock,
      }),
    )
    served = await serve(app.callback())
  })
  afterAll(async () => {
    await served?.close()
    await rm(webDist, { recursive: true, force: true })
  })
  /** A page after the settings' cache has expired, so it reads the settings as they are now. */
  const load = async (pathname: string) => {
    clock += 60_000
    return fetch(`${served?.url}${pathname}`)
  }

  const closed = ['/', '/about', '/competitions/3f1c2a9e-8d4b-4c1e-9a7f-2b6d5e4c3a21', '/verify-email']
  const open = [
    '/terms-and-conditions',
    '/privacy-policy',
    '/responsible-gaming',
    '/draws/3f1c2a9e-8d4b-4c1e-9a7f-2b6d5e4c3a21',
  ]

  test('the legal pages and the draw certificates answer 200; every other page 503 with Retry-After, and the app', async () => {
    maintenanceMode = true
    for (const pathname of open) {
      const res = await load(pathname)
      expect(res.status, pathname).toBe(200)
      expect(res.headers.get('retry-after'), pathname).toBeNull()
    }
    for (const pathname of closed) {
      const res = await load(pathname)
      expect(res.status, pathname).toBe(503)
      expect(res.headers.get('retry-after'), pathname).toBe(String(maintenanceRetryAfterSeconds))
      expect(res.headers.get('content-type'), pathname).toMatch(/^text\/html/)
      // The app itself, which shows the maintenance page (and a signed-in admin the site).
      const html = await res.text()
      expect(html, pathname).toContain('<div id="root"></div>')
      expect(html, pathname).toContain('<meta name="robots" content="noindex" />')
    }
    expect((await load('/no-such-page')).status).toBe(404)
  })

  test('out of maintenance every page answers 200', async () => {
    maintenanceMode = false
    for (const pathname of [...open, ...closed]) expect((await load(pathname)).status, pathname).toBe(200)
  })

  test('the settings are read once for many pages, and a failed read sends the page as usual', async () => {
    maintenanceMode = true
    await load('/')
    settingsLookups = 0
    const statuses = await Promise.all(
      Array.from({ length: 5 }, async () => (await fetch(`${served?.url}/about`)).status),
    )
    expect(statuses).toEqual([503, 503, 503, 503, 503])
    expect(settingsLookups).toBe(0)
    failing = true
    // The app asks for the settings itself and shows the maintenance page from them.
    expect((await load('/about')).status).toBe(200)
    failing = false
  })
})
