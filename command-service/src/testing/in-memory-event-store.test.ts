import { WrongExpectedVersion } from '@prizes/event-store'
import { describe, expect, it } from 'vitest'
import { createInMemoryEventStore } from './in-memory-event-store'

const event = (n: number) => ({ type: 'Happened', data: { n } })

describe('in-memory event store fake', () => {
  it('numbers revisions from 0 and checks the expected revision', async () => {
    const store = createInMemoryEventStore()
    expect(
      (await store.append('s', [event(0), event(1)], { expectedRevision: 'noStream' })).nextExpectedRevision,
    ).toBe(1n)
    await expect(store.append('s', [event(2)], { expectedRevision: 'noStream' })).rejects.toThrow(
      WrongExpectedVersion,
    )
    await expect(store.append('s', [event(2)], { expectedRevision: 0n })).rejects.toThrow(
      expect.objectContaining({ actual: 1n }),
    )
    await expect(store.append('t', [event(0)], { expectedRevision: 'streamExists' })).rejects.toThrow(
      expect.objectContaining({ actual: 'noStream' }),
    )
    expect((await store.append('s', [event(2)], { expectedRevision: 1n })).nextExpectedRevision).toBe(2n)
  })

  it('reads forwards and backwards from an inclusive revision, with a limit', async () => {
    const store = createInMemoryEventStore()
    await store.append('s', [event(0), event(1), event(2), event(3)], { expectedRevision: 'any' })
    const revisions = async (options: Parameters<typeof store.readStream>[1]) =>
      (await store.readStream('s', options)).map((e) => e.revision)
    expect(await revisions({})).toEqual([0n, 1n, 2n, 3n])
    expect(await revisions({ from: 2n })).toEqual([2n, 3n])
    expect(await revisions({ from: 1n, limit: 2 })).toEqual([1n, 2n])
    expect(await revisions({ direction: 'backwards', limit: 2 })).toEqual([3n, 2n])
    expect(await revisions({ direction: 'backwards', from: 1n })).toEqual([1n, 0n])
    expect(await revisions({ from: 'end' })).toEqual([])
    expect(await store.readStream('missing')).toEqual([])
  })

  it('refuses an empty append, as the real adapter does', async () => {
    await expect(createInMemoryEventStore().append('s', [], { expectedRevision: 'any' })).rejects.toThrow()
  })
})
