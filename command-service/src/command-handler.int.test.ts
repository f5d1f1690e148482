import { randomUUID } from 'node:crypto'
import { competitionEvents, competitionStream, eventMetadata } from '@prizes/contracts'
import {
  type CompetitionCommand,
  type CompetitionState,
  competitionDecider,
  NotEnoughTickets,
} from '@prizes/domain'
import { createPostgresEventStore, type PostgresEventStore } from '@prizes/event-store'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCommandHandler } from './command-handler'
import { createCompetition, publishCompetition, reviseCompetition } from './competitions/commands'
import { createInMemoryDrawSeeds } from './competitions/draw-seeds'
import { adminContext, details, silentLogger } from './testing/fixtures'

let database: TestDatabase
let store: PostgresEventStore

beforeAll(async () => {
  database = await createTestDatabase('command_handler')
  store = createPostgresEventStore({ connectionString: database.url })
  await store.migrate()
})

afterAll(async () => {
  await store.close()
  await database.drop()
})

describe('command handler on PostgreSQL', () => {
  it('stores events with their envelope and folds them back', async () => {
    const handler = createCommandHandler({ store, logger: silentLogger })
    const { competitionId } = await createCompetition(handler, { details }, adminContext)
    const published = await publishCompetition(
      handler,
      { competitionId },
      adminContext,
      createInMemoryDrawSeeds(),
    )

    const stored = await store.readStream(competitionStream(competitionId))
    expect(stored.map((e) => [e.type, e.revision])).toEqual([
      ['CompetitionCreated', 0n],
      ['CompetitionPublished', 1n],
    ])
    for (const event of stored) expect(eventMetadata.parse(event.metadata).eventId).toBe(event.id)
    expect(published.position).toEqual(stored[1]?.position)

    // A fresh process (no cache) folds the same state from the stored stream.
    const fresh = createCommandHandler({ store, logger: silentLogger })
    const revised = await reviseCompetition(
      handler,
      { competitionId, details: { ...details, title: 'T' } },
      adminContext,
    )
    const refolded = await fresh.handle(
      competitionStream(competitionId),
      competitionDecider,
      {
        type: 'SetCompetitionFeatured',
        data: { competitionId, featured: false },
        metadata: { now: adminContext.now },
      },
      adminContext,
    )
    expect(refolded.state).toEqual(revised.state)
  })

  it('lets two processes write one stream at once without losing a command', async () => {
    // Two handlers stand for two processes: each queues its own commands, but only the
    // expected revision keeps them from overwriting each other.
    const first = createCommandHandler({ store, logger: silentLogger, maxAttempts: 10 })
    const second = createCommandHandler({ store, logger: silentLogger, maxAttempts: 10 })
    const { competitionId } = await createCompetition(first, { details }, adminContext)
    const titles = Array.from({ length: 10 }, (_, i) => `Title ${i}`)

    await Promise.all(
      titles.map((title, i) =>
        reviseCompetition(
          i % 2 === 0 ? first : second,
          { competitionId, details: { ...details, title } },
          adminContext,
        ),
      ),
    )

    const stored = await store.readStream(competitionStream(competitionId))
    expect(stored.map((e) => e.revision)).toEqual(Array.from({ length: 11 }, (_, i) => BigInt(i)))
    const storedTitles = stored
      .slice(1)
      .map((e) => competitionEvents.CompetitionRevised.parse(e.data).details.title)
    expect(storedTitles.sort()).toEqual([...titles].sort())
  })

  it('batches a rush of reservations into a few appends, refusing only those that no longer fit', async () => {
    const handler = createCommandHandler({ store, logger: silentLogger })
    const seeds = createInMemoryDrawSeeds()
    const { competitionId } = await createCompetition(
      handler,
      { details: { ...details, totalTickets: 50 } },
      adminContext,
    )
    await publishCompetition(handler, { competitionId }, adminContext, seeds)
    const reserve = (n: number): CompetitionCommand => ({
      type: 'ReserveTickets',
      data: {
        competitionId,
        entryId: randomUUID(),
        userId: `user-${n}`,
        quantity: 1 + (n % 3),
        answer: details.skillQuestion.correct,
        paymentIntentId: `pi_${n}`,
        expiresAt: new Date(adminContext.now.getTime() + 600_000).toISOString(),
      },
      metadata: { now: adminContext.now },
    })
    const commands = Array.from({ length: 60 }, (_, n) => reserve(n))

    const outcomes = await Promise.allSettled(
      commands.map((command) =>
        handler.handle(competitionStream(competitionId), competitionDecider, command, adminContext),
      ),
    )

    const stored = (await store.readStream(competitionStream(competitionId))).filter(
      (e) => e.type === 'TicketsReserved',
    )
    const held = stored.reduce((sum, e) => sum + (e.data as { quantity: number }).quantity, 0)
    expect(held).toBeLessThanOrEqual(50)
    // Every caller hears about its own command: its entry in its state, or its own refusal.
    outcomes.forEach((outcome, i) => {
      const { entryId } = (commands[i] as Extract<CompetitionCommand, { type: 'ReserveTickets' }>).data
      if (outcome.status === 'fulfilled') {
        const { state } = outcome.value
        expect(state.exists && state.entries.get(entryId)?.status).toBe('reserved')
        expect(stored.some((e) => (e.data as { entryId: string }).entryId === entryId)).toBe(true)
      } else {
        expect(outcome.reason).toBeInstanceOf(NotEnoughTickets)
        expect(stored.some((e) => (e.data as { entryId: string }).entryId === entryId)).toBe(false)
      }
    })
    const refused = outcomes.filter((o) => o.status === 'rejected')
    expect(refused.length).toBeGreaterThan(0)
    expect(stored).toHaveLength(outcomes.length - refused.length)
    // Fewer appends (one global position each) than reservations: they went in batches.
    expect(new Set(stored.map((e) => `${e.position.commit}`)).size).toBeLessThan(stored.length)
  })

  it('loads a cold stream from its snapshot and the events after it, deciding as the warm one does', async () => {
    const warm = createCommandHandler({
      store,
      snapshots: store.snapshots,
      logger: silentLogger,
      snapshotEvery: 5,
    })
    const { competitionId } = await createCompetition(warm, { details }, adminContext)
    // Revision 4 is the fifth event: the one snapshot this handler takes here.
    for (let i = 0; i < 4; i += 1) {
      await reviseCompetition(warm, { competitionId, details: { ...details, title: `T${i}` } }, adminContext)
    }
    const stream = competitionStream(competitionId)
    const snapshot = await waitForSnapshot(stream, 4n)
    expect(snapshot.revision).toBe(4n)
    // The tail, written by a process that takes no snapshots.
    const other = createCommandHandler({ store, logger: silentLogger })
    for (let i = 4; i < 12; i += 1) {
      await reviseCompetition(other, { competitionId, details: { ...details, title: `T${i}` } }, adminContext)
    }

    // A process that never saw the stream: it must read the snapshot, then only the tail.
    const reads: Array<bigint | string | undefined> = []
    const cold = createCommandHandler({
      store: {
        append: (...args) => store.append(...args),
        readStream: (id, options) => {
          reads.push(options?.from)
          return store.readStream(id, options)
        },
      },
      snapshots: store.snapshots,
      logger: silentLogger,
    })
    const state = await cold.load(stream, competitionDecider)
    expect(reads[0]).toBe(snapshot.revision + 1n)
    expect(comparable(state)).toEqual(comparable(await other.load(stream, competitionDecider)))
    expect(state.exists && state.details.title).toBe('T11')
  })
})

/** A state with its maps as sorted pairs: a snapshot's lazy map and a folded one hold the same. */
function comparable(state: CompetitionState) {
  if (!state.exists) return state
  const pairs = <V>(map: { entries(): Array<[string, V]> }) =>
    map.entries().sort(([a], [b]) => a.localeCompare(b))
  return {
    ...state,
    entries: pairs(state.entries),
    holds: pairs(state.holds),
    heldBy: pairs(state.heldBy),
    refundedWhileSealed: pairs(state.refundedWhileSealed),
    ticketsBy: pairs(state.ticketsBy),
  }
}

/** Snapshots are written in the background; waits until one at or past `revision` is stored. */
async function waitForSnapshot(stream: string, revision: bigint) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const found = await store.snapshots.load(stream, competitionDecider.snapshots?.version ?? '')
    if (found && found.revision >= revision) return found
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error(`no snapshot of ${stream} at ${revision} or later`)
}
