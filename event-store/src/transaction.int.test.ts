import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { collect, newEvent, unique } from './contract/harness'
import { type EventStoreTransaction, WrongExpectedVersion } from './port'
import { createPostgresEventStore, type PostgresEventStore } from './postgres'

/**
 * The PostgreSQL store's transactions: a caller's own rows and its events commit together or
 * not at all (DESIGN section 6). EventStoreDB has no such thing, so this is not in the contract.
 */
describe('PostgreSQL event store transaction', () => {
  let database: TestDatabase
  let store: PostgresEventStore
  beforeAll(async () => {
    database = await createTestDatabase('event_store_tx')
    // With a poll this slow, a live event can only arrive because the commit was announced.
    store = createPostgresEventStore({
      connectionString: database.url,
      subscriptions: { pollIntervalMs: 60_000 },
    })
    await store.migrate()
    await store.pool.query('create table claims (name text primary key)')
  })
  afterAll(async () => {
    await store.close()
    await database.drop()
  })

  const claims = async () =>
    (await store.pool.query<{ name: string }>('select name from claims order by name')).rows.map(
      (r) => r.name,
    )

  test('events and the caller rows commit together, and subscribers hear of them', async () => {
    const stream = unique('tx')
    const live = collect(store.subscribeToAll({ from: 'start', filter: { streamPrefixes: [stream] } }))
    try {
      const appended = await store.transaction(async (tx) => {
        await tx.query('insert into claims (name) values ($1)', [stream])
        return tx.append(stream, [newEvent('Claimed')], { expectedRevision: 'noStream' })
      })
      expect(appended.nextExpectedRevision).toBe(0n)
      expect(await claims()).toContain(stream)
      const [event] = await live.waitFor(1, 2_000)
      expect(event?.position).toEqual(appended.position)
    } finally {
      await live.close()
    }
  })

  test('a failure after the append rolls back the events and the rows alike', async () => {
    const stream = unique('tx')
    const work = store.transaction(async (tx) => {
      await tx.append(stream, [newEvent('A'), newEvent('B')], { expectedRevision: 'noStream' })
      await tx.query('insert into claims (name) values ($1)', [stream])
      // Stands for anything failing before COMMIT: a second insert of the same claim.
      await tx.query('insert into claims (name) values ($1)', [stream])
    })
    await expect(work).rejects.toMatchObject({ code: '23505' })
    expect(await store.readStream(stream)).toEqual([])
    expect(await claims()).not.toContain(stream)
    const again = await store.append(stream, [newEvent('A')], { expectedRevision: 'noStream' })
    expect(again.nextExpectedRevision).toBe(0n)
  })

  test('a refused append rolls back the rows written before it', async () => {
    const stream = unique('tx')
    await store.append(stream, [newEvent('Existing')], { expectedRevision: 'noStream' })
    const work = store.transaction(async (tx) => {
      await tx.query('insert into claims (name) values ($1)', [stream])
      await tx.append(stream, [newEvent('Second')], { expectedRevision: 'noStream' })
    })
    await expect(work).rejects.toBeInstanceOf(WrongExpectedVersion)
    await expect(work).rejects.toHaveProperty('actual', 0n)
    expect(await claims()).not.toContain(stream)
    expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['Existing'])
  })

  test('the transaction cannot be used once it is over', async () => {
    let kept: EventStoreTransaction | undefined
    await store.transaction(async (tx) => {
      kept = tx
    })
    if (!kept) throw new Error('the work did not run')
    const late = kept.append(unique('tx'), [newEvent('Late')], { expectedRevision: 'noStream' })
    await expect(late).rejects.toThrow(/transaction is over/)
  })
})
