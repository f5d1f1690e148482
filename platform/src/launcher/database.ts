import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import { startEmbeddedPostgres } from '../embedded/postgres'

export interface PlatformDatabase {
  /** Connection string of the platform's own database. */
  readonly url: string
  /** Set when we started the cluster ourselves. */
  readonly embedded?: { readonly port: number }
  stop(): Promise<void>
}

const databaseName = 'prizes'

/** Where `npm start` leaves its database URL for the operator CLIs (rebuild, audit). */
export const databaseUrlFile = (dataDir: string) => path.join(dataDir, 'postgres-url')

async function ensureDatabase(clusterUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: clusterUrl })
  await client.connect()
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name])
    if (rowCount === 0) await client.query(`create database "${name}"`)
  } finally {
    await client.end()
  }
  const url = new URL(clusterUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/**
 * The PostgreSQL the platform runs on: `DATABASE_URL` when given, else an embedded cluster
 * whose files live under the data folder and survive restarts.
 */
export async function openPlatformDatabase(options: {
  databaseUrl: string | undefined
  dataDir: string
  preferredPort: number
  log: (line: string) => void
}): Promise<PlatformDatabase> {
  if (options.databaseUrl) return { url: options.databaseUrl, stop: async () => {} }
  const cluster = await startEmbeddedPostgres({
    dir: path.join(options.dataDir, 'postgres'),
    preferredPort: options.preferredPort,
    onLog: options.log,
  })
  const url = await ensureDatabase(cluster.url, databaseName)
  await writeFile(databaseUrlFile(options.dataDir), `${url}\n`)
  return { url, embedded: { port: cluster.port }, stop: () => cluster.stop() }
}
