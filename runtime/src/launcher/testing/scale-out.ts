import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { endpoints } from '@prizes/contracts'
import { createKnex, freePort } from '@prizes/platform'
import { allProjections } from '@prizes/projections'
import { spawnEntry } from '../../bench/spawn-platform'
import { type MailInbox, spawnMailInbox, waitUntil } from '../../crash/crash-harness'

/** One of `runtime/src/processes/*.ts`, started with tsx in a child process. */
export interface ServiceProcess {
  readonly name: string
  /** Where it listens, for the ones that serve HTTP. */
  readonly url: string | undefined
  /** Its process id: a lease holder is named by it in `pg_stat_activity` (`<name> <host>:<pid>`). */
  readonly pid: number
  /** SIGTERM, and waits for it to exit. */
  stop(): Promise<void>
  /** SIGKILL: no shutdown of any kind. */
  kill(): Promise<void>
}

const entry = (name: string) => fileURLToPath(new URL(`../../processes/${name}.ts`, import.meta.url))

/** Starts `runtime/src/processes/<name>.ts` with `env` over this process's own. */
export function spawnService(name: string, env: Readonly<Record<string, string>>, url?: string) {
  // Its log is JSON on stdout: warnings and errors only, shown with the test's output.
  const { child, exited } = spawnEntry(entry(name), env, { stdout: 'inherit' })
  const ended = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    await exited
  }
  const service: ServiceProcess = {
    name,
    url,
    pid: child.pid ?? 0,
    stop: () => ended('SIGTERM'),
    kill: () => ended('SIGKILL'),
  }
  return { service, exited }
}

/** Polls `url` until it answers 200, failing at once if the process exits first. */
async function answering(service: ServiceProcess, exited: Promise<unknown>, url: string): Promise<void> {
  let gone = false
  void exited.then(() => {
    gone = true
  })
  await waitUntil(`${service.name} at ${url}`, async () => {
    if (gone) throw new Error(`${service.name} exited before it was ready`)
    const response = await fetch(url)
    await response.body?.cancel()
    return response.ok
  })
}

export interface ScaleOut {
  /** The gateway, in front of every instance. */
  readonly url: string
  /** Each command service's own address, to talk to one instance past the gateway. */
  readonly commandUrls: readonly string[]
  readonly queryUrl: string
  /**
   * The consumers processes, in the order they started: the first holds every lease (it took
   * them all at its start, before the others started), the others stand by to take them over.
   */
  readonly consumers: readonly ServiceProcess[]
  readonly inbox: MailInbox
  readonly processes: readonly ServiceProcess[]
  stop(): Promise<void>
}

export interface ScaleOutOptions {
  readonly databaseUrl: string
  /** How many command services behind the gateway; 2 unless given. */
  readonly commandServices?: number
  /** How many consumers processes; 2 unless given. */
  readonly consumers?: number
  /** More environment for every process (READ_AFTER_TIMEOUT_MS, RESERVATION_MINUTES …). */
  readonly env?: Readonly<Record<string, string>>
}

/**
 * The platform as docker-compose runs it, each process on its own, on `databaseUrl`: command
 * services (the first migrates the command side, the rest start after it), the consumers
 * processes (the projections and the reactors: the first takes every lease, the others stand by
 * and try them every 100 ms), the query service, and the gateway with every command service's
 * URL. Mail goes to MailDev in a process of its own. Everything is stopped in reverse order by
 * `stop` (or when a start fails).
 */
export async function startScaleOut(options: ScaleOutOptions): Promise<ScaleOut> {
  const started: ServiceProcess[] = []
  const dataDir = await mkdtemp(path.join(tmpdir(), 'prizes-scale-out-'))
  let inbox: MailInbox | undefined
  const stop = async () => {
    for (const service of started.splice(0).reverse()) await service.stop()
    await inbox?.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
  try {
    inbox = await spawnMailInbox()
    const webDist = path.join(dataDir, 'web')
    await mkdir(webDist)
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Prizes</title>')
    const common = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl,
      SMTP_URL: inbox.smtpUrl,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDist,
      // Every buyer of a test is on 127.0.0.1: the abuse limits would stop it.
      RESERVATIONS_PER_USER_HOUR: '1000000000',
      RESERVATIONS_PER_ADDRESS_HOUR: '1000000000',
      ACCOUNTS_PER_ADDRESS_HOUR: '1000000000',
      ...options.env,
    }
    const run = async (name: string, env: Record<string, string>, ready?: string, url?: string) => {
      const { service, exited } = spawnService(name, { ...common, ...env }, url)
      started.push(service)
      if (ready) await answering(service, exited, ready)
      return service
    }

    const commandUrls: string[] = []
    for (let i = 0; i < (options.commandServices ?? 2); i += 1) {
      const port = await freePort()
      const url = `http://127.0.0.1:${port}`
      // One after another: each migrates the command tables at its start.
      await run(
        'command-service',
        { COMMAND_SERVICE_PORT: String(port) },
        `${url}${endpoints.commandHealth.path}`,
        url,
      )
      commandUrls.push(url)
    }

    const consumers: ServiceProcess[] = []
    for (let i = 0; i < (options.consumers ?? 2); i += 1) {
      const port = await freePort()
      // It answers /metrics before it competes for the leases (loopback needs no token).
      const metrics = `http://127.0.0.1:${port}/metrics`
      consumers.push(await run('consumers', { CONSUMERS_PORT: String(port), LEASE_RETRY_MS: '100' }, metrics))
      // The first takes every lease in one go at its start: once its projections have
      // registered, it holds them all, and the next one stands by.
      if (i === 0) await projectionsRegistered(options.databaseUrl)
    }

    const queryPort = await freePort()
    const queryUrl = `http://127.0.0.1:${queryPort}`
    await run(
      'query-service',
      { QUERY_SERVICE_PORT: String(queryPort) },
      `${queryUrl}${endpoints.queryHealth.path}`,
      queryUrl,
    )

    const gatewayPort = await freePort()
    const url = `http://127.0.0.1:${gatewayPort}`
    await run(
      'gateway',
      { PORT: String(gatewayPort), COMMAND_SERVICE_URL: commandUrls.join(','), QUERY_SERVICE_URL: queryUrl },
      `${url}${endpoints.queryHealth.path}`,
      url,
    )
    const mailbox = inbox
    return { url, commandUrls, queryUrl, consumers, inbox: mailbox, processes: started, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/** The first consumers process has its consumers running once every projection has its checkpoint row. */
async function projectionsRegistered(databaseUrl: string): Promise<void> {
  const knex = createKnex(databaseUrl)
  try {
    await waitUntil('the projections to register', async () => {
      const [row] = await knex('projection_checkpoints').count<Array<{ count: string }>>({ count: '*' })
      return Number(row?.count ?? 0) >= allProjections.length
    })
  } finally {
    await knex.destroy()
  }
}
