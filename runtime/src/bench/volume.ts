import { randomUUID } from 'node:crypto'
import { createCommandHandler } from '@prizes/command-service'
import { competitionStream } from '@prizes/contracts'
import { type CompetitionEvent, type CompetitionState, competitionDecider } from '@prizes/domain'
import type { Position, PostgresEventStore } from '@prizes/event-store'
import type { Logger } from '@prizes/platform'

/** Events per append while filling: large appends, so filling 100,000 entries takes seconds. */
const fillBatch = 500

/**
 * Appends `entries` sold entries (TicketsReserved then TicketsAllocated, 1 to 5 tickets each,
 * numbered on from `nextNumber`) to a competition's stream, straight to the store: what a long
 * sale leaves behind, written in seconds. Answers the next free ticket number and the position
 * of the last event written.
 */
export async function fillCompetition(
  store: PostgresEventStore,
  competitionId: string,
  options: { entries: number; nextNumber: number; answer: string; pricePence: number; now: Date },
): Promise<{ nextNumber: number; position: Position | undefined }> {
  const stream = competitionStream(competitionId)
  const [last] = await store.readStream(stream, { direction: 'backwards', limit: 1 })
  let revision = last?.revision ?? -1n
  let next = options.nextNumber
  const metadata = { occurredAt: options.now.toISOString(), actor: { system: 'bench' } }
  let batch: CompetitionEvent[] = []
  let position: Position | undefined
  const flush = async () => {
    if (batch.length === 0) return
    const appended = await store.append(
      stream,
      batch.map((event) => ({ ...event, metadata })),
      { expectedRevision: revision < 0n ? 'noStream' : revision },
    )
    revision = appended.nextExpectedRevision
    position = appended.position
    batch = []
  }
  for (let n = 0; n < options.entries; n += 1) {
    const quantity = 1 + (n % 5)
    const entry = {
      competitionId,
      entryId: randomUUID(),
      userId: randomUUID(),
      amountPence: quantity * options.pricePence,
      paymentIntentId: `pi_bench_${randomUUID().replaceAll('-', '').slice(0, 24)}`,
    }
    batch.push({
      type: 'TicketsReserved',
      data: {
        ...entry,
        quantity,
        answer: options.answer,
        expiresAt: new Date(options.now.getTime() + 600_000).toISOString(),
      },
    })
    batch.push({
      type: 'TicketsAllocated',
      data: {
        ...entry,
        ticketNumbers: Array.from({ length: quantity }, (_, i) => next + i),
        entryReference: `BEN-2026-${String(next).padStart(6, '0')}`,
        answer: options.answer,
        answerCorrect: true,
        allocatedAt: options.now.toISOString(),
      },
    })
    next += quantity
    if (batch.length >= fillBatch) await flush()
  }
  await flush()
  return { nextNumber: next, position }
}

export interface ColdLoadResult {
  /** Decoding and folding the whole stream in memory (no I/O). */
  readonly foldMs: number
  /** Reading, decoding and folding the whole stream: a cold load without a snapshot. */
  readonly fullLoadMs: number
  readonly events: number
  readonly snapshotBytes: number
  /** Reading and decoding the snapshot alone. */
  readonly snapshotLoadMs: number
  readonly tailEvents: number
  /** The first command of a process that has never seen the competition: snapshot, tail, decide. */
  readonly firstCommandMs: number
  /** Where the log ends after the tail was written. */
  readonly position: Position | undefined
}

/**
 * The cost of a big competition for a process that has never seen it. Folds the stream from its
 * events, lets a handler snapshot it, adds `tailEntries` more entries after the snapshot, then
 * times the first command (a quote, as create-payment-intent asks first) on a fresh handler.
 */
export async function measureColdLoad(
  store: PostgresEventStore,
  competitionId: string,
  options: { tailEntries: number; answer: string; pricePence: number; now: Date; logger: Logger },
): Promise<ColdLoadResult> {
  const stream = competitionStream(competitionId)
  const loadStarted = performance.now()
  const recorded = await store.readStream(stream)
  const foldStarted = performance.now()
  let state: CompetitionState = competitionDecider.initialState
  for (const stored of recorded) {
    const event = competitionDecider.decodeEvent(stored)
    if (event) state = competitionDecider.evolve(state, event)
  }
  const fullLoadMs = performance.now() - loadStarted
  const foldMs = performance.now() - foldStarted
  if (!state.exists) throw new Error('the bench competition is missing')

  const codec = competitionDecider.snapshots
  if (!codec) throw new Error('the competition decider takes no snapshots')
  const { logger } = options
  const writer = createCommandHandler({ store, snapshots: store.snapshots, logger })
  await writer.load(stream, competitionDecider)
  const last = recorded.at(-1)?.revision ?? 0n
  const snapshot = await waitForSnapshot(store, stream, codec.version, last)

  const tail = await fillCompetition(store, competitionId, {
    entries: options.tailEntries,
    nextNumber: state.tickets.nextNumber,
    answer: options.answer,
    pricePence: options.pricePence,
    now: options.now,
  })

  const snapshotStarted = performance.now()
  const loaded = await store.snapshots.load(stream, codec.version)
  if (loaded) codec.decode(loaded.state)
  const snapshotLoadMs = performance.now() - snapshotStarted

  const cold = createCommandHandler({ store, snapshots: store.snapshots, logger })
  const started = performance.now()
  await cold.handle(
    stream,
    competitionDecider,
    {
      type: 'QuoteEntry',
      data: { competitionId, userId: 'bench-quote', quantity: 1, answer: options.answer },
      metadata: { now: options.now },
    },
    { actor: { system: 'bench' }, now: options.now },
  )
  const firstCommandMs = performance.now() - started
  return {
    foldMs,
    fullLoadMs,
    events: recorded.length,
    snapshotBytes: snapshot.state.length,
    snapshotLoadMs,
    tailEvents: options.tailEntries * 2,
    firstCommandMs,
    position: tail.position,
  }
}

async function waitForSnapshot(store: PostgresEventStore, stream: string, version: string, revision: bigint) {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const found = await store.snapshots.load(stream, version)
    if (found && found.revision >= revision) return found
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no snapshot of ${stream} was stored within a minute`)
}
