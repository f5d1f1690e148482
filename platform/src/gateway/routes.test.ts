import { endpoints } from '@prizes/contracts'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { createRouteTable } from './routes'

const table = createRouteTable({
  list: {
    method: 'GET',
    path: '/api/things',
    service: 'query',
    request: z.undefined(),
    response: z.unknown(),
  },
  create: {
    method: 'POST',
    path: '/api/things',
    service: 'command',
    request: z.unknown(),
    response: z.unknown(),
  },
  status: {
    method: 'PUT',
    path: '/api/things/:id/status',
    service: 'command',
    request: z.unknown(),
    response: z.unknown(),
  },
})

describe('gateway route table', () => {
  test('routes by method and path to the owning service', () => {
    expect(table.match('GET', '/api/things')).toEqual({ service: 'query' })
    expect(table.match('POST', '/api/things')).toEqual({ service: 'command' })
    expect(table.match('PUT', '/api/things/abc-123/status')).toEqual({ service: 'command' })
    expect(table.match('HEAD', '/api/things')).toEqual({ service: 'query' })
  })

  test('tells a wrong method from an unknown path', () => {
    expect(table.match('DELETE', '/api/things')).toBe('methodNotAllowed')
    expect(table.match('GET', '/api/other')).toBeUndefined()
    expect(table.match('PUT', '/api/things/a/b/status')).toBeUndefined()
  })

  test('the real endpoint table routes the competition list to the query service', () => {
    expect(createRouteTable().match('GET', '/api/competitions')).toEqual({ service: 'query' })
    expect(createRouteTable().match('GET', '/api/competitions/featured')).toEqual({ service: 'query' })
  })

  test('the live stream is not taken for a competition id by the route after it', () => {
    const real = createRouteTable()
    expect(real.match('GET', endpoints.competitionsLive.path)).toEqual({ service: 'query' })
    const listed = Object.values(endpoints).map((e) => e.path)
    expect(listed.indexOf(endpoints.competitionsLive.path)).toBeLessThan(
      listed.indexOf(endpoints.getCompetition.path),
    )
  })
})
