import { endpoints, type HealthResponse } from '@prizes/contracts'
import type { Knex } from 'knex'
import { mailEntry, platformEntry, type Ready, spawnReady } from '../bench/spawn-platform'

/** An email as MailDev's REST API (`GET /email`) returns it; only the fields read here. */
export interface CaughtEmail {
  readonly to: ReadonlyArray<{ readonly address: string }>
  readonly subject: string
  readonly text: string
}

export interface MailInbox {
  readonly smtpUrl: string
  all(): Promise<CaughtEmail[]>
  stop(): Promise<void>
}

/** MailDev in a process of its own (the bench's), outliving every platform process it serves. */
export async function spawnMailInbox(): Promise<MailInbox> {
  const mail = await spawnReady(mailEntry, {})
  const web = String(mail.line.web)
  return {
    smtpUrl: mail.ready,
    async all() {
      const response = await fetch(`${web}/email`)
      if (!response.ok) throw new Error(`MailDev answered ${response.status}`)
      return (await response.json()) as CaughtEmail[]
    },
    stop: () => ended(mail, 'SIGTERM'),
  }
}

async function ended(process: Ready, signal: NodeJS.Signals): Promise<void> {
  if (process.child.exitCode === null && process.child.signalCode === null) process.child.kill(signal)
  await process.exited
}

export interface PlatformUnderTest {
  readonly url: string
  /** `kill -9`: no shutdown of any kind, as a power cut or the OOM killer would. */
  kill(): Promise<void>
  /** SIGTERM: the orderly stop. */
  stop(): Promise<void>
}

/** The whole platform as `npm start` runs it, in a child process on `databaseUrl`. */
export async function spawnPlatformOn(
  databaseUrl: string,
  smtpUrl: string,
  env: NodeJS.ProcessEnv = {},
): Promise<PlatformUnderTest> {
  const platform = await spawnReady(platformEntry, {
    BENCH_DATABASE_URL: databaseUrl,
    SMTP_URL: smtpUrl,
    ...env,
  })
  return {
    url: platform.ready,
    kill: () => ended(platform, 'SIGKILL'),
    stop: () => ended(platform, 'SIGTERM'),
  }
}

/** Polls `probe` until it answers something truthy; fails naming `what` and the last answer. */
export async function waitUntil<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  options: { timeoutMs?: number; everyMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000)
  let last: unknown
  for (;;) {
    try {
      const answer = await probe()
      if (answer) return answer
      last = answer
    } catch (error) {
      last = error
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}; last: ${String(last)}`)
    await new Promise((resolve) => setTimeout(resolve, options.everyMs ?? 100))
  }
}

/**
 * `/api/health` once every projection and reactor has caught up and no email waits. Health is
 * rate limited (120 a minute per address): poll it about once a second.
 */
export async function settled(baseUrl: string): Promise<HealthResponse | undefined> {
  const response = await fetch(`${baseUrl}${endpoints.health.path}`)
  if (!response.ok) throw new Error(`health answered ${response.status}`)
  const health = endpoints.health.response.parse(await response.json()) as HealthResponse
  const behind = [...health.projections, ...health.reactors]
    .filter((consumer) => consumer.lagEvents > 0)
    .map((consumer) => `${consumer.name} ${consumer.lagEvents} behind`)
  if (health.emails?.pending !== 0) behind.push(`${health.emails?.pending ?? 'unknown'} emails pending`)
  // Thrown, so that waitUntil's time-out says who is behind.
  if (behind.length > 0) throw new Error(behind.join(', '))
  return health
}

/** Every row of each table, as sorted JSON lines: two snapshots compare whatever the row order. */
export async function snapshotTables(
  knex: Knex,
  tables: readonly string[],
): Promise<Record<string, string[]>> {
  const snapshot: Record<string, string[]> = {}
  for (const table of tables) {
    const rows = await knex(table).select()
    snapshot[table] = rows.map((row) => JSON.stringify(row)).sort()
  }
  return snapshot
}
