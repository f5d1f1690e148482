import type { EventStore } from '@prizes/event-store'
import { describe, expect, test } from 'vitest'
import { benchHotStreamBatched } from './hot-stream'

describe('benchHotStreamBatched', () => {
  test('gathers the events of all writers into appends at consecutive revisions', async () => {
    const appended: { expected: unknown; count: number }[] = []
    let revision = -1n
    const store: Pick<EventStore, 'append'> = {
      async append(_stream, events, { expectedRevision }) {
        await new Promise((resolve) => setTimeout(resolve, 2))
        appended.push({ expected: expectedRevision, count: events.length })
        revision += BigInt(events.length)
        return { nextExpectedRevision: revision, position: { commit: 1n, prepare: revision } }
      },
    }
    const result = await benchHotStreamBatched(store, 'hot', {
      writers: 4,
      seconds: 0.1,
      event: (i) => ({ type: 'E', data: { i } }),
    })
    expect(appended[0]?.expected).toBe('noStream')
    let last = -1n
    for (const [n, append] of appended.entries()) {
      if (n > 0) expect(append.expected).toBe(last)
      last += BigInt(append.count)
    }
    expect(appended.some((a) => a.count > 1)).toBe(true)
    const events = appended.reduce((sum, a) => sum + a.count, 0)
    expect(result.eventsPerSecond / result.appendsPerSecond).toBeCloseTo(events / appended.length, 0)
  })
})
