import type { ConsumerHealth, HealthResponse } from '@prizes/contracts'
import { describe, expect, it } from 'vitest'
import { describeFailure, formatLag, formatWait, healthRows, healthSummary } from './health'

const consumer = (changes: Partial<ConsumerHealth> = {}): ConsumerHealth => ({
  name: 'competitions',
  status: 'ok',
  position: '12/3',
  lagEvents: 0,
  lagCapped: false,
  lagMs: 0,
  failure: null,
  ...changes,
})

const report = (changes: Partial<HealthResponse> = {}): HealthResponse => ({
  success: true,
  status: 'ok',
  checkedAt: '2026-11-24T10:00:00.000Z',
  database: { ok: true },
  projections: [consumer()],
  reactors: [consumer({ name: 'mail', lagEvents: 2, lagMs: 3_500 })],
  ...changes,
})

describe('formatWait', () => {
  it.each([
    [400, 'under a second'],
    [42_000, '42 s'],
    [3 * 60_000 + 5_000, '3 min'],
    [2 * 3_600_000, '2 h'],
    [2 * 3_600_000 + 5 * 60_000, '2 h 5 min'],
    [86_400_000, '1 day'],
    [3 * 86_400_000, '3 days'],
  ])('%d ms reads %s', (ms, text) => expect(formatWait(ms)).toBe(text))
})

describe('formatLag', () => {
  it('says up to date, one event, or how many wait and since when, "over" when capped', () => {
    expect(formatLag(consumer())).toBe('Up to date')
    expect(formatLag(consumer({ lagEvents: 1, lagMs: 1_200 }))).toBe('1 event waiting, oldest 1 s')
    expect(formatLag(consumer({ lagEvents: 1000, lagCapped: true, lagMs: 7_200_000 }))).toBe(
      'over 1,000 events waiting, oldest 2 h',
    )
  })
})

describe('describeFailure', () => {
  it('names the event, where and since when, then the error an admin is given', () => {
    const failure = {
      since: '2026-11-24T10:00:00.000Z',
      position: '12/3',
      eventType: 'CompetitionCreated',
      eventId: 'e-1',
      error: 'value out of range for type integer',
    }
    expect(describeFailure(failure)).toMatch(
      /^On CompetitionCreated, event e-1, at position 12\/3, since .+: value out of range for type integer$/,
    )
  })

  it('says what it can without the admin-only details', () => {
    expect(describeFailure({ since: null, position: '12/3' })).toBe('At position 12/3')
    expect(describeFailure({ since: null, position: null })).toBe('Failing')
  })
})

describe('healthRows and healthSummary', () => {
  it('lists projections then reactors with their status, position, lag and problem', () => {
    expect(healthRows(report())).toEqual([
      {
        key: 'Projection:competitions',
        name: 'competitions',
        kind: 'Projection',
        status: 'OK',
        tone: 'success',
        position: '12/3',
        lag: 'Up to date',
        problem: null,
      },
      expect.objectContaining({ key: 'Reactor:mail', kind: 'Reactor', lag: '2 events waiting, oldest 3 s' }),
    ])
    const fresh = report({ projections: [consumer({ position: null })], reactors: [] })
    expect(healthRows(fresh)[0]?.position).toBe('None yet')
    expect(healthSummary(report())).toEqual({
      stuck: false,
      text: 'Every projection and reactor is running.',
    })
  })

  it('says the database is not answering, and why, before anything else', () => {
    const unavailable = report({
      success: false,
      status: 'unavailable',
      database: { ok: false, reason: 'timeout after 2000 ms' },
      projections: [],
      reactors: [],
    })
    expect(healthSummary(unavailable)).toEqual({
      stuck: true,
      text: 'The database is not answering (timeout after 2000 ms). Nothing can be measured until it does.',
    })
  })

  it('names every stuck consumer, and shows a retrying reactor as a warning', () => {
    const stuck = report({
      success: false,
      status: 'stuck',
      projections: [consumer({ status: 'stuck', failure: { since: null, position: '12/3' } })],
      reactors: [consumer({ name: 'mail', status: 'failing', failure: { since: null, position: '13/1' } })],
    })
    expect(healthRows(stuck).map((row) => [row.status, row.tone, row.problem])).toEqual([
      ['Stuck', 'error', 'At position 12/3'],
      ['Retrying', 'warning', 'At position 13/1'],
    ])
    expect(healthSummary(stuck)).toEqual({
      stuck: true,
      text: 'Stuck: competitions. What they feed is not updating.',
    })
  })
})

describe('a reactor’s parked events', () => {
  it('are named as its problem, after a failure if it has one, and not at all when none wait', () => {
    const rows = (reactor: ConsumerHealth) => healthRows(report({ reactors: [reactor] }))[1]?.problem
    expect(rows(consumer({ name: 'payment-refunds', parked: 0 }))).toBeNull()
    expect(rows(consumer({ name: 'payment-refunds', parked: 1 }))).toBe('1 parked event')
    expect(rows(consumer({ name: 'payment-refunds', parked: 1000 }))).toBe('1,000 or more parked events')
    const failing = consumer({
      name: 'payment-refunds',
      status: 'failing',
      parked: 2,
      failure: { since: null, position: '12/3', eventType: 'PaymentRefundDue' },
    })
    expect(rows(failing)).toBe('On PaymentRefundDue, at position 12/3. 2 parked events')
  })
})
