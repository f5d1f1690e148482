import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import path from 'node:path'
import { endpoints } from '@prizes/contracts'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import { freePort } from '@prizes/platform'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type MailInbox, spawnMailInbox } from '../crash/crash-harness'
import { buildServices, repositoryRoot } from './build'

/**
 * The production build run for real: the bundles of the migrations, the command and query
 * services, the consumers and the gateway, started with plain `node` (no tsx) on a fresh
 * database as the image starts them, the gateway proxying to the two services by URL.
 */

interface Started {
  readonly entry: string
  readonly child: ChildProcess
  readonly exited: Promise<unknown>
  /** Everything it printed, for the failure message. */
  output(): string
}

let outDir: string
let database: TestDatabase
let inbox: MailInbox
let env: NodeJS.ProcessEnv
let gatewayUrl: string
const started: Started[] = []

function startBuilt(entry: string): Started {
  const child = spawn(process.execPath, [path.join(outDir, `${entry}.js`)], {
    // The repository's root stands for the image's /app: node_modules above dist, web/dist beside it.
    cwd: repositoryRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let printed = ''
  const keep = (chunk: Buffer) => {
    printed = `${printed}${chunk.toString()}`.slice(-4000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const handle = { entry, child, exited: once(child, 'exit'), output: () => printed }
  started.push(handle)
  return handle
}

/** Runs a one-shot entry to its end; its exit code and what it printed. */
async function runBuilt(entry: string): Promise<{ code: number | null; output: string }> {
  const job = startBuilt(entry)
  await job.exited
  return { code: job.child.exitCode, output: job.output() }
}

/**
 * Polls `url` until it answers 200, for up to 30 s; fails at once, with what it printed, when a
 * built service has exited instead.
 */
async function answering(url: string, services: readonly Started[]): Promise<Response> {
  const deadline = Date.now() + 30_000
  for (;;) {
    const dead = services.find((s) => s.child.exitCode !== null || s.child.signalCode !== null)
    if (dead)
      throw new Error(
        `${dead.entry} exited (${dead.child.exitCode}) before ${url} answered:\n${dead.output()}`,
      )
    const response = await fetch(url).catch(() => undefined)
    if (response?.status === 200) return response
    if (Date.now() > deadline) throw new Error(`${url} answered ${response?.status ?? 'nothing'} for 30 s`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

beforeAll(async () => {
  // Inside the repository, so the bundles find its node_modules as /app/dist finds /app/node_modules.
  const cache = path.join(repositoryRoot, 'node_modules', '.cache')
  await mkdir(cache, { recursive: true })
  outDir = await mkdtemp(path.join(cache, 'prizes-built-'))
  await buildServices({
    outDir,
    only: [
      'processes/migrate',
      'processes/command-service',
      'processes/query-service',
      'processes/consumers',
      'processes/gateway',
    ],
  })
  ;[database, inbox] = await Promise.all([createTestDatabase('built'), spawnMailInbox()])
  const [port, commandPort, queryPort, consumersPort] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ])
  gatewayUrl = `http://127.0.0.1:${port}`
  // Only what docker-compose gives a container: no tsx, no inherited DATABASE_URL or EVENTSTORE_URL.
  env = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    // No Stripe keys here: production starts only when TEST MODE is asked for.
    PAYMENTS: 'offline-test',
    // Production takes the draw seeds' and the tokens' keys from the environment (issue 23).
    DRAW_SEED_KEY: randomBytes(32).toString('hex'),
    JWT_SECRET: randomBytes(32).toString('hex'),
    TOKEN_SECRET: randomBytes(32).toString('hex'),
    // Production needs the free route's address and who runs the site (issue 24).
    POSTAL_ADDRESS: 'Free Entry, 2 High Street, Leeds, LS1 1AA',
    COMPANY_NAME: 'Leeds Prizes Ltd',
    COMPANY_ADDRESS: '2 High Street, Leeds, LS1 1AA',
    SUPPORT_EMAIL: 'help@leedsprizes.example',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    SMTP_URL: inbox.smtpUrl,
    PORT: String(port),
    COMMAND_SERVICE_PORT: String(commandPort),
    QUERY_SERVICE_PORT: String(queryPort),
    CONSUMERS_PORT: String(consumersPort),
    COMMAND_SERVICE_URL: `http://127.0.0.1:${commandPort}`,
    QUERY_SERVICE_URL: `http://127.0.0.1:${queryPort}`,
    DATA_DIR: path.join(outDir, 'data'),
  }
})

afterAll(async () => {
  for (const { child } of started)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
  await Promise.all(started.map((p) => p.exited))
  await inbox?.stop()
  await database?.drop()
  if (outDir) await rm(outDir, { recursive: true, force: true })
})

describe('the production build', () => {
  it('migrates a fresh database with the built job, and again with nothing left to do', async () => {
    const first = await runBuilt('processes/migrate')
    expect(first, first.output).toMatchObject({ code: 0 })
    const again = await runBuilt('processes/migrate')
    expect(again, again.output).toMatchObject({ code: 0 })
  })

  it('starts the built services with node, and the built gateway answers /api/health from them', async () => {
    const services = [
      'processes/command-service',
      'processes/query-service',
      'processes/consumers',
      'processes/gateway',
    ].map(startBuilt)

    // The reactors, run by the consumers process under their leases, measured by the command
    // service behind the gateway once they have registered.
    const deadline = Date.now() + 30_000
    for (;;) {
      const health = await answering(`${gatewayUrl}${endpoints.health.path}`, services)
      const body = endpoints.health.response.parse(await health.json())
      expect(body).toMatchObject({ success: true, status: 'ok', database: { ok: true } })
      if (body.reactors.some((reactor) => reactor.name === 'mail')) break
      if (Date.now() > deadline) throw new Error('the mail reactor never registered')
      // Health answers are reused for a second.
      await new Promise((resolve) => setTimeout(resolve, 1000))
    }
    // And the query service behind it too.
    const query = await answering(`${gatewayUrl}${endpoints.queryHealth.path}`, services)
    expect(await query.json()).toEqual({ success: true, service: 'query' })
  })
})
