import {
  createAdminAccount,
  createCommandApp,
  createCommandHandler,
  migrateCommandTables,
} from '@prizes/command-service'
import {
  competitionStream,
  errorCodes,
  eventPositionHeader,
  readAfterHeader,
  readStaleHeader,
} from '@prizes/contracts'
import { positionToString } from '@prizes/event-store'
import { createOfflinePaymentProvider } from '@prizes/payments'
import {
  type CheckpointWatcher,
  createCheckpointWatcher,
  createLogger,
  loadSecrets,
  type PlatformSecrets,
} from '@prizes/platform'
import { type Served, serve } from '@prizes/platform/testing'
import { allProjections, type RunningProjections, startProjections } from '@prizes/projections'
import { createReadSideTestDatabase, type ReadSideTestDatabase } from '@prizes/projections/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createQueryApp } from './app'

/**
 * Read-your-writes across processes over real HTTP: the command service answers a command with
 * `X-Event-Position`; the query service, given it as `X-Read-After`, answers once the read models
 * show it, or after its bound with `X-Read-Stale`. The projections run only when a test lets
 * them: between tests they are stopped, so the read side stands still.
 */

const logger = createLogger({ level: 'silent' })
let db: ReadSideTestDatabase
let secrets: PlatformSecrets
let projections: RunningProjections | undefined
let command: Served
/** Waits up to 10 s; its watcher tells the test when a request has started waiting. */
let patient: Served
/** Waits 300 ms. */
let impatient: Served
const waitsSeen: string[] = []
let admin = ''
const adminLogin = { email: 'ryw-admin@example.com', password: 'Admin12345', firstName: 'Rhea' }

const runProjections = async () => {
  projections = await startProjections({
    store: db.store,
    knex: db.knex,
    logger,
    projections: allProjections,
  })
}
const holdProjections = async () => {
  await projections?.stop()
  projections = undefined
}

beforeAll(async () => {
  db = await createReadSideTestDatabase('read_after')
  await migrateCommandTables(db.knex)
  secrets = await loadSecrets(db.knex)
  // The command app has no read models to wait on: it answers at once, whatever the projections do.
  command = await serve(
    createCommandApp({
      store: db.store,
      knex: db.knex,
      secrets,
      logger,
      payments: createOfflinePaymentProvider({ knex: db.knex }),
    }).callback(),
  )
  const watcher = createCheckpointWatcher({ knex: db.knex, logger })
  const noting: CheckpointWatcher = {
    waitFor(position, timeoutMs) {
      waitsSeen.push(positionToString(position))
      return watcher.waitFor(position, timeoutMs)
    },
    projectedTypes: () => watcher.projectedTypes(),
  }
  const queryApp = (timeoutMs: number, readAfterWatcher?: CheckpointWatcher) =>
    createQueryApp({
      knex: db.knex,
      secret: secrets.jwt,
      logger,
      readAfter: { timeoutMs, ...(readAfterWatcher ? { watcher: readAfterWatcher } : {}) },
    })
  patient = await serve(queryApp(10_000, noting).callback())
  impatient = await serve(queryApp(300).callback())

  const context = { actor: { system: 'test' }, now: new Date() } as const
  const handler = createCommandHandler({ store: db.store, logger })
  await createAdminAccount({ handler, store: db.store, knex: db.knex, secrets, logger }, adminLogin, context)
  const login = await fetch(`${command.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(adminLogin),
  })
  admin = String(((await login.json()) as { token?: unknown }).token)
  // The projections register and catch up with the admin's registration, then stand still.
  await runProjections()
  const head = (await db.store.readAll({ from: 'start', limit: 1000 })).at(-1)
  if (head) await projections?.waitForPosition(head.position, { timeoutMs: 10_000 })
  await holdProjections()
})

afterAll(async () => {
  await holdProjections()
  await command?.close()
  await patient?.close()
  await impatient?.close()
  await db?.drop()
})

const day = 24 * 60 * 60 * 1000

async function createCompetition(title: string) {
  const now = Date.now()
  const response = await fetch(`${command.url}/api/admin/competitions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
    body: JSON.stringify({
      title,
      description: 'A prize to read back',
      prize: 'A bicycle',
      prize_value: 900,
      entry_price: 1.5,
      total_tickets: 500,
      start_date: new Date(now - day).toISOString(),
      end_date: new Date(now + 30 * day).toISOString(),
      status: 'active',
      featured: false,
      skill_question: { question: 'What is 2 + 2?', options: ['3', '4', '5', '6'], correct: '4' },
    }),
  })
  expect(response.status).toBe(201)
  const { competition } = (await response.json()) as { competition: { id: string } }
  return { id: competition.id, position: response.headers.get(eventPositionHeader) }
}

/** The admin's competition list from a query service, and whether it says it may be stale. */
async function adminList(from: Served, readAfter?: string) {
  const response = await fetch(`${from.url}/api/admin/competitions`, {
    headers: { authorization: `Bearer ${admin}`, ...(readAfter ? { [readAfterHeader]: readAfter } : {}) },
  })
  const body = (await response.json()) as { competitions?: Array<{ id: string }> }
  return {
    status: response.status,
    ids: (body.competitions ?? []).map((c) => c.id),
    stale: response.headers.get(readStaleHeader),
    body,
  }
}

describe('read-your-writes across processes', () => {
  it('a command answers with the position of its last event a read model shows', async () => {
    const { id, position } = await createCompetition('Positioned')
    const [last] = await db.store.readStream(competitionStream(id), {
      from: 'end',
      direction: 'backwards',
      limit: 1,
    })
    expect(last).toBeDefined()
    expect(position).toBe(positionToString(last?.position ?? { commit: 0n, prepare: 0n }))
  })

  it('a command whose events no read model shows, or a refused one, carries no position', async () => {
    // A reset link request appends PasswordResetRequested, which only the mail reactor reads.
    const reset = await fetch(`${command.url}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: adminLogin.email }),
    })
    expect(reset.status).toBe(200)
    expect(reset.headers.get(eventPositionHeader)).toBeNull()

    const refused = await fetch(`${command.url}/api/admin/competitions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify({ title: '' }),
    })
    expect(refused.status).toBe(400)
    expect(refused.headers.get(eventPositionHeader)).toBeNull()
  })

  it('a query with X-Read-After answers once the read models show the command', async () => {
    const { id, position } = await createCompetition('Awaited')
    if (!position) throw new Error('the command gave no position')
    // Without asking, the read side (held) does not show it yet.
    expect((await adminList(patient)).ids).not.toContain(id)

    waitsSeen.length = 0
    const reading = adminList(patient, position)
    // Once the request is waiting, the read models may move.
    while (!waitsSeen.includes(position)) await new Promise((resolve) => setTimeout(resolve, 10))
    await runProjections()
    const read = await reading
    await holdProjections()

    expect(read.status).toBe(200)
    expect(read.ids).toContain(id)
    expect(read.stale).toBeNull()
    // Reached now: the same position answers at once from either instance.
    const again = await adminList(impatient, position)
    expect(again.ids).toContain(id)
    expect(again.stale).toBeNull()
  })

  it('answers within its bound when the read models do not catch up, saying it may be stale', async () => {
    const { id, position } = await createCompetition('Not yet')
    if (!position) throw new Error('the command gave no position')

    const started = Date.now()
    const read = await adminList(impatient, position)
    const elapsed = Date.now() - started

    expect(read.status).toBe(200)
    expect(read.ids).not.toContain(id)
    expect(read.stale).toBe('true')
    expect(elapsed).toBeGreaterThanOrEqual(290)
    expect(elapsed).toBeLessThan(3000)
  })

  it('refuses an X-Read-After that is not a position with 400', async () => {
    for (const bad of ['soon', '12', '1/2/3', '-1/2', `${'9'.repeat(21)}/1`]) {
      const read = await adminList(impatient, bad)
      expect(read.status).toBe(400)
      expect(read.body).toMatchObject({ success: false, code: errorCodes.validation })
      expect(JSON.stringify(read.body)).toContain(readAfterHeader)
    }
  })
})
