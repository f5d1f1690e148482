import { EventEmitter } from 'node:events'
import type { ServerResponse } from 'node:http'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createLiveHub, defaultLiveLimits, type LiveLimits } from './hub'

/** A response that records what is written and holds it unsent while `stalled`. */
class FakeResponse extends EventEmitter {
  written: string[] = []
  stalled = false
  writableLength = 0
  destroyed = false
  ended = false
  writeHead() {
    return this
  }
  write(chunk: string) {
    this.written.push(chunk)
    if (this.stalled) this.writableLength += chunk.length
    return true
  }
  end() {
    this.ended = true
    this.emit('close')
  }
  destroy() {
    this.destroyed = true
    this.emit('close')
  }
  /** The competition events written, as their figures. */
  changes() {
    return this.written
      .filter((chunk) => chunk.startsWith('event: competition'))
      .map((chunk) => JSON.parse(chunk.slice(chunk.indexOf('data: ') + 6)))
  }
}

const hubWith = (limits: Partial<LiveLimits> = {}) => createLiveHub({ ...defaultLiveLimits, ...limits })
const client = () => new FakeResponse()
const asResponse = (res: FakeResponse) => res as unknown as ServerResponse
const change = (sold: number, id = 'c1') => ({
  id,
  sold_tickets: sold,
  free_entries: 0,
  total_tickets: 100,
  status: 'active' as const,
})

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('the live hub', () => {
  test('sends the first change at once, then at most one a window, with the latest figures', () => {
    const hub = hubWith({ coalesceMs: 250 })
    const res = client()
    hub.open(asResponse(res), 'a')
    hub.publish(change(1))
    expect(res.changes().map((c) => c.sold_tickets)).toEqual([1])

    for (let sold = 2; sold <= 100; sold += 1) hub.publish(change(sold))
    hub.publish(change(7, 'c2'))
    expect(res.changes().map((c) => [c.id, c.sold_tickets])).toEqual([
      ['c1', 1],
      ['c2', 7],
    ])
    vi.advanceTimersByTime(249)
    expect(res.changes()).toHaveLength(2)
    vi.advanceTimersByTime(1)
    expect(res.changes().at(-1)).toEqual(change(100))

    hub.publish(change(101))
    vi.advanceTimersByTime(249)
    expect(res.changes()).toHaveLength(3)
    vi.advanceTimersByTime(1)
    expect(res.changes().at(-1)).toEqual(change(101))
    // A quiet window ends the coalescing: the next change goes at once.
    vi.advanceTimersByTime(250)
    hub.publish(change(102))
    expect(res.changes().at(-1)).toEqual(change(102))
  })

  test('a client too slow to take its events is dropped, not buffered for', () => {
    const hub = hubWith({ maxBufferedBytes: 200, coalesceMs: 0 })
    const slow = client()
    const quick = client()
    hub.open(asResponse(slow), 'a')
    hub.open(asResponse(quick), 'b')
    slow.stalled = true
    for (let sold = 1; sold <= 20; sold += 1) hub.publish(change(sold, `c${sold}`))

    expect(slow.destroyed).toBe(true)
    expect(slow.writableLength).toBeLessThan(400)
    expect(quick.changes()).toHaveLength(20)
    expect(hub.size).toBe(1)
  })

  test('a heartbeat comment goes to every stream while any is open', () => {
    const hub = hubWith({ heartbeatMs: 20_000 })
    const res = client()
    hub.open(asResponse(res), 'a')
    expect(res.written).toEqual(['retry: 3000\n\n'])
    vi.advanceTimersByTime(20_000)
    expect(res.written.at(-1)).toBe(': keep-alive\n\n')
  })

  test('per-address and per-process bounds refuse with 429 and 503; a closed stream frees its place', () => {
    const hub = hubWith({ maxStreams: 3, maxStreamsPerAddress: 2 })
    const first = client()
    hub.open(asResponse(first), '198.51.100.1')
    hub.open(asResponse(client()), '198.51.100.1')
    expect(() => hub.open(asResponse(client()), '198.51.100.1')).toThrow(
      expect.objectContaining({ code: 'RATE_LIMITED' }),
    )
    hub.open(asResponse(client()), '203.0.113.1')
    // Full, and no network holds more than the newcomer's would (203.0.113.0/24: two): 503.
    expect(() => hub.open(asResponse(client()), '203.0.113.2')).toThrow(
      expect.objectContaining({ code: 'SERVICE_UNAVAILABLE' }),
    )

    first.emit('close')
    expect(hub.size).toBe(2)
    hub.open(asResponse(client()), '198.51.100.1')
    expect(hub.size).toBe(3)
  })

  test('one network (a /24, a /64) holds a bounded number of streams, however many addresses it has', () => {
    const hub = hubWith({ maxStreamsPerAddress: 10, maxStreamsPerNetwork: 3 })
    for (const last of [1, 2, 3]) hub.open(asResponse(client()), `203.0.113.${last}`)
    expect(() => hub.open(asResponse(client()), '203.0.113.200')).toThrow(
      expect.objectContaining({ code: 'RATE_LIMITED', message: expect.stringContaining('network') }),
    )
    hub.open(asResponse(client()), '203.0.114.1')
    for (const host of ['1', '2', 'ffff:1:2']) hub.open(asResponse(client()), `2001:db8:0:7::${host}`)
    expect(() => hub.open(asResponse(client()), '2001:db8:0:7:abcd::9')).toThrow(
      expect.objectContaining({ code: 'RATE_LIMITED' }),
    )
    hub.open(asResponse(client()), '2001:db8:0:8::1')
  })

  test('a crowd that fills every place cannot shut others out: the heaviest network gives up its oldest', () => {
    const hub = hubWith({ maxStreams: 20, maxStreamsPerAddress: 2, maxStreamsPerNetwork: 10 })
    // A crowd of addresses over two /24s takes every place.
    const crowd = Array.from({ length: 20 }, () => client())
    crowd.forEach((res, i) => {
      hub.open(asResponse(res), `198.51.${100 + (i % 2)}.${Math.floor(i / 2) % 5}`)
    })
    expect(hub.size).toBe(20)

    // Each newcomer from elsewhere takes the place of the oldest stream of the heaviest network.
    const visitors = Array.from({ length: 8 }, () => client())
    visitors.forEach((res, i) => {
      hub.open(asResponse(res), `203.0.${113 + i}.7`)
    })
    expect(hub.size).toBe(20)
    expect(visitors.every((res) => !res.ended)).toBe(true)
    expect(crowd.filter((res) => res.ended)).toHaveLength(8)
    // The oldest went first: the crowd's first eight streams.
    expect(crowd.slice(0, 8).every((res) => res.ended)).toBe(true)

    // The crowd coming back only takes places from itself: a visitor is never the heaviest.
    for (let i = 0; i < 30; i += 1) {
      try {
        hub.open(asResponse(client()), `198.51.${100 + (i % 2)}.${(i % 5) + 5}`)
      } catch {
        // Its own network's places are taken: refused.
      }
    }
    expect(visitors.every((res) => !res.ended)).toBe(true)
  })

  test('closing ends every stream and refuses new ones', () => {
    const hub = hubWith()
    const res = client()
    hub.open(asResponse(res), 'a')
    hub.close()
    expect(res.ended).toBe(true)
    expect(hub.size).toBe(0)
    expect(() => hub.open(asResponse(client()), 'a')).toThrow(
      expect.objectContaining({ code: 'SERVICE_UNAVAILABLE' }),
    )
  })
})
