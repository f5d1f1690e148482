import { eventMetadata } from '@prizes/contracts'
import { CompetitionNotFound, competitionDecider } from '@prizes/domain'
import type { ReadStreamOptions } from '@prizes/event-store'
import { createInMemoryEventStore } from '@prizes/event-store/testing'
import { describe, expect, it } from 'vitest'
import { createCommandHandler, type StreamStore } from './command-handler'
import { create, external, feature, id, publish, revise, stream } from './testing/competition-commands'
import { adminContext, now, silentLogger } from './testing/fixtures'

describe('command handler', () => {
  it('decides on the folded stream and appends with the revision it read', async () => {
    const store = createInMemoryEventStore()
    const handler = createCommandHandler({ store, logger: silentLogger })

    const created = await handler.handle(stream, competitionDecider, create, adminContext)
    expect(created).toMatchObject({ nextExpectedRevision: 0n, state: { exists: true, status: 'draft' } })
    expect(created.position).toEqual(store.all[0]?.position)

    const published = await handler.handle(stream, competitionDecider, publish, adminContext)
    expect(published.events).toEqual([{ type: 'CompetitionPublished', data: publish.data }])
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
  it('refuses to fold a stream the store hands back out of order', async () => {
    const inner = createInMemoryEventStore()
    await createCommandHandler({ store: inner, logger: silentLogger }).handle(
      stream,
      competitionDecider,
      create,
      adminContext,
    )
    await external(inner, 'CompetitionFeaturedSet', { competitionId: id, featured: true })
    const store: StreamStore = {
      readStream: async (streamId, options) => (await inner.readStream(streamId, options)).reverse(),
      append: (streamId, events, options) => inner.append(streamId, events, options),
    }
    const handler = createCommandHandler({ store, logger: silentLogger })
    await expect(handler.handle(stream, competitionDecider, publish, adminContext)).rejects.toThrow(
      `${stream} was read out of order: revision 0 after 1`,
    )
    expect(inner.all).toHaveLength(2)
  })
})
