import { ANY, NO_STREAM, STREAM_EXISTS } from '@eventstore/db-client'
import { describe, expect, test } from 'vitest'
import type { RecordedEvent, SubscriptionFilter } from '../port'
import { toEsdbConnectionString } from './connection-string'
import { matchesFilter, toAppendExpectedRevision, toEventData } from './mapping'

describe('toEsdbConnectionString', () => {
  test('rewrites KurrentDB schemes and leaves esdb ones alone', () => {
    expect(toEsdbConnectionString('kurrentdb://admin:changeit@db:2113?tls=false')).toBe(
      'esdb://admin:changeit@db:2113?tls=false',
    )
    expect(toEsdbConnectionString('kurrentdb+discover://db:2113')).toBe('esdb+discover://db:2113')
    expect(toEsdbConnectionString('kurrent://db:2113')).toBe('esdb://db:2113')
    expect(toEsdbConnectionString('esdb://db:2113?tls=false')).toBe('esdb://db:2113?tls=false')
  })
})

describe('toAppendExpectedRevision', () => {
  test('maps every mode to the client constant', () => {
    expect(toAppendExpectedRevision('noStream')).toBe(NO_STREAM)
    expect(toAppendExpectedRevision('streamExists')).toBe(STREAM_EXISTS)
    expect(toAppendExpectedRevision('any')).toBe(ANY)
    expect(toAppendExpectedRevision(7n)).toBe(7n)
  })
})

describe('toEventData', () => {
  test('keeps a given id and generates one otherwise', () => {
    const given = toEventData({ id: '5f4b6a8e-6a55-4b8e-9c1f-0d4c8f7f7a10', type: 'A', data: { n: 1 } })
    expect(given).toMatchObject({
      id: '5f4b6a8e-6a55-4b8e-9c1f-0d4c8f7f7a10',
      contentType: 'application/json',
    })
    expect(toEventData({ type: 'A', data: {} }).id).toMatch(/^[0-9a-f-]{36}$/)
  })

  test('refuses data that is not JSON the server accepts', () => {
    expect(() => toEventData({ type: 'A', data: 42 })).toThrow(TypeError)
  })
})

describe('matchesFilter', () => {
  const event: RecordedEvent = {
    id: '5f4b6a8e-6a55-4b8e-9c1f-0d4c8f7f7a10',
    type: 'TicketsAllocated',
    data: {},
    metadata: {},
    streamId: 'competition-1',
    revision: 0n,
    position: { commit: 1n, prepare: 1n },
    recordedAt: new Date(0),
  }
  const check = (filter?: SubscriptionFilter) => matchesFilter(event, filter)

  test('passes everything without a filter', () => {
    expect(check(undefined)).toBe(true)
    expect(check({})).toBe(true)
  })

  test('matches stream prefixes and exact event types', () => {
    expect(check({ streamPrefixes: ['user-', 'competition-'] })).toBe(true)
    expect(check({ streamPrefixes: ['user-'] })).toBe(false)
    expect(check({ eventTypes: ['TicketsAllocated'] })).toBe(true)
    expect(check({ eventTypes: ['Tickets'] })).toBe(false)
    expect(check({ streamPrefixes: ['competition-'], eventTypes: ['CompetitionCreated'] })).toBe(false)
  })
})
