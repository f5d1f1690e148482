import { createAdminAccount, createCommandApp, createCommandHandler } from '@prizes/command-service'
import { createOfflinePaymentProvider } from '@prizes/payments'
import { type Served, serve } from '@prizes/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type QueryHarness, startQueryHarness } from '../testing/query-harness'

/**
 * Settings across processes: the command service records a change, the projection writes the
 * settings history, and the query service (its own cache, its own clock) enforces the change
 * once its cache's TTL has passed. No sleeping: the command answers once the read models show
 * its event, and the query service's clock is moved past the TTL.
 */

let harness: QueryHarness
let command: Served
let query: Served
let queryNow = new Date()
const tokens = { admin: '', user: '' }
let adminId = ''
const adminLogin = { email: 'cross-admin@example.com', password: 'Admin12345', firstName: 'Cora' }

beforeAll(async () => {
  harness = await startQueryHarness('query_settings', { clock: () => queryNow })
  query = harness.served
  const { db, projections, secrets, logger } = harness
  command = await serve(
    createCommandApp({
      store: db.store,
      knex: db.knex,
      secrets,
      logger,
      payments: createOfflinePaymentProvider({ knex: db.knex }),
      readModels: { caughtUp: (position) => projections.waitForPosition(position, { timeoutMs: 10_000 }) },
    }).callback(),
  )
  const context = { actor: { system: 'test' }, now: new Date() } as const
  const handler = createCommandHandler({ store: db.store, logger })
  adminId = (
    await createAdminAccount(
      { handler, store: db.store, knex: db.knex, secrets, logger },
      adminLogin,
      context,
    )
  ).userId
  const login = await call(command, 'POST', '/api/auth/login', adminLogin)
  tokens.admin = String(login.body.token)
  // The query service's clock starts now, after the admin's token was issued, and only moves on.
  queryNow = new Date()
  tokens.user = await harness.session('u-cross', 'user')
})

afterAll(async () => {
  await command?.close()
  await harness?.close()
})

async function call(to: Served, method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${to.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  }
}

const advanceQueryClock = (ms: number) => {
  queryNow = new Date(queryNow.getTime() + ms)
}

describe('settings across the command and query services', () => {
  it('the query service enforces maintenance within its TTL, and lets admins through', async () => {
    expect((await call(query, 'GET', '/api/competitions')).status).toBe(200)
    const on = await call(
      command,
      'PUT',
      '/api/admin/settings',
      { maintenanceMode: true, reason: 'Upgrade' },
      tokens.admin,
    )
    expect(on.status).toBe(200)
    try {
      // Within the TTL the query service still answers from what it loaded.
      expect((await call(query, 'GET', '/api/competitions')).status).toBe(200)
      advanceQueryClock(2_001)
      const refused = await call(query, 'GET', '/api/competitions')
      expect(refused.status).toBe(503)
      expect(refused.body).toMatchObject({ success: false, code: 'MAINTENANCE' })
      expect(refused.headers.get('retry-after')).toBe('60')
      expect((await call(query, 'GET', '/api/entries', undefined, tokens.user)).status).toBe(503)
      expect((await call(query, 'GET', '/api/competitions', undefined, tokens.admin)).status).toBe(200)
      expect((await call(query, 'GET', '/api/admin/stats', undefined, tokens.admin)).status).toBe(200)
      expect((await call(query, 'GET', '/api/health/query')).status).toBe(200)
      // Draw certificates stay public: this one answers for itself (there is no such draw), not 503.
      const certificate = await call(
        query,
        'GET',
        '/api/draws/3f1c2a9e-8d4b-4c1e-9a7f-2b6d5e4c3a21/certificate',
      )
      expect(certificate.status).toBe(404)
    } finally {
      expect(
        (await call(command, 'PUT', '/api/admin/settings', { maintenanceMode: false }, tokens.admin)).status,
      ).toBe(200)
    }
    advanceQueryClock(2_001)
    expect((await call(query, 'GET', '/api/competitions')).status).toBe(200)
  })

  it('the settings history lists every change, newest first, with who, what and why; admins only', async () => {
    expect((await call(query, 'GET', '/api/admin/settings/history')).status).toBe(401)
    expect((await call(query, 'GET', '/api/admin/settings/history', undefined, tokens.user)).status).toBe(403)
    const history = await call(query, 'GET', '/api/admin/settings/history', undefined, tokens.admin)
    expect(history.status).toBe(200)
    expect(history.body).toMatchObject({ success: true, page: 1, pageSize: 20, hasMore: false })
    const changes = history.body.changes as Array<Record<string, unknown>>
    expect(changes).toHaveLength(2)
    expect(changes[0]).toMatchObject({
      changed: ['maintenanceMode'],
      reason: null,
      settings: { maintenanceMode: false },
    })
    expect(changes[1]).toMatchObject({
      changed: ['maintenanceMode'],
      reason: 'Upgrade',
      settings: { maintenanceMode: true, allowRegistrations: true, emailNotifications: true },
      actor: { kind: 'admin', id: adminId },
    })
    expect(
      (await call(query, 'GET', '/api/admin/settings/history?page=2', undefined, tokens.admin)).body,
    ).toMatchObject({
      changes: [],
      hasMore: false,
    })
  })

  it('pages a long history', async () => {
    for (let i = 0; i < 21; i += 1) {
      const answer = await call(
        command,
        'PUT',
        '/api/admin/settings',
        { emailNotifications: i % 2 !== 0 },
        tokens.admin,
      )
      expect(answer.status).toBe(200)
    }
    const first = await call(query, 'GET', '/api/admin/settings/history', undefined, tokens.admin)
    expect((first.body.changes as unknown[]).length).toBe(20)
    expect(first.body.hasMore).toBe(true)
    const second = await call(query, 'GET', '/api/admin/settings/history?page=2', undefined, tokens.admin)
    expect((second.body.changes as unknown[]).length).toBe(3)
    expect(second.body.hasMore).toBe(false)
  })
})
