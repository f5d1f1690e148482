import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { inject } from 'vitest'

export interface TestDatabase {
  readonly url: string
  drop(): Promise<void>
}

/** A fresh, empty database on the test PostgreSQL, for one test file. */
export async function createTestDatabase(label = 'test'): Promise<TestDatabase> {
  const adminUrl = inject('adminDatabaseUrl')
  const name = `${label.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(`create database "${name}"`)
  } finally {
    await admin.end()
  }
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl })
      await client.connect()
      try {
        await client.query(`drop database if exists "${name}" with (force)`)
      } finally {
        await client.end()
      }
    },
  }
}
