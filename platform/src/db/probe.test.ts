import { describe, expect, it } from 'vitest'
import { DeadlineExceeded, describeDatabaseFailure, probeDatabase, withinDeadline } from './probe'

describe('withinDeadline', () => {
  it('gives the work when it finishes first', async () => {
    expect(await withinDeadline(1000, Promise.resolve(42))).toBe(42)
  })

  it('gives up after the deadline on work that never finishes', async () => {
    await expect(withinDeadline(20, new Promise(() => {}))).rejects.toThrow(new DeadlineExceeded(20))
  })
})

describe('probeDatabase', () => {
  it('is ok when the check answers in time', async () => {
    expect(await probeDatabase(async () => 1, 1000)).toEqual({ ok: true })
  })

  it('says how long it waited for a check that hangs', async () => {
    expect(await probeDatabase(() => new Promise(() => {}), 20)).toEqual({
      ok: false,
      reason: 'timeout after 20 ms',
    })
  })

  it('names a refused connection without its address', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' })
    expect(
      await probeDatabase(async () => {
        throw refused
      }, 1000),
    ).toEqual({ ok: false, reason: 'connection refused' })
  })
})

describe('describeDatabaseFailure', () => {
  it('gives the server code it has no words for, and nothing of an unknown error', () => {
    expect(describeDatabaseFailure(Object.assign(new Error('x'), { code: '53200' }))).toBe(
      'database error 53200',
    )
    expect(describeDatabaseFailure(new Error('password is hunter2'))).toBe('unexpected error')
  })

  it("says the driver's timeouts and cut connections plainly, without the SQL knex puts before them", () => {
    expect(describeDatabaseFailure(new Error('timeout expired'))).toBe('connection timeout')
    expect(describeDatabaseFailure(new Error('select secret - Query read timeout'))).toBe(
      'no answer to a query in time',
    )
    expect(describeDatabaseFailure(new Error('select 1 - Connection terminated unexpectedly'))).toBe(
      'connection lost',
    )
  })
})
