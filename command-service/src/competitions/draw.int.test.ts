import { createHash, randomBytes } from 'node:crypto'
import { competitionStream, eventMetadata } from '@prizes/contracts'
import { drandRound, quicknet, roundTime, testDrandChain, verifyDraw } from '@prizes/domain'
import { signedBeacon, timesAround } from '@prizes/domain/testing'
import { createPostgresEventStore, type PostgresEventStore } from '@prizes/event-store'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import { createKnex } from '@prizes/platform'
import type { Knex } from 'knex'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CommandHandler, createCommandHandler } from '../command-handler'
import { migrateCommandTables } from '../migrations'
import { answerOf } from '../testing/error-answer'
import { adminContext, details, silentLogger } from '../testing/fixtures'
import { createCompetition, publishCompetition } from './commands'
import { loadDrawEvents } from './draw-events'
import { createDrawSeedStore, type DrawSeedStore, sealClearSeeds } from './draw-seeds'
import { closeCompetition, completeDraw, drandMargin, startDraw } from './lifecycle'
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
    const published = await publishCompetition(handler, { competitionId }, adminContext, seeds)
    const commitment = published.state.exists ? published.state.seedCommitment : null
    const seed = await seeds.load(competitionId, String(commitment))
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
    const revealed = { ...adminContext, now: new Date(roundTime(round).getTime() + 1000) }
    const completed = await completeDraw(handler, { competitionId, publicRandomness }, revealed, {
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

  it('draws a competition sealed on the TEST chain only while the platform is on that chain: a real-money (quicknet) one refuses', async () => {
    const handler = createCommandHandler({ store, logger: silentLogger })
    const { competitionId } = await createCompetition(handler, { details }, adminContext)
    await publishCompetition(handler, { competitionId }, adminContext, seeds)
    await store.append(
      competitionStream(competitionId),
      entry(1, 'u-1', '4', [1, 2]).map((e) => ({ type: e.type, data: { competitionId, ...e.data } })),
      { expectedRevision: 'any' },
    )
    // Closed in TEST MODE (DRAND_CHAIN=test): the seal names a round of the TEST chain.
    await closeCompetition(handler, { competitionId, reason: 'admin' }, adminContext, testDrandChain)
    const round = drandRound(new Date(adminContext.now.getTime() + drandMargin), testDrandChain)
    const refused = expect.objectContaining({ code: 'TEST_CHAIN_DRAW_REFUSED' })

    // The site then runs with Stripe keys, so on quicknet: the draw cannot start...
    const start = startDraw(handler, { competitionId }, adminContext, quicknet)
    await expect(start).rejects.toThrow(refused)
    expect(answerOf(await start.catch((error: unknown) => error))).toMatchObject({
      status: 409,
      code: 'TEST_CHAIN_DRAW_REFUSED',
      message: expect.stringContaining('cannot be drawn on a real-money site'),
    })
    // ...and one started in TEST MODE cannot complete, not even with the TEST chain's signed round.
    await startDraw(handler, { competitionId }, adminContext, testDrandChain)
    const beacon = signedBeacon(round)
    const publicRandomness = {
      source: 'drand' as const,
      round,
      value: beacon.randomness,
      signature: beacon.signature,
    }
    const drawContext = { ...adminContext, now: timesAround(round, testDrandChain).drawAt }
    await expect(
      completeDraw(handler, { competitionId, publicRandomness }, drawContext, { seeds }),
    ).rejects.toThrow(refused)
    await expect(
      completeDraw(handler, { competitionId, publicRandomness }, drawContext, {
        seeds,
        drandChain: quicknet,
      }),
    ).rejects.toThrow(refused)
    expect((await store.readStream(competitionStream(competitionId))).at(-1)?.type).toBe('DrawStarted')

    // Back in TEST MODE the same draw proceeds, and says it was drawn on the TEST chain.
    const completed = await completeDraw(handler, { competitionId, publicRandomness }, drawContext, {
      seeds,
      drandChain: testDrandChain,
    })
    expect(completed.state).toMatchObject({ status: 'completed' })
    expect(verifyDraw(await loadDrawEvents(store, competitionId), nodeDrawCrypto)).toMatchObject({
      verdict: 'PASS',
      testChain: true,
    })
  })

  it('keeps a seed sealed under DRAW_SEED_KEY: the row shows neither it nor its hex, another key cannot open it', async () => {
    const key = randomBytes(32)
    const sealed = createDrawSeedStore(knex, key)
    const handler = createCommandHandler({ store, logger: silentLogger })
    const { competitionId } = await createCompetition(handler, { details }, adminContext)
    const published = await publishCompetition(handler, { competitionId }, adminContext, sealed)
    const commitment = String(published.state.exists ? published.state.seedCommitment : null)
    const seed = Buffer.from((await sealed.load(competitionId, commitment)) ?? [])
    expect(createHash('sha256').update(seed).digest('hex')).toBe(commitment)
    const row: { seed: Buffer } = await knex('draw_seeds')
      .where({ competition_id: competitionId })
      .first('seed')
    expect(row.seed.length).toBe(60)
    expect(row.seed.includes(seed)).toBe(false)
    expect(row.seed.toString('latin1')).not.toContain(seed.toString('hex'))
    await expect(createDrawSeedStore(knex, randomBytes(32)).load(competitionId, commitment)).rejects.toThrow(
      /another DRAW_SEED_KEY/,
    )
    await expect(createDrawSeedStore(knex).load(competitionId, commitment)).rejects.toThrow(
      /no DRAW_SEED_KEY/,
    )
  })

  it('seals the seeds kept clear before DRAW_SEED_KEY was given, once, and they still open', async () => {
    const handler = createCommandHandler({ store, logger: silentLogger })
    const { competitionId } = await createCompetition(handler, { details }, adminContext)
    const published = await publishCompetition(handler, { competitionId }, adminContext, seeds)
    const commitment = String(published.state.exists ? published.state.seedCommitment : null)
    const clear = Buffer.from((await seeds.load(competitionId, commitment)) ?? [])
    const stored = () =>
      knex('draw_seeds').where({ competition_id: competitionId }).first<{ seed: Buffer }>('seed')
    expect((await stored()).seed).toEqual(clear)

    const key = randomBytes(32)
    expect(await sealClearSeeds(knex, key)).toBeGreaterThanOrEqual(1)
    const sealed = (await stored()).seed
    expect(sealed.length).toBe(60)
    expect(sealed.includes(clear)).toBe(false)
    expect(Buffer.from((await createDrawSeedStore(knex, key).load(competitionId, commitment)) ?? [])).toEqual(
      clear,
    )
    expect(await sealClearSeeds(knex, key)).toBe(0)
    expect((await stored()).seed).toEqual(sealed)
  })

  it('keeps no seed when the publication is refused', async () => {
    const handler = createCommandHandler({ store, logger: silentLogger })
    const { competitionId } = await createCompetition(handler, { details }, adminContext)
    const late = { ...adminContext, now: new Date(details.endDate) }
    await expect(publishCompetition(handler, { competitionId }, late, seeds)).rejects.toThrow(
      expect.objectContaining({ code: 'COMPETITION_END_DATE_PASSED' }),
    )
    expect(await knex('draw_seeds').where({ competition_id: competitionId }).first()).toBeUndefined()
  })

  /** The kept seed rows whose sha256 is the commitment the stream holds. */
  async function committedSeeds(competitionId: string): Promise<Buffer[]> {
    const events = await store.readStream(competitionStream(competitionId))
    const published = events.filter((event) => event.type === 'CompetitionPublished')
    expect(published).toHaveLength(1)
    const { seedCommitment } = (published[0]?.data ?? {}) as { seedCommitment?: string }
    const rows: { seed: Buffer }[] = await knex('draw_seeds')
      .where({ competition_id: competitionId })
      .select('seed')
    return rows
      .map((row) => row.seed)
      .filter((seed) => createHash('sha256').update(seed).digest('hex') === seedCommitment)
  }

  it('a publication overtaken by another (held at the handler until the other is done) keeps the first seed', async () => {
    const inner = createCommandHandler({ store, logger: silentLogger })
    const { competitionId } = await createCompetition(inner, { details }, adminContext)
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let calls = 0
    const holding: CommandHandler = {
      ...inner,
      async handle(...args: Parameters<CommandHandler['handle']>) {
        calls += 1
        if (calls === 1) await held
        return inner.handle(...args)
      },
    } as CommandHandler
    const first = publishCompetition(holding, { competitionId }, adminContext, seeds)
    const second = await publishCompetition(holding, { competitionId }, adminContext, seeds)
    expect(second.state).toMatchObject({ status: 'active' })
    release()
    const outcome = await first.catch((error: unknown) => error)
    // The seed the stream commits to is kept (it was deleted by the overtaken publication)...
    expect(await committedSeeds(competitionId)).toHaveLength(1)
    // ...and the overtaken publication answers as done, recording nothing more.
    expect(outcome).toMatchObject({ events: [], state: { status: 'active' } })
  })

  it('publishes racing across two command-service instances keep the committed seed', async () => {
    const instances = [0, 1].map(() => createCommandHandler({ store, logger: silentLogger }))
    for (let round = 0; round < 5; round += 1) {
      const { competitionId } = await createCompetition(
        instances[0] as CommandHandler,
        { details },
        adminContext,
      )
      const answers = await Promise.allSettled(
        Array.from({ length: 8 }, (_, i) =>
          publishCompetition(instances[i % 2] as CommandHandler, { competitionId }, adminContext, seeds),
        ),
      )
      expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill('fulfilled'))
      expect(await committedSeeds(competitionId)).toHaveLength(1)
    }
  })
})
