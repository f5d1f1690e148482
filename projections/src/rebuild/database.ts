import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { startEmbeddedPostgres } from '@prizes/platform'
import pg from 'pg'

export interface RebuildDatabase {
  readonly url: string
  /** Where the URL came from, for the operator. */
  readonly source: string
  /** Stops the embedded cluster when we started it; otherwise nothing. */
  stop(): Promise<void>
}

/** The database `npm start` creates inside its embedded cluster (platform launcher). */
const platformDatabase = 'prizes'

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
 * The platform's database: DATABASE_URL when set; else the embedded cluster of a running
 * `npm start`, whose URL the launcher leaves in `<DATA_DIR>/postgres-url`; else that cluster
 * started here from `<DATA_DIR>/postgres` and stopped again by `stop()`.
 */
export async function openRebuildDatabase(options: {
  databaseUrl: string | undefined
  dataDir: string
  preferredPort: number
}): Promise<RebuildDatabase> {
  if (options.databaseUrl) return { url: options.databaseUrl, source: 'DATABASE_URL', stop: async () => {} }
  const urlFile = path.join(options.dataDir, 'postgres-url')
  if (existsSync(urlFile)) {
    const url = (await readFile(urlFile, 'utf8')).trim()
    if (url && (await connects(url)))
      return { url, source: `the running platform (${urlFile})`, stop: async () => {} }
  }
  const cluster = await startEmbeddedPostgres({
    dir: path.join(options.dataDir, 'postgres'),
    preferredPort: options.preferredPort,
  })
  try {
    const url = await ensureDatabase(cluster.url, platformDatabase)
    return {
      url,
      source: `the embedded cluster in ${path.join(options.dataDir, 'postgres')}`,
      stop: () => cluster.stop(),
    }
  } catch (error) {
    await cluster.stop()
    throw error
  }
}
