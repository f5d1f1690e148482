import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'

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
  const { startEmbeddedPostgres } = await importKeepingExitCode()
  const pg = await startEmbeddedPostgres({ dir: path.join(dir, 'data'), persistent: false })
  project.provide('adminDatabaseUrl', pg.url)
  return async () => {
    await pg.stop()
    await rm(dir, { recursive: true, force: true })
  }
}

/**
 * The embedded cluster's package registers `async-exit-hook`, whose `beforeExit` listener stops
 * clusters and then calls `process.exit(0)`: in this process that replaced the exit code vitest
 * had set, so failing integration tests ended the run with 0. The code as it stood before that
 * listener ran is kept and put back as the process exits.
 */
async function importKeepingExitCode() {
  let intended: string | number | null | undefined
  process.prependListener('beforeExit', () => {
    intended = process.exitCode
  })
  process.on('exit', () => {
    if (intended !== undefined && intended !== null && Number(intended) !== 0) process.exitCode = intended
  })
  return import('./platform/src/embedded/postgres')
}
