import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { startEmbeddedPostgres } from './platform/src/embedded/postgres'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL the integration tests may create databases on. */
    adminDatabaseUrl: string
  }
}

/**
 * Integration tests run on a real PostgreSQL: TEST_DATABASE_URL when set, else an embedded
 * cluster started here for the run and removed after it.
 */
export default async function setup(project: TestProject) {
  const given = process.env.TEST_DATABASE_URL
  if (given) {
    project.provide('adminDatabaseUrl', given)
    return
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'prizes-test-pg-'))
  const pg = await startEmbeddedPostgres({ dir: path.join(dir, 'data'), persistent: false })
  project.provide('adminDatabaseUrl', pg.url)
  return async () => {
    await pg.stop()
    await rm(dir, { recursive: true, force: true })
  }
}
