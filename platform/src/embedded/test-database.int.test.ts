import { createTestDatabase } from '@prizes/event-store/testing'
import pg from 'pg'
import { expect, test } from 'vitest'

test('integration tests get a fresh database on a real PostgreSQL', async () => {
  const db = await createTestDatabase('smoke')
  const client = new pg.Client({ connectionString: db.url })
  await client.connect()
  const { rows } = await client.query<{ n: number; db: string }>(
    'select 1 + 1 as n, current_database() as db',
  )
  await client.end()
  await db.drop()
  expect(rows[0]).toEqual({ n: 2, db: new URL(db.url).pathname.slice(1) })
})
