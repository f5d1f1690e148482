import { existsSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import { startEmbeddedPostgres } from '../embedded/postgres'

export interface PlatformDatabase {
  /** Connection string of the platform's own database. */
  readonly url: string
  /** Where it came from, for the operator. */
  readonly source: string
  /** Set when this process started the embedded cluster. */
  readonly embedded?: { readonly port: number }
  /** Stops the embedded cluster when this process started it; otherwise nothing. */
  stop(): Promise<void>
}

const databaseName = 'prizes'

/** Where `npm start` leaves its database URL for the operator CLIs (rebuild, audit). */
const databaseUrlFile = (dataDir: string) => path.join(dataDir, 'postgres-url')

async function connects(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
  try {
    await client.connect()
    await client.query('select 1')
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

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
 * The PostgreSQL the platform runs on: `DATABASE_URL` when given; else, for an operator tool
 * (`joinRunning`), the embedded cluster of a running `npm start`; else the embedded cluster
 * started here, whose files live under the data folder and survive restarts.
 */
export async function openPlatformDatabase(options: {
  databaseUrl: string | undefined
  dataDir: string
  preferredPort: number
  joinRunning?: boolean
  log?: (line: string) => void
}): Promise<PlatformDatabase> {
  if (options.databaseUrl) return { url: options.databaseUrl, source: 'DATABASE_URL', stop: async () => {} }
  const urlFile = databaseUrlFile(options.dataDir)
  if (options.joinRunning && existsSync(urlFile)) {
    const url = (await readFile(urlFile, 'utf8')).trim()
    if (url && (await connects(url)))
      return { url, source: `the running platform (${urlFile})`, stop: async () => {} }
  }
  const dir = path.join(options.dataDir, 'postgres')
  const cluster = await startEmbeddedPostgres({
    dir,
    preferredPort: options.preferredPort,
    ...(options.log ? { onLog: options.log } : {}),
  })
  try {
    const url = await ensureDatabase(cluster.url, databaseName)
    if (!options.joinRunning) await writeFile(urlFile, `${url}\n`)
    return {
      url,
      source: `the embedded cluster in ${dir}`,
      embedded: { port: cluster.port },
      stop: () => cluster.stop(),
    }
  } catch (error) {
    await cluster.stop()
    throw error
  }
}
