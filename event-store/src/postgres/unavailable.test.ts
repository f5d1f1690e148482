import { describe, expect, it } from 'vitest'
import { isDatabaseUnavailable } from './unavailable'

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code })
const knexTimeout = () =>
  Object.assign(new Error('Knex: Timeout acquiring a connection.'), { name: 'KnexTimeoutError' })

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a reset connection', withCode('ECONNRESET')],
    ['an operator shutting the server down', withCode('57P01')],
    ['a server still starting', withCode('57P03')],
    ['too many connections', withCode('53300')],
    ['a connection exception', withCode('08006')],
    ['statement_timeout', withCode('57014')],
    ['idle_in_transaction_session_timeout', withCode('25P03')],
    ["knex's pool acquire timeout", knexTimeout()],
    ["pg's query read timeout, as knex words it", new Error('select 1 - Query read timeout')],
    ["pg's connect timeout", new Error('timeout expired')],
    ["pg-pool's connect timeout", new Error('Connection terminated due to connection timeout')],
    [
      'a connection cut mid-query, as knex words it',
      new Error('select 1 - Connection terminated unexpectedly'),
    ],
    ['a cause that is one of these', new Error('append failed', { cause: withCode('ECONNREFUSED') })],
    ['every address refusing', new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')])],
  ])('is true for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true)
  })

  it.each([
    ['a unique violation', withCode('23505')],
    ['a value out of range', withCode('22003')],
    ['a missing table', withCode('42P01')],
    ['an error of our own', new Error('Competition not found')],
    ['SQL that merely mentions a timeout', new Error('select 1 - syntax error at "Query read timeout"')],
    ['something that is not an error', 'timeout expired'],
  ])('is false for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false)
  })
})
