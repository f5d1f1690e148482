import { expect, test } from 'vitest'
import { type StoreAccess, unique } from './harness'

/** What every snapshot store promises (see `snapshots/port.ts`). */
export function snapshotContract(access: StoreAccess) {
  const snapshots = () => access().snapshots

  test('a stream without a snapshot has none', async () => {
    expect(await snapshots().load(unique('none'), 'v1')).toBeUndefined()
  })

  test('gives back the latest snapshot whole, however large, and only to its own version', async () => {
    const stream = unique('snap')
    // Several megabytes, so stores that split a snapshot into parts must join them again.
    const big = JSON.stringify({ entries: Array.from({ length: 60_000 }, (_, i) => [`entry-${i}`, i]) })
    await snapshots().save(stream, 'v1', { revision: 9n, state: '{"first":true}' })
    await snapshots().save(stream, 'v1', { revision: 1_999n, state: big })
    const loaded = await snapshots().load(stream, 'v1')
    expect(loaded?.revision).toBe(1_999n)
    expect(loaded?.state).toBe(big)
    expect(await snapshots().load(stream, 'v2')).toBeUndefined()
  })

  test('keeps the later snapshot when an earlier one is saved after it', async () => {
    const stream = unique('race')
    await snapshots().save(stream, 'v1', { revision: 20n, state: '"later"' })
    await snapshots().save(stream, 'v1', { revision: 10n, state: '"earlier"' })
    expect(await snapshots().load(stream, 'v1')).toEqual({ revision: 20n, state: '"later"' })
  })

  test('a new version of the decider replaces the old one’s snapshot', async () => {
    const stream = unique('version')
    await snapshots().save(stream, 'v1', { revision: 20n, state: '"old shape"' })
    await snapshots().save(stream, 'v2', { revision: 15n, state: '"new shape"' })
    expect(await snapshots().load(stream, 'v2')).toEqual({ revision: 15n, state: '"new shape"' })
  })
}
