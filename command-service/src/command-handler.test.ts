import { competitionStream, eventMetadata } from '@prizes/contracts'
import {
  type CompetitionCommand,
  CompetitionNotFound,
  competitionDecider,
  InvalidTransition,
} from '@prizes/domain'
import { type ReadStreamOptions, WrongExpectedVersion } from '@prizes/event-store'
import { describe, expect, it } from 'vitest'
import { createCommandHandler, type StreamStore } from './command-handler'
import { adminContext, details, now, silentLogger } from './testing/fixtures'
import { createInMemoryEventStore, type InMemoryEventStore } from './testing/in-memory-event-store'

const id = 'c-1'
const stream = competitionStream(id)
const metadata = { now }

const create: CompetitionCommand = {
  type: 'CreateCompetition',
  data: { competitionId: id, details, featured: false },
  metadata,
}
const publish: CompetitionCommand = { type: 'PublishCompetition', data: { competitionId: id }, metadata }
const feature = (featured: boolean): CompetitionCommand => ({
  type: 'SetCompetitionFeatured',
  data: { competitionId: id, featured },
  metadata,
})
const revise = (title: string): CompetitionCommand => ({
  type: 'ReviseCompetition',
  data: { competitionId: id, details: { ...details, title } },
  metadata,
})

/** Another process's write, straight to the store. */
const external = (store: InMemoryEventStore, type: string, data: object) =>
  store.append(stream, [{ type, data }], { expectedRevision: 'any' })

/**
 * A store through which "another process" appends `interleaved` just before each of our
 * appends, for the first `times` appends: the race that optimistic concurrency must catch.
 */
function racedStore(inner: InMemoryEventStore, times: number, interleaved: { type: string; data: object }) {
  let left = times
  const attempts: unknown[] = []
  const store: StreamStore = {
    readStream: (streamId, options) => inner.readStream(streamId, options),
    async append(streamId, events, options) {
      attempts.push(options.expectedRevision)
      if (left > 0) {
        left -= 1
        await inner.append(streamId, [interleaved], { expectedRevision: 'any' })
      }
      return inner.append(streamId, events, options)
    },
  }
  return { store, attempts }
}

describe('command handler', () => {
  it('decides on the folded stream and appends with the revision it read', async () => {
    const store = createInMemoryEventStore()
    const handler = createCommandHandler({ store, logger: silentLogger })

    const created = await handler.handle(stream, competitionDecider, create, adminContext)
    expect(created).toMatchObject({ nextExpectedRevision: 0n, state: { exists: true, status: 'draft' } })
    expect(created.position).toEqual(store.all[0]?.position)

    const published = await handler.handle(stream, competitionDecider, publish, adminContext)
    expect(published.events).toEqual([{ type: 'CompetitionPublished', data: { competitionId: id } }])
    expect(published).toMatchObject({ nextExpectedRevision: 1n, state: { status: 'active' } })
    expect(store.all.map((e) => [e.type, e.revision])).toEqual([
      ['CompetitionCreated', 0n],
      ['CompetitionPublished', 1n],
    ])
  })

  it('wraps every event in the contract envelope', async () => {
    const store = createInMemoryEventStore()
    const handler = createCommandHandler({ store, logger: silentLogger })
    await handler.handle(stream, competitionDecider, create, { ...adminContext, reason: 'launch' })
    const [event] = store.all
    expect(eventMetadata.parse(event?.metadata)).toEqual({
      eventId: event?.id,
      occurredAt: now.toISOString(),
      actor: adminContext.actor,
      correlationId: 'request-1',
      causationId: 'request-1',
      schemaVersion: 1,
      reason: 'launch',
    })
  })

  it('generates a correlation id when the context has none', async () => {
    const store = createInMemoryEventStore()
    const handler = createCommandHandler({ store, logger: silentLogger })
    await handler.handle(stream, competitionDecider, create, { actor: { system: 'seed' }, now })
    const parsed = eventMetadata.parse(store.all[0]?.metadata)
    expect(parsed.correlationId).toMatch(/^[0-9a-f-]{36}$/)
    expect(parsed.causationId).toBe(parsed.correlationId)
  })

  it('appends nothing when decide throws', async () => {
    const store = createInMemoryEventStore()
    const handler = createCommandHandler({ store, logger: silentLogger })
    await expect(handler.handle(stream, competitionDecider, publish, adminContext)).rejects.toThrow(
      CompetitionNotFound,
    )
    expect(store.all).toHaveLength(0)
  })

  it('appends nothing when decide has nothing to record', async () => {
    const store = createInMemoryEventStore()
    const handler = createCommandHandler({ store, logger: silentLogger })
    await handler.handle(stream, competitionDecider, create, adminContext)
    const result = await handler.handle(stream, competitionDecider, feature(false), adminContext)
    expect(result).toMatchObject({ events: [], nextExpectedRevision: 0n, position: undefined })
    expect(store.all).toHaveLength(1)
  })

  it('retries after another process appended in between, deciding on the re-folded state', async () => {
    const inner = createInMemoryEventStore()
    await createCommandHandler({ store: inner, logger: silentLogger }).handle(
      stream,
      competitionDecider,
      create,
      adminContext,
    )
    const raced = racedStore(inner, 1, {
      type: 'CompetitionFeaturedSet',
      data: { competitionId: id, featured: true },
    })
    const handler = createCommandHandler({ store: raced.store, logger: silentLogger })

    const result = await handler.handle(stream, competitionDecider, revise('Renamed'), adminContext)

    expect(raced.attempts).toEqual([0n, 1n])
    expect(result.nextExpectedRevision).toBe(2n)
    expect(result.state).toMatchObject({ featured: true, details: { title: 'Renamed' } })
    expect(inner.all.map((e) => e.type)).toEqual([
      'CompetitionCreated',
      'CompetitionFeaturedSet',
      'CompetitionRevised',
    ])
  })

  it('re-runs the rules on retry: a publish that lost the race is refused, not doubled', async () => {
    const inner = createInMemoryEventStore()
    await createCommandHandler({ store: inner, logger: silentLogger }).handle(
      stream,
      competitionDecider,
      create,
      adminContext,
    )
    const raced = racedStore(inner, 1, { type: 'CompetitionPublished', data: { competitionId: id } })
    const handler = createCommandHandler({ store: raced.store, logger: silentLogger })

    await expect(handler.handle(stream, competitionDecider, publish, adminContext)).rejects.toThrow(
      InvalidTransition,
    )
    expect(inner.all.map((e) => e.type)).toEqual(['CompetitionCreated', 'CompetitionPublished'])
  })

  it('gives up after a bounded number of conflicts, having written nothing of its own', async () => {
    const inner = createInMemoryEventStore()
    await createCommandHandler({ store: inner, logger: silentLogger }).handle(
      stream,
      competitionDecider,
      create,
      adminContext,
    )
    const raced = racedStore(inner, 10, { type: 'CompetitionRevised', data: { competitionId: id, details } })
    const handler = createCommandHandler({ store: raced.store, logger: silentLogger, maxAttempts: 3 })

    await expect(handler.handle(stream, competitionDecider, feature(true), adminContext)).rejects.toThrow(
      WrongExpectedVersion,
    )
    expect(raced.attempts).toEqual([0n, 1n, 2n])
    expect(inner.all.filter((e) => e.type === 'CompetitionFeaturedSet')).toHaveLength(0)
  })

  it('queues commands for one stream, so parallel commands in one process never conflict', async () => {
    const inner = createInMemoryEventStore()
    const appends: unknown[] = []
    const store: StreamStore = {
      readStream: (streamId, options) => inner.readStream(streamId, options),
      append: (streamId, events, options) => {
        appends.push(options.expectedRevision)
        return inner.append(streamId, events, options)
      },
    }
    const handler = createCommandHandler({ store, logger: silentLogger, maxAttempts: 1 })
    await handler.handle(stream, competitionDecider, create, adminContext)
    const titles = ['one', 'two', 'three', 'four', 'five']
    await Promise.all(titles.map((t) => handler.handle(stream, competitionDecider, revise(t), adminContext)))
    expect(appends).toEqual(['noStream', 0n, 1n, 2n, 3n, 4n])
  })

  it('keeps a hot stream in memory and catches up from the last revision it knows', async () => {
    const inner = createInMemoryEventStore()
    const reads: Array<ReadStreamOptions | undefined> = []
    const store: StreamStore = {
      readStream: (streamId, options) => {
        reads.push(options)
        return inner.readStream(streamId, options)
      },
      append: (streamId, events, options) => inner.append(streamId, events, options),
    }
    const handler = createCommandHandler({ store, logger: silentLogger })
    await handler.handle(stream, competitionDecider, create, adminContext)
    await external(inner, 'CompetitionFeaturedSet', { competitionId: id, featured: true })

    // Only a state that saw the external event has something to record here.
    const result = await handler.handle(stream, competitionDecider, feature(false), adminContext)

    expect(result.events).toEqual([
      { type: 'CompetitionFeaturedSet', data: { competitionId: id, featured: false } },
    ])
    expect(result.nextExpectedRevision).toBe(2n)
    expect(reads.map((r) => r?.from)).toEqual(['start', 1n])
  })

  it('folds a long stream page by page when it is not cached', async () => {
    const store = createInMemoryEventStore()
    const writer = createCommandHandler({ store, logger: silentLogger })
    await writer.handle(stream, competitionDecider, create, adminContext)
    for (const title of ['a', 'b', 'c', 'd']) {
      await writer.handle(stream, competitionDecider, revise(title), adminContext)
    }
    const cold = createCommandHandler({ store, logger: silentLogger, cacheSize: 0, readPageSize: 2 })
    const result = await cold.handle(stream, competitionDecider, feature(true), adminContext)
    expect(result.nextExpectedRevision).toBe(5n)
    expect(result.state).toMatchObject({ featured: true, details: { title: 'd' } })
  })

  it('skips event types it does not know yet but still counts their revisions', async () => {
    const store = createInMemoryEventStore()
    const handler = createCommandHandler({ store, logger: silentLogger })
    await handler.handle(stream, competitionDecider, create, adminContext)
    await external(store, 'SomethingFromNewerCode', { competitionId: id })
    const result = await handler.handle(stream, competitionDecider, publish, adminContext)
    expect(result.nextExpectedRevision).toBe(2n)
  })
})
