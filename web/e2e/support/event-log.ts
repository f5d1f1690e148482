import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const repositoryRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..')

/**
 * Appends one event to the running platform's log (the embedded PostgreSQL of the run) through
 * the event store itself, which wakes its subscribers. For what a browser cannot do: a complaint
 * that arrived weeks ago, whose deadlines have passed. The web package imports no server
 * package: the composition root's script does the append, in a process of its own.
 */
export async function appendToLog(
  streamId: string,
  type: string,
  data: unknown,
  occurredAt: Date,
): Promise<void> {
  // The platform writes its embedded database's address into its data directory.
  const dataDir = process.env.E2E_DATA_DIR ?? ''
  const url = readFileSync(join(dataDir, 'postgres-url'), 'utf8').trim()
  execFileSync('npx', ['tsx', 'runtime/src/launcher/testing/append-event.ts', url], {
    cwd: repositoryRoot,
    input: JSON.stringify({ streamId, type, data, occurredAt: occurredAt.toISOString() }),
    stdio: ['pipe', 'inherit', 'inherit'],
    timeout: 60_000,
  })
}
