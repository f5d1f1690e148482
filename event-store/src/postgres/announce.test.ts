import { afterEach, describe, expect, test, vi } from 'vitest'
import { createAppendAnnouncer } from './announce'

describe('createAppendAnnouncer', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  function setup() {
    const sent: unknown[][] = []
    const pool = {
      query: async (_text: string, values: unknown[]) => {
        sent.push(values)
        return { rows: [] }
      },
    }
    let localWakes = 0
    const logger = { warn: () => {} }
    const announcer = createAppendAnnouncer(
      pool as never,
      () => {
        localWakes += 1
      },
      logger,
      'me',
      5,
    )
    return { sent, announcer, wakes: () => localWakes }
  }

  test('a burst of appends wakes this process each time and costs one NOTIFY now and one at the interval', async () => {
    vi.useFakeTimers()
    const { sent, announcer, wakes } = setup()
    for (let i = 0; i < 100; i++) announcer.announce()
    expect(wakes()).toBe(100)
    expect(sent).toEqual([['event_store_appended', 'me']])
    await vi.advanceTimersByTimeAsync(4)
    expect(sent).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(2)
    expect(sent).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(50)
    expect(sent).toHaveLength(2)
    announcer.close()
  })

  test('an append after a quiet spell is announced at once', async () => {
    vi.useFakeTimers()
    const { sent, announcer } = setup()
    announcer.announce()
    await vi.advanceTimersByTimeAsync(20)
    announcer.announce()
    expect(sent).toHaveLength(2)
    announcer.close()
  })
})
