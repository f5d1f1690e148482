import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { endpoints } from '@prizes/contracts'
import { createLogger, freePort, loadConfig } from '@prizes/platform'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { demoCompetitions, demoDraftIds } from '../seed/demo-competitions'
import { generateAdminPassword } from './admin'
import { type RunningPlatform, startPlatform } from './platform'
import { callJson, competitionForm, testPerson } from './testing/platform-under-test'

/**
 * Reset test data on the embedded database of `npm start`, the only place it is allowed: the
 * platform runs as it does for a developer (its own PostgreSQL in the data folder, the demo seed).
 */
let platform: RunningPlatform
let dataDir: string
const admin = { email: 'reset-admin@example.com', password: generateAdminPassword() }

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'prizes-reset-'))
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await freePort()),
    MAILDEV_SMTP_PORT: String(await freePort()),
    MAILDEV_WEB_PORT: String(await freePort()),
    SEED_DEMO_DATA: 'true',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  })
  platform = await startPlatform(config, createLogger({ level: 'silent', name: 'reset' }))
}, 180_000)
afterAll(async () => {
  await platform?.stop()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

const call = (method: string, route: string, payload?: unknown, token?: string) =>
  callJson(platform.url, method, route, payload, token)

const signIn = async (email: string, password: string) => call('POST', '/api/auth/login', { email, password })
const titles = async () => {
  const listed = await call('GET', endpoints.listCompetitions.path)
  return (listed.body.competitions as { title: string }[]).map((c) => c.title).sort()
}
const demoTitles = demoCompetitions
  .filter((demo) => !demoDraftIds.has(demo.id))
  .map((demo) => demo.details.title)
  .sort()

test('reset test data wipes everything and seeds the demo data and the admin account again', async () => {
  const token = String((await signIn(admin.email, admin.password)).body.token)
  const system = await call('GET', endpoints.adminSystem.path, undefined, token)
  expect(system.body.resetAvailable).toBe(true)

  // State to lose: a competition, a guest account, and a demo competition changed (so the
  // command handler holds it in memory at a later revision than the reseeded one).
  const created = await call('POST', '/api/admin/competitions', competitionForm('Gone after reset'), token)
  expect(created.status).toBe(201)
  const guest = await call('POST', '/api/auth/create-guest-account', {
    ...testPerson,
    dateOfBirth: '1990-01-01',
    tempPassword: 'Secret123',
    source: 'competition_entry',
  })
  expect(guest.status).toBe(200)
  const demo = demoCompetitions.find((competition) => !demoDraftIds.has(competition.id))
  const demoId = demo?.id ?? ''
  const featured = (value: boolean) =>
    call('PATCH', `/api/admin/competitions/${demoId}/featured`, { featured: value }, token)
  expect((await featured(false)).status).toBe(200)
  expect((await featured(true)).status).toBe(200)
  expect(await titles()).toContain('Gone after reset')

  const unconfirmed = await call('POST', endpoints.adminResetDatabase.path, {}, token)
  expect(unconfirmed.status).toBe(400)
  const reset = await call('POST', endpoints.adminResetDatabase.path, { confirm: 'RESET' }, token)
  expect(reset.status).toBe(200)
  expect(reset.body.events).toEqual(expect.any(Number))

  // The read models show only the demo data again; the old session and the guest are gone.
  expect(await titles()).toEqual(demoTitles)
  expect((await call('GET', endpoints.adminSystem.path, undefined, token)).status).toBe(401)
  expect((await signIn(testPerson.email, 'Secret123')).status).toBe(401)
  // The admin account is back, and commands on the reseeded streams work.
  const again = await signIn(admin.email, admin.password)
  expect(again.status).toBe(200)
  const newToken = String(again.body.token)
  const changed = await call(
    'PATCH',
    `/api/admin/competitions/${demoId}/featured`,
    { featured: false },
    newToken,
  )
  expect(changed.status).toBe(200)
  // The projections run again on the new log: the change shows in the admin list.
  const featuredNow = async () => {
    // The list is paged: searched by the title, the demo competition is on its first page.
    const route = `/api/admin/competitions?search=${encodeURIComponent(demo?.details.title ?? '')}`
    const listed = await call('GET', route, undefined, newToken)
    return (listed.body.competitions as { id: string; featured: boolean }[]).find((c) => c.id === demoId)
      ?.featured
  }
  await expect.poll(featuredNow, { timeout: 30_000 }).toBe(false)
}, 180_000)
