import type { AdminCompetition } from '@prizes/contracts'
import { describe, expect, it } from 'vitest'
import { createConfirmedWrites } from './confirmed-writes'

const competition = (id: string, changes: Partial<AdminCompetition> = {}): AdminCompetition => ({
  id,
  title: `Competition ${id}`,
  description: 'A prize',
  prize: 'A prize',
  prize_value: 100,
  entry_price: 2.99,
  total_tickets: 1000,
  sold_tickets: 0,
  max_entries_per_person: 100,
  location: 'UK Wide',
  start_date: '2026-01-01T00:00:00.000Z',
  end_date: '2026-02-01T00:00:00.000Z',
  status: 'active',
  featured: false,
  image_url: null,
  drawn_at: null,
  minimum_tickets: null,
  cash_alternative: null,
  end_date_extended: false,
  draw: { seed_commitment: null, randomness_round: null, eligible_tickets: null, list_hash: null },
  skill_question: { question: 'Q?', options: ['a', 'b', 'c', 'd'], correct: 'a' },
  winner: null,
  ...changes,
})

const firstPage = { page: 1, search: '' }

function clock(start = 0) {
  let time = start
  return { now: () => time, advance: (ms: number) => (time += ms) }
}

describe('confirmed writes', () => {
  it('shows the command’s answer while the read model still lists the old row', () => {
    const writes = createConfirmedWrites(clock().now)
    writes.record('a', competition('a', { status: 'closed' }))
    const merged = writes.merge([competition('a'), competition('b')], firstPage)
    expect(merged.map((c) => [c.id, c.status])).toEqual([
      ['a', 'closed'],
      ['b', 'active'],
    ])
    expect(writes.pending()).toBe(true)
  })

  it('lets the read model take over once it agrees, with its own sold tickets', () => {
    const writes = createConfirmedWrites(clock().now)
    writes.record('a', competition('a', { status: 'closed' }))
    const merged = writes.merge([competition('a', { status: 'closed', sold_tickets: 7 })], firstPage)
    expect(merged[0]?.sold_tickets).toBe(7)
    expect(writes.pending()).toBe(false)
  })

  it('adds a created competition the first page does not have yet, and hides a deleted one', () => {
    const writes = createConfirmedWrites(clock().now)
    writes.record('new', competition('new', { status: 'draft' }), { created: true })
    writes.record('gone', null)
    expect(writes.merge([competition('gone'), competition('b')], firstPage).map((c) => c.id)).toEqual([
      'new',
      'b',
    ])
    expect(
      writes.merge([competition('new', { status: 'draft' }), competition('b')], firstPage).map((c) => c.id),
    ).toEqual(['new', 'b'])
    expect(writes.pending()).toBe(false)
  })

  it('shows a created competition only on the first page, and only when its title fits the search', () => {
    const writes = createConfirmedWrites(clock().now)
    writes.record('new', competition('new', { title: 'Summer 100% Cash' }), { created: true })
    expect(writes.merge([competition('b')], { page: 2, search: '' }).map((c) => c.id)).toEqual(['b'])
    expect(writes.merge([], { page: 1, search: 'winter' })).toEqual([])
    expect(writes.merge([], { page: 1, search: ' 100% CASH ' }).map((c) => c.id)).toEqual(['new'])
    // Not listed yet anywhere: it still waits for the read model.
    expect(writes.pending()).toBe(true)
  })

  it('lets a changed competition go once its page no longer lists it (the change moved it away)', () => {
    const writes = createConfirmedWrites(clock().now)
    writes.record('a', competition('a', { featured: true }))
    expect(writes.merge([competition('b')], { page: 2, search: '' }).map((c) => c.id)).toEqual(['b'])
    expect(writes.pending()).toBe(false)
  })

  it('gives up on an answer the read model never reaches, after a while', () => {
    const time = clock()
    const writes = createConfirmedWrites(time.now, 1000)
    writes.record('a', competition('a', { featured: true }))
    time.advance(1001)
    expect(writes.merge([competition('a')], firstPage)[0]?.featured).toBe(false)
    expect(writes.pending()).toBe(false)
  })

  it('compares dates as moments, not as text', () => {
    const writes = createConfirmedWrites(clock().now)
    writes.record('a', competition('a', { start_date: '2026-01-01T00:00:00Z' }))
    writes.merge([competition('a', { start_date: '2026-01-01T00:00:00.000Z' })], firstPage)
    expect(writes.pending()).toBe(false)
  })
})
