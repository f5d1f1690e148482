import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, test } from 'vitest'
import { comparePositions, type RecordedEvent } from '../port'
import { newEvent, type StoreAccess, sleep, unique } from './harness'

export function readContract(store: StoreAccess) {
  describe('reading a stream', () => {
    const stream = unique('read')
    const ids = [0, 1, 2, 3, 4].map(() => randomUUID())
    let written: RecordedEvent[] = []

    beforeAll(async () => {
      await store().append(
        stream,
        ids.map((id, n) => ({ id, type: `Happened${n}`, data: { n }, metadata: { causationId: `c${n}` } })),
        { expectedRevision: 'noStream' },
      )
      written = await store().readStream(stream)
    })

    const revisions = (events: RecordedEvent[]) => events.map((e) => Number(e.revision))

    test('forwards returns every event as it was appended, with its envelope', () => {
      expect(revisions(written)).toEqual([0, 1, 2, 3, 4])
      expect(written.map((e) => e.id)).toEqual(ids)
      expect(written[2]).toMatchObject({
        id: ids[2],
        type: 'Happened2',
        data: { n: 2 },
        metadata: { causationId: 'c2' },
        streamId: stream,
        revision: 2n,
      })
      expect(written[2]?.recordedAt).toBeInstanceOf(Date)
      for (let i = 1; i < written.length; i++) {
        const [before, after] = [written[i - 1], written[i]]
        if (!before || !after) throw new Error('missing event')
        expect(comparePositions(before.position, after.position)).toBe(-1)
      }
    })

    test('backwards starts at the end', async () => {
      expect(revisions(await store().readStream(stream, { direction: 'backwards' }))).toEqual([4, 3, 2, 1, 0])
    })

    test('a limit caps the count in either direction', async () => {
      expect(revisions(await store().readStream(stream, { limit: 2 }))).toEqual([0, 1])
      expect(revisions(await store().readStream(stream, { direction: 'backwards', limit: 2 }))).toEqual([
        4, 3,
      ])
    })

    test('from a revision includes that revision, in either direction', async () => {
      expect(revisions(await store().readStream(stream, { from: 2n }))).toEqual([2, 3, 4])
      expect(revisions(await store().readStream(stream, { from: 2n, direction: 'backwards' }))).toEqual([
        2, 1, 0,
      ])
      expect(revisions(await store().readStream(stream, { from: 3n, limit: 1 }))).toEqual([3])
      expect(await store().readStream(stream, { from: 9n })).toEqual([])
    })

    test('orders revisions as numbers, past ten', async () => {
      const long = unique('long')
      const events = Array.from({ length: 12 }, (_, n) => newEvent('Counted', { n }))
      await store().append(long, events, { expectedRevision: 'noStream' })
      const all = Array.from({ length: 12 }, (_, n) => n)
      expect(revisions(await store().readStream(long))).toEqual(all)
      expect(revisions(await store().readStream(long, { direction: 'backwards' }))).toEqual(all.reverse())
      expect(revisions(await store().readStream(long, { from: 9n, limit: 2 }))).toEqual([9, 10])
    })

    test('a missing stream reads as empty', async () => {
      expect(await store().readStream(unique('missing'))).toEqual([])
      expect(await store().readStream(unique('missing'), { direction: 'backwards' })).toEqual([])
    })
  })

  describe('reading $all one page at a time', () => {
    test('returns matching events strictly after a position, up to the limit, without waiting', async () => {
      const prefix = unique('page')
      for (const n of [0, 1, 2, 3]) {
        await store().append(`${prefix}-${n % 2}`, [newEvent('Paged', { n })], { expectedRevision: 'any' })
      }
      // Visibility is cluster-wide: another test's transaction open on the same server holds the
      // events back for a moment, so wait until they show (readAll itself never waits).
      const read = () => store().readAll({ from: 'start', limit: 10, filter: { streamPrefixes: [prefix] } })
      let all = await read()
      for (const deadline = Date.now() + 5_000; all.length < 4 && Date.now() < deadline; all = await read()) {
        await sleep(20)
      }
      expect(all.map((e) => e.data)).toEqual([{ n: 0 }, { n: 1 }, { n: 2 }, { n: 3 }])

      const [, second] = all
      if (!second) throw new Error('missing event')
      const next = await store().readAll({
        from: second.position,
        limit: 1,
        filter: { streamPrefixes: [prefix] },
      })
      expect(next.map((e) => e.data)).toEqual([{ n: 2 }])

      const last = all[3]
      if (!last) throw new Error('missing event')
      expect(
        await store().readAll({ from: last.position, limit: 10, filter: { streamPrefixes: [prefix] } }),
      ).toEqual([])
    })
  })
}
