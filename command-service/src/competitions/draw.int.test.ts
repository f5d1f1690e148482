import { competitionStream, eventMetadata } from '@prizes/contracts'
import { roundTime, verifyDraw } from '@prizes/domain'
import { createPostgresEventStore, type PostgresEventStore } from '@prizes/event-store'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import { createKnex } from '@prizes/platform'
import type { Knex } from 'knex'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCommandHandler } from '../command-handler'
import { migrateCommandTables } from '../migrations'
import { adminContext, details, silentLogger } from '../testing/fixtures'
import { createCompetition, publishCompetition } from './commands'
import { loadDrawEvents } from './draw-events'
import { createDrawSeedStore, type DrawSeedStore } from './draw-seeds'
import { closeCompetition, completeDraw, startDraw } from './lifecycle'
import { nodeDrawCrypto } from './node-draw-crypto'

let database: TestDatabase
let store: PostgresEventStore
let knex: Knex
let seeds: DrawSeedStore

beforeAll(async () => {
  database = await createTestDatabase('draw')
  store = createPostgresEventStore({ connectionString: database.url, logger: silentLogger })
  await store.migrate()
  knex = createKnex(database.url)
  await migrateCommandTables(knex)
  seeds = createDrawSeedStore(knex)
})

afterAll(async () => {
  await knex.destroy()
  await store.close()
  await database.drop()
})

const entry = (i: number, userId: string, answer: string, ticketNumbers: number[]) => {
  const ids = { entryId: `00000000-0000-4000-8000-00000000000${i}`, userId, answer, amountPence: 250 }
  return [
    {
      type: 'TicketsReserved',
      data: {
        ...ids,
        quantity: ticketNumbers.length,
        paymentIntentId: `pi_${i}`,
        expiresAt: '2030-01-10T12:15:00.000Z',
      },
    },
    {
      type: 'TicketsAllocated',
      data: {
        ...ids,
        ticketNumbers,
        entryReference: `CMP-2030-00000${i}`,
        answerCorrect: answer === details.skillQuestion.correct,
        paymentIntentId: `pi_${i}`,
      },
    },
  ]
}

describe('a draw on PostgreSQL', () => {
  it('publishes with a stored seed, closes, draws, and the stream verifies', async () => {
    const handler = createCommandHandler({ store, logger: silentLogger })
    const { competitionId } = await createCompetition(handler, { details }, adminContext)
    await publishCompetition(handler, { competitionId }, adminContext, seeds)
    const seed = await seeds.load(competitionId)
    expect(seed?.length).toBe(32)

    const metadata = eventMetadata.parse({
      eventId: crypto.randomUUID(),
      occurredAt: adminContext.now.toISOString(),
      actor: { system: 'test' },
      correlationId: 'draw-test',
      causationId: 'draw-test',
      schemaVersion: 1,
    })
    const entries = [
      ...entry(1, 'u-1', '4', [1, 2]),
      ...entry(2, 'u-2', '3', [3]),
      ...entry(3, 'u-3', '4', [4]),
    ]
    await store.append(
      competitionStream(competitionId),
      entries.map((e) => ({ type: e.type, data: { competitionId, ...e.data }, metadata })),
      { expectedRevision: 'any' },
    )

    const closed = await closeCompetition(handler, { competitionId, reason: 'admin' }, adminContext)
    expect(closed.state).toMatchObject({ status: 'closed', sealed: { seal: { eligibleTickets: 3 } } })
    await startDraw(handler, { competitionId }, adminContext)
    const round = closed.state.exists ? (closed.state.sealed?.randomness.round ?? 0) : 0
    const publicRandomness = { source: 'drand' as const, round, value: 'ab'.repeat(32) }
    const tooEarly = completeDraw(handler, { competitionId, publicRandomness }, adminContext, { seeds })
    await expect(tooEarly).rejects.toThrow(expect.objectContaining({ code: 'RANDOMNESS_NOT_YET_PUBLISHED' }))
    const published = { ...adminContext, now: new Date(roundTime(round).getTime() + 1000) }
    const completed = await completeDraw(handler, { competitionId, publicRandomness }, published, {
      seeds,
    })
    expect(completed.state).toMatchObject({ status: 'completed' })
    const [drawn] = completed.events
    expect(drawn?.type === 'DrawCompleted' && drawn.data.seed).toBe(Buffer.from(seed ?? []).toString('hex'))
    expect(drawn?.type === 'DrawCompleted' && drawn.data.winnerUserId).not.toBe('u-2')

    const result = verifyDraw(await loadDrawEvents(store, competitionId), nodeDrawCrypto)
    expect(result.mismatch).toBeUndefined()
    // Entered without drand's signature: nothing contradicts the record, but it is not a PASS.
    expect(result.verdict).toBe('UNVERIFIED')
    expect(result.steps.find((step) => step.check === 'round timing')).toMatchObject({ ok: true })
  })

  it('discards the seed when the publication is refused', async () => {
    const handler = createCommandHandler({ store, logger: silentLogger })
    const { competitionId } = await createCompetition(handler, { details }, adminContext)
    const late = { ...adminContext, now: new Date(details.endDate) }
    await expect(publishCompetition(handler, { competitionId }, late, seeds)).rejects.toThrow(
      expect.objectContaining({ code: 'COMPETITION_END_DATE_PASSED' }),
    )
    expect(await seeds.load(competitionId)).toBeUndefined()
  })
})
