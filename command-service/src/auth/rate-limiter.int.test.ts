import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import { createKnex, createKnexRateLimiter, loadSecrets } from '@prizes/platform'
import type { Knex } from 'knex'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateCommandTables } from '../migrations'

let database: TestDatabase
let knex: Knex
beforeAll(async () => {
  database = await createTestDatabase('platform_auth')
  knex = createKnex(database.url, { poolMax: 10 })
  await migrateCommandTables(knex)
})
afterAll(async () => {
  await knex.destroy()
  await database.drop()
})

const limit = { max: 3, windowMs: 60_000 }
const start = new Date('2030-06-15T10:00:00.000Z')

describe('the PostgreSQL rate limiter', () => {
  it('counts per bucket and window, and says when the window ends', async () => {
    const limiter = createKnexRateLimiter(knex)
    const verdicts = []
    for (let i = 0; i < 4; i += 1)
      verdicts.push(await limiter.hit('login:a', limit, new Date(start.getTime() + 15_000)))
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false])
    expect(verdicts[3]).toMatchObject({ count: 4, retryAfterSeconds: 45 })
    expect((await limiter.hit('login:b', limit, start)).allowed).toBe(true)
    expect((await limiter.hit('login:a', limit, new Date(start.getTime() + 60_000))).count).toBe(1)
  })

  it('shares counts between instances and loses none under concurrency', async () => {
    const instances = [createKnexRateLimiter(knex), createKnexRateLimiter(knex)]
    const verdicts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        instances[i % 2]?.hit('shared', { max: 5, windowMs: 60_000 }, start),
      ),
    )
    const counts = verdicts.map((v) => v?.count).sort((a, b) => (a ?? 0) - (b ?? 0))
    expect(counts).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
    expect(verdicts.filter((v) => v?.allowed)).toHaveLength(5)
  })

  it('hits several buckets in one statement, each in its own window, losing none under concurrency', async () => {
    const limiter = createKnexRateLimiter(knex)
    const hour = { max: 4, windowMs: 3_600_000 }
    const at = new Date(start.getTime() + 30_000)
    const both = [
      { bucket: 'many:user', limit },
      { bucket: 'many:address', limit: hour },
    ]
    const verdicts = await Promise.all(Array.from({ length: 6 }, () => limiter.hitAll(both, at)))
    const users = verdicts.map((v) => v[0]?.count).sort((a, b) => (a ?? 0) - (b ?? 0))
    expect(users).toEqual([1, 2, 3, 4, 5, 6])
    expect(verdicts.filter((v) => v[0]?.allowed)).toHaveLength(3)
    expect(verdicts.filter((v) => v[1]?.allowed)).toHaveLength(4)
    expect(verdicts[0]?.map((v) => v.retryAfterSeconds)).toEqual([30, 3570])
    // The same counts as single hits see them.
    expect((await limiter.hit('many:user', limit, at)).count).toBe(7)
    expect((await limiter.hit('many:address', hour, at)).count).toBe(7)
    await expect(
      limiter.hitAll(
        [both[0], both[0]].flatMap((b) => (b ? [b] : [])),
        at,
      ),
    ).rejects.toThrow('distinct')
  })

  it('takes a refunded hit back from the window it was made in, never below zero', async () => {
    const limiter = createKnexRateLimiter(knex)
    const at = new Date(start.getTime() + 5_000)
    for (let i = 0; i < 3; i += 1) await limiter.hit('refund:a', limit, at)
    await limiter.refund('refund:a', limit, at)
    expect((await limiter.hit('refund:a', limit, at)).count).toBe(3)
    // Another window's refund leaves this one alone; a bucket never hit stays empty.
    await limiter.refund('refund:a', limit, new Date(start.getTime() + 60_000))
    await limiter.refund('refund:none', limit, at)
    expect((await limiter.hit('refund:a', limit, at)).count).toBe(4)
    expect((await limiter.hit('refund:none', limit, at)).count).toBe(1)
  })
})

describe('loadSecrets', () => {
  it('generates each secret once and gives every caller, even racing ones, the same', async () => {
    const loads = await Promise.all([loadSecrets(knex), loadSecrets(knex), loadSecrets(knex)])
    const [first] = loads
    expect(first?.jwt.current.key).toHaveLength(32)
    expect(first?.jwt.previous).toEqual([])
    expect(first?.oneTimeTokens.equals(first.jwt.current.key)).toBe(false)
    for (const load of loads) {
      expect(load.jwt).toEqual(first?.jwt)
      expect(load.oneTimeTokens.equals(first?.oneTimeTokens ?? Buffer.alloc(0))).toBe(true)
    }
  })
})
