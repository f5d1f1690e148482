import { type CompetitionCommand, competitionDecider } from '@prizes/domain'
import { WrongExpectedVersion } from '@prizes/event-store'
import { createInMemoryEventStore, type InMemoryEventStore } from '@prizes/event-store/testing'
import { describe, expect, it } from 'vitest'
import { createCommandHandler, type StreamStore } from './command-handler'
import { create, feature, id, publish, revise, stream } from './testing/competition-commands'
import { adminContext, details, now, silentLogger } from './testing/fixtures'

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

/** A store holding one created competition, written by some earlier process. */
async function storeWithCompetition() {
  const store = createInMemoryEventStore()
  await createCommandHandler({ store, logger: silentLogger }).handle(
    stream,
    competitionDecider,
    create,
    adminContext,
  )
  return store
}

describe('command handler under concurrency', () => {
  it('retries after another process appended in between, deciding on the re-folded state', async () => {
    const inner = await storeWithCompetition()
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
  it('re-runs the rules on retry: a publish that lost the race finds it published, not doubled', async () => {
    const inner = await storeWithCompetition()
    const raced = racedStore(inner, 1, { type: 'CompetitionPublished', data: { competitionId: id } })
    const handler = createCommandHandler({ store: raced.store, logger: silentLogger })

    // Publishing is idempotent (a double click on Publish): decided again on the raced state,
    // it appends nothing; decided on the stale state, it would publish a second time.
    await handler.handle(stream, competitionDecider, publish, adminContext)
    expect(inner.all.map((e) => e.type)).toEqual(['CompetitionCreated', 'CompetitionPublished'])
  })
  it('gives up after a bounded number of conflicts, having written nothing of its own', async () => {
    const inner = await storeWithCompetition()
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
    const results = await Promise.all(
      titles.map((t) => handler.handle(stream, competitionDecider, revise(t), adminContext)),
    )
    // The five queued behind nothing but each other: decided together, appended in one append.
    expect(appends).toEqual(['noStream', 0n])
    expect(inner.all.map((e) => e.type)).toEqual([
      'CompetitionCreated',
      ...titles.map(() => 'CompetitionRevised'),
    ])
    // Each caller hears its own command: its revision, and the state right after it.
    expect(results.map((r) => r.nextExpectedRevision)).toEqual([1n, 2n, 3n, 4n, 5n])
    expect(results.map((r) => r.state.exists && r.state.details.title)).toEqual(titles)
    expect(results.map((r) => r.events.length)).toEqual([1, 1, 1, 1, 1])
    expect(new Set(results.map((r) => r.position)).size).toBe(1)
  })

  it('refuses only the refused command of a batch; the others are appended and answered', async () => {
    const badPublish: CompetitionCommand = {
      type: 'PublishCompetition',
      data: { competitionId: id, seedCommitment: 'nope' },
      metadata: { now },
    }
    const inner = await storeWithCompetition()
    const handler = createCommandHandler({ store: inner, logger: silentLogger })
    const outcomes = await Promise.allSettled([
      handler.handle(stream, competitionDecider, revise('first'), adminContext),
      // Publishing needs a commitment in lower-case hex; this one is refused by the decider.
      handler.handle(stream, competitionDecider, badPublish, adminContext),
      handler.handle(stream, competitionDecider, feature(true), adminContext),
    ])
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect(inner.all.map((e) => e.type)).toEqual([
      'CompetitionCreated',
      'CompetitionRevised',
      'CompetitionFeaturedSet',
    ])
    const last = outcomes[2]
    expect(last?.status === 'fulfilled' && last.value.state).toMatchObject({
      featured: true,
      details: { title: 'first' },
    })
  })

  it('decides a whole batch again when another process appended in between', async () => {
    const inner = await storeWithCompetition()
    const raced = racedStore(inner, 1, {
      type: 'CompetitionFeaturedSet',
      data: { competitionId: id, featured: true },
    })
    const handler = createCommandHandler({ store: raced.store, logger: silentLogger })
    const results = await Promise.all([
      handler.handle(stream, competitionDecider, revise('a'), adminContext),
      handler.handle(stream, competitionDecider, revise('b'), adminContext),
      // Already featured once the other process's event is folded in: this one records nothing.
      handler.handle(stream, competitionDecider, feature(true), adminContext),
    ])
    expect(raced.attempts).toEqual([0n, 1n])
    expect(results.map((r) => r.events.length)).toEqual([1, 1, 0])
    expect(results.map((r) => r.nextExpectedRevision)).toEqual([2n, 3n, 3n])
    expect(inner.all.map((e) => e.type)).toEqual([
      'CompetitionCreated',
      'CompetitionFeaturedSet',
      'CompetitionRevised',
      'CompetitionRevised',
    ])
  })
})
