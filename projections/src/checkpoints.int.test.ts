import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import { createKnex } from '@prizes/platform'
import { migrateReadModels } from '@prizes/read-models'
import type { Knex } from 'knex'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { lockAndReadPositions, lockProjections, registerProjection } from './checkpoints'

let db: TestDatabase
let knex: Knex

beforeAll(async () => {
  db = await createTestDatabase('projection_checkpoints')
  knex = createKnex(db.url)
  await migrateReadModels(knex)
})
afterAll(async () => {
  await knex.destroy()
  await db.drop()
})

test('positions read with the locks are those committed by whoever held the locks before', async () => {
  await registerProjection(knex, "it's", ['Happened'])
  await registerProjection(knex, 'other', ['Happened'])
  let release: () => void = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  let locked: () => void = () => {}
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve
  })
  // A rebuild's swap: it holds the lock while it writes a later position.
  const holder = knex.transaction(async (trx) => {
    await lockProjections(trx, ["it's"])
    await trx('projection_checkpoints').where({ name: "it's" }).update({ position: '7/7' })
    locked()
    await released
  })
  await isLocked
  const reading = knex.transaction((trx) => lockAndReadPositions(trx, ["it's", 'other']))
  // Wait until the reader is blocked on the lock, then let the holder commit.
  for (;;) {
    const { rows } = await knex.raw<{ rows: unknown[] }>(
      "select 1 from pg_locks where locktype = 'advisory' and not granted",
    )
    if (rows.length > 0) break
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  release()
  await holder
  expect((await reading).rows).toEqual(
    expect.arrayContaining([
      { name: "it's", position: '7/7' },
      { name: 'other', position: null },
    ]),
  )
})

test('checkpoints advance with the locks only where they are still as the caller left them', async () => {
  await registerProjection(knex, 'moved', ['Happened'])
  await registerProjection(knex, 'kept', ['Happened'])
  await registerProjection(knex, 'new', ['Happened'])
  await knex('projection_checkpoints').where({ name: 'moved' }).update({ position: '5/5' })
  await knex('projection_checkpoints').where({ name: 'kept' }).update({
    position: '3/3',
    failed_position: '4/4',
    failed_event_id: 'e',
    failed_type: 'T',
    failed_error: 'x',
  })
  const result = await knex.transaction((trx) =>
    lockAndReadPositions(trx, ['moved', 'kept', 'new'], {
      from: [
        ['moved', '3/3'],
        ['kept', '3/3'],
        ['new', null],
      ],
      to: '9/9',
    }),
  )
  expect([...result.advanced].sort()).toEqual(['kept', 'new'])
  expect(result.rows).toEqual(
    expect.arrayContaining([
      { name: 'moved', position: '5/5' },
      { name: 'kept', position: '3/3' },
      { name: 'new', position: null },
    ]),
  )
  const stored = await knex('projection_checkpoints')
    .whereIn('name', ['moved', 'kept', 'new'])
    .orderBy('name')
    .select('name', 'position', 'failed_position')
  expect(stored).toEqual([
    { name: 'kept', position: '9/9', failed_position: null },
    { name: 'moved', position: '5/5', failed_position: null },
    { name: 'new', position: '9/9', failed_position: null },
  ])
})
