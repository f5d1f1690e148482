import { describe, expect, it } from 'vitest'
import { streamPages } from './pages'
import type { ReadStreamOptions, RecordedEvent } from './port'

/** A stream of `length` events and a record of every read asked of it. */
function storeOf(length: number) {
  const events: RecordedEvent[] = Array.from({ length }, (_, i) => ({
    id: `e-${i}`,
    type: 'Happened',
    data: { i },
    metadata: {},
    streamId: 's',
    revision: BigInt(i),
    position: { commit: BigInt(i), prepare: BigInt(i) },
    recordedAt: new Date(0),
  }))
  const reads: ReadStreamOptions[] = []
  const store = {
    async readStream(_streamId: string, options: ReadStreamOptions = {}) {
      reads.push(options)
      const from = typeof options.from === 'bigint' ? Number(options.from) : 0
      return events.slice(from, options.limit === undefined ? undefined : from + options.limit)
    },
  }
  return { store, reads }
}

async function collect(pages: AsyncGenerator<readonly RecordedEvent[]>) {
  const seen: number[][] = []
  for await (const page of pages) seen.push(page.map((event) => Number(event.revision)))
  return seen
}

describe('streamPages', () => {
  it('reads a stream a bounded page at a time, each from where the last ended', async () => {
    const { store, reads } = storeOf(7)
    expect(await collect(streamPages(store, 's', { pageSize: 3 }))).toEqual([[0, 1, 2], [3, 4, 5], [6]])
    expect(reads).toEqual([
      { from: 0n, limit: 3 },
      { from: 3n, limit: 3 },
      { from: 6n, limit: 3 },
    ])
  })

  it('stops at the revision asked for, without reading past its page', async () => {
    const { store, reads } = storeOf(10)
    expect(await collect(streamPages(store, 's', { pageSize: 3, to: 4n }))).toEqual([
      [0, 1, 2],
      [3, 4],
    ])
    expect(reads).toHaveLength(2)
  })

  it('a page exactly full at the end costs one empty read; an empty stream yields nothing', async () => {
    const full = storeOf(6)
    expect(await collect(streamPages(full.store, 's', { pageSize: 3 }))).toEqual([
      [0, 1, 2],
      [3, 4, 5],
    ])
    expect(full.reads).toHaveLength(3)
    expect(await collect(streamPages(storeOf(0).store, 's'))).toEqual([])
  })
})
