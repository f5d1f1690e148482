import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { competitionStream, type HealthResponse } from '@prizes/contracts'
import { createPostgresEventStore, type PostgresEventStore, positionToString } from '@prizes/event-store'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import { createKnex, createLogger, freePort, loadConfig } from '@prizes/platform'
import { allProjections, rebuildProjections } from '@prizes/projections'
import type { Knex } from 'knex'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateAdminPassword } from './admin'
import { type RunningPlatform, startPlatform } from './platform'

let database: TestDatabase
let dataDir: string
let platform: RunningPlatform
let store: PostgresEventStore
let knex: Knex

beforeAll(async () => {
  database = await createTestDatabase('stuck_projection')
  dataDir = await mkdtemp(path.join(tmpdir(), 'prizes-stuck-'))
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    MAILDEV_SMTP_PORT: String(await freePort()),
    MAILDEV_WEB_PORT: String(await freePort()),
    SEED_DEMO_DATA: 'false',
    ADMIN_EMAIL: 'stuck-admin@example.com',
    ADMIN_PASSWORD: generateAdminPassword(),
  })
  platform = await startPlatform(config, createLogger({ level: 'silent', name: 'test' }))
  store = createPostgresEventStore({ connectionString: database.url })
  knex = createKnex(database.url)
})

afterAll(async () => {
  await knex?.destroy()
  await store?.close()
  await platform?.stop()
  await database?.drop()
  await rm(dataDir, { recursive: true, force: true })
})

const metadata = { occurredAt: '2030-01-01T09:00:00.000Z', actor: { system: 'test' } }

function created(competitionId: string) {
  return {
    type: 'CompetitionCreated',
    data: {
      competitionId,
      featured: false,
      details: {
        title: `Prize ${competitionId}`,
        description: 'A prize',
        prize: 'A prize',
        prizeValuePence: 10_000,
        entryPricePence: 100,
        totalTickets: 100,
        location: 'UK Wide',
        startDate: '2030-01-01T00:00:00.000Z',
        endDate: '2030-02-01T00:00:00.000Z',
        imageUrl: null,
        skillQuestion: { question: 'Two plus two?', options: ['3', '4', '5', '6'], correct: '4' },
      },
    },
    metadata,
  }
}

async function health(): Promise<{ status: number; body: HealthResponse }> {
  const response = await fetch(`${platform.url}/api/health`)
  return { status: response.status, body: (await response.json()) as HealthResponse }
}

/** Asks again until `ready` holds (health is measured at most once a second), or fails. */
async function healthWhen(ready: (body: HealthResponse) => boolean) {
  const deadline = Date.now() + 20_000
  for (;;) {
    const answer = await health()
    if (ready(answer.body)) return answer
    if (Date.now() > deadline) throw new Error(`health never got there: ${JSON.stringify(answer.body)}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

const tables = ['competitions', 'entries', 'draws', 'competition_events', 'users', 'projection_checkpoints']
async function readModels(): Promise<Record<string, unknown[]>> {
  const rows: Record<string, unknown[]> = {}
  for (const table of tables) rows[table] = await knex(table).select('*').orderByRaw('1')
  return rows
}

describe('an event one read model cannot store', () => {
  it('stops that projection alone, /api/health says so with 503, and a rebuild that meets it changes nothing', async () => {
    const stream = competitionStream('overflow')
    await store.append(stream, [created('overflow')], { expectedRevision: 'noStream' })
    // Beneath the contracts, which bound amounts far lower: 2^31 pence fits no integer column, so
    // entries and platform_stats (which both store amounts) refuse it (the decoder names the
    // column's limit) while the others carry on.
    const bad = await store.append(
      stream,
      [
        {
          type: 'TicketsReserved',
          data: {
            competitionId: 'overflow',
            entryId: crypto.randomUUID(),
            userId: crypto.randomUUID(),
            quantity: 1,
            amountPence: 2 ** 31,
            paymentIntentId: 'pi_overflow',
            answer: '4',
            expiresAt: '2030-01-01T09:10:00.000Z',
          },
          metadata,
        },
      ],
      { expectedRevision: 0n },
    )
    // Later events every other projection handles.
    await store.append(competitionStream('later'), [created('later')], { expectedRevision: 'noStream' })

    const refusing = new Set(['entries', 'platform_stats'])
    const answer = await healthWhen((body) =>
      body.projections.filter((p) => refusing.has(p.name)).every((p) => p.status === 'stuck'),
    )
    expect(answer.status).toBe(503)
    expect(answer.body.status).toBe('stuck')
    const byName = new Map(answer.body.projections.map((p) => [p.name, p]))
    for (const name of refusing) {
      expect(byName.get(name), name).toMatchObject({
        status: 'stuck',
        failure: { position: positionToString(bad.position), eventType: 'TicketsReserved' },
      })
    }
    const others = await healthWhen((body) =>
      body.projections.filter((p) => !refusing.has(p.name)).every((p) => p.lagEvents === 0),
    )
    for (const projection of others.body.projections.filter((p) => !refusing.has(p.name))) {
      expect(projection, projection.name).toMatchObject({ status: 'ok', failure: null, lagEvents: 0 })
    }
    expect(await knex('competitions').where({ id: 'later' }).first()).toMatchObject({ title: 'Prize later' })

    // A rebuild meets the same event part-way: it fails, and readers see exactly what they saw.
    const before = await readModels()
    await expect(
      rebuildProjections({ store, knex, projections: allProjections, names: 'all' }),
    ).rejects.toThrow(/2147483647/)
    expect(await readModels()).toEqual(before)
  })
})
