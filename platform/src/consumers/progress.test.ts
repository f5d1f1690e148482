import { competitionStream } from '@prizes/contracts'
import { createInMemoryEventStore } from '@prizes/event-store/testing'
import { describe, expect, test } from 'vitest'
import { ConsumerStopped, covering, createProgress, passes } from './progress'

async function setUp() {
  const store = createInMemoryEventStore()
  const append = (stream: string, type: string) =>
    store.append(stream, [{ type, data: {} }], { expectedRevision: 'any' })
  const progress = createProgress(store, { pollMs: 5 })
  progress.track('competitions', { eventTypes: ['CompetitionCreated'] }, 'start')
  return { store, append, progress }
}

describe('waitForPosition', () => {
  test('waits until a handled event at the position is processed', async () => {
    const { store, append, progress } = await setUp()
    const { position } = await append(competitionStream('a'), 'CompetitionCreated')
    // Counts the waiter's looks at the log: once it starts a third, two have found it behind.
    const readAll = store.readAll.bind(store)
    let reads = 0
    store.readAll = (options) => {
      reads += 1
      return readAll(options)
    }
    let done = false
    const waiting = progress.waitForPosition(position).then(() => {
      done = true
    })
    while (reads < 3 && !done) await new Promise((r) => setTimeout(r, 1))
    expect(done).toBe(false)

    progress.advance('competitions', position)
    await waiting
    expect(done).toBe(true)
  })

  test('a projection that advances while the waiter is reading the log still wakes it', async () => {
    const store = createInMemoryEventStore()
    const { position } = await store.append(
      competitionStream('a'),
      [{ type: 'CompetitionCreated', data: {} }],
      {
        expectedRevision: 'any',
      },
    )
    // Looking for the projection's next event takes a while; the runner commits meanwhile. The
    // poll is far too slow to help.
    let reading: () => void = () => {}
    const readAll = store.readAll.bind(store)
    store.readAll = async (options) => {
      if (options?.filter) {
        await new Promise<void>((resolve) => {
          reading = resolve
        })
      }
      return readAll(options)
    }
    const progress = createProgress(store, { pollMs: 60_000 })
    progress.track('competitions', { eventTypes: ['CompetitionCreated'] }, 'start')
    const waiting = progress.waitForPosition(position, { timeoutMs: 2000 })
    await new Promise((r) => setTimeout(r, 10))
    progress.advance('competitions', position)
    store.readAll = readAll
    reading()
    await expect(waiting).resolves.toBeUndefined()
  })

  test('is reached at once for events the member does not handle', async () => {
    const { append, progress } = await setUp()
    const created = await append(competitionStream('a'), 'CompetitionCreated')
    progress.advance('competitions', created.position)
    const { position } = await append('user-1', 'UserRegistered')

    await expect(progress.waitForPosition(position, { timeoutMs: 1000 })).resolves.toBeUndefined()
  })

  test('a member filtered by stream as well is only held back by the events of its streams', async () => {
    const store = createInMemoryEventStore()
    const progress = createProgress(store, { pollMs: 5 })
    progress.track('mail', { eventTypes: ['Wanted'], streamPrefixes: ['user-'] }, 'start')
    await store.append(competitionStream('a'), [{ type: 'Wanted', data: {} }], { expectedRevision: 'any' })
    const other = await store.append('user-1', [{ type: 'Other', data: {} }], { expectedRevision: 'any' })
    await expect(progress.waitForPosition(other.position, { timeoutMs: 1000 })).resolves.toBeUndefined()

    const wanted = await store.append('user-2', [{ type: 'Wanted', data: {} }], { expectedRevision: 'any' })
    await expect(progress.waitForPosition(wanted.position, { timeoutMs: 50 })).rejects.toThrow(
      'Still behind after 50 ms: mail',
    )
    progress.advance('mail', wanted.position)
    await expect(progress.waitForPosition(wanted.position, { timeoutMs: 50 })).resolves.toBeUndefined()
  })

  test('is not reached while an earlier handled event is unprocessed', async () => {
    const { append, progress } = await setUp()
    await append(competitionStream('a'), 'CompetitionCreated')
    const { position } = await append('user-1', 'UserRegistered')

    await expect(progress.waitForPosition(position, { timeoutMs: 50 })).rejects.toThrow(
      'Still behind after 50 ms: competitions',
    )
  })

  test('a position not yet readable in the log is not reached', async () => {
    const { progress } = await setUp()
    const future = { commit: 5n, prepare: 5n }

    await expect(progress.waitForPosition(future, { timeoutMs: 50 })).rejects.toThrow(/Still behind/)
  })

  test('a halted projection no longer holds waiters back, including those already waiting', async () => {
    const { append, progress } = await setUp()
    const { position } = await append(competitionStream('a'), 'CompetitionCreated')
    const waiting = progress.waitForPosition(position, { timeoutMs: 2000 })
    progress.halt('competitions')
    await expect(waiting).resolves.toBeUndefined()
  })

  test('checks every projection with one read of the log', async () => {
    const store = createInMemoryEventStore()
    const progress = createProgress(store, { pollMs: 60_000 })
    progress.track('competitions', { eventTypes: ['CompetitionCreated'] }, 'start')
    progress.track('draws', { eventTypes: ['DrawCompleted'] }, 'start')
    progress.track('users', { eventTypes: ['UserRegistered'] }, 'start')
    const registered = await store.append('user-1', [{ type: 'UserRegistered', data: {} }], {
      expectedRevision: 'any',
    })
    progress.advance('users', registered.position)
    await store.append(competitionStream('a'), [{ type: 'Other', data: {} }], { expectedRevision: 'any' })
    const { position } = await store.append(
      competitionStream('a'),
      [{ type: 'CompetitionCreated', data: {} }],
      {
        expectedRevision: 'any',
      },
    )
    let reads = 0
    const readAll = store.readAll.bind(store)
    store.readAll = (options) => {
      reads += 1
      return readAll(options)
    }
    progress.advance('competitions', position)
    await expect(progress.waitForPosition(position, { timeoutMs: 1000 })).resolves.toBeUndefined()
    expect(reads).toBe(1)
  })

  test('an event that becomes visible between two reads of the log is still waited for', async () => {
    const { store, append, progress } = await setUp()
    const created = await append(competitionStream('a'), 'CompetitionCreated')
    progress.advance('competitions', created.position)
    const { position } = await append(competitionStream('a'), 'CompetitionCreated')
    // The first filtered read ran just before the event's transaction became visible.
    const readAll = store.readAll.bind(store)
    let stale = true
    store.readAll = async (options) => {
      if (options?.filter && stale) {
        stale = false
        return []
      }
      return readAll(options)
    }
    await expect(progress.waitForPosition(position, { timeoutMs: 100 })).rejects.toThrow(
      'Still behind after 100 ms: competitions',
    )
  })

  test('stopping fails those still waiting', async () => {
    const { append, progress } = await setUp()
    const { position } = await append(competitionStream('a'), 'CompetitionCreated')
    const waiting = progress.waitForPosition(position)
    progress.stop()

    await expect(waiting).rejects.toThrow(ConsumerStopped)
  })
})

describe('covering', () => {
  const event = (type: string, streamId: string) => ({ type, streamId }) as Parameters<typeof passes>[0]

  test('lets through what any of the filters does', () => {
    const filter = covering([
      { eventTypes: ['A'], streamPrefixes: ['user-'] },
      { eventTypes: ['B'], streamPrefixes: ['competition-'] },
    ])
    expect(filter).toEqual({ eventTypes: ['A', 'B'], streamPrefixes: ['user-', 'competition-'] })
    expect(passes(event('B', 'user-1'), filter)).toBe(true)
    expect(passes(event('C', 'user-1'), filter)).toBe(false)
  })

  test('a filter without a list lets that list through whole', () => {
    expect(covering([{ eventTypes: ['A'] }, { eventTypes: ['B'], streamPrefixes: ['user-'] }])).toEqual({
      eventTypes: ['A', 'B'],
    })
    expect(covering([{ eventTypes: [] }, { eventTypes: ['B'] }])).toEqual({})
    expect(passes(event('Z', 'anything'), {})).toBe(true)
  })
})
