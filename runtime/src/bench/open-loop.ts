import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { competitionStream } from '@prizes/contracts'
import { createPostgresEventStore } from '@prizes/event-store'
import type { Logger } from '@prizes/platform'
import type { OpenLoopOrder, OpenLoopRun } from './open-loop-process'
import { cpuSeconds, postgresServerPid } from './process-cpu'
import { signUpGuest } from './purchase-client'
import {
  benchAnswer,
  commitsSoFar,
  newCompetition,
  readModelSold,
  readModelsCaughtUp,
  totalTickets,
} from './purchases'
import { spawnEntry, spawnPlatform } from './spawn-platform'
import { auditTickets, type TicketAudit } from './ticket-audit'

const loadEntry = fileURLToPath(new URL('./open-loop-process.ts', import.meta.url))

export interface OpenLoopOptions {
  readonly databaseUrl: string
  readonly rates: readonly number[]
  readonly seconds: number
  /** Buyers the load process may use at once: the most purchases in flight. */
  readonly buyers: number
  readonly logger: Logger
}

/** One rate's run, with what each process spent on it. */
export interface OpenLoopRate extends OpenLoopRun {
  /** CPU milliseconds per completed purchase: the platform's processes, PostgreSQL's, the load's. */
  readonly cpuMsPerPurchase: { readonly platform: number; readonly postgres?: number; readonly load: number }
  readonly commitsPerPurchase: number
}

export interface OpenLoopResult {
  readonly rates: readonly OpenLoopRate[]
  /** The highest rate whose p99 over every arrival stayed at or under 100 ms. */
  readonly sustainableRate: number | undefined
  readonly audit: TicketAudit
  readonly readModelSold: number | undefined
}

/** Runs the load process for one rate and reads its result line. */
async function runLoad(order: OpenLoopOrder, dir: string): Promise<OpenLoopRun> {
  const file = path.join(dir, `order-${order.rate}.json`)
  await writeFile(file, JSON.stringify(order))
  const { child, exited } = spawnEntry(loadEntry, { BENCH_OPEN_LOOP_FILE: file })
  let result: OpenLoopRun | undefined
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })
  lines.on('line', (text) => {
    try {
      const parsed = JSON.parse(text) as { result?: OpenLoopRun }
      if (parsed.result) result = parsed.result
    } catch {
      // Not our line.
    }
  })
  await exited
  if (!result) throw new Error(`The load process at ${order.rate}/s printed no result`)
  return result
}

/**
 * Purchases offered at fixed arrival rates (issue 26), each rate for `seconds`, by a load
 * process of its own, on one new competition; after each the read models and reactors are let
 * catch up, so the CPU and the commits counted are all a purchase costs. Then the competition's
 * stream is audited and its read model compared.
 */
export async function benchOpenLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  const platform = await spawnPlatform(options.databaseUrl)
  const store = createPostgresEventStore({ connectionString: options.databaseUrl })
  const dir = await mkdtemp(path.join(tmpdir(), 'prizes-open-loop-'))
  try {
    const competitionId = await newCompetition(store, new Date(), options.logger)
    await readModelsCaughtUp(platform.url)
    const run = randomBytes(3).toString('hex')
    const buyers = []
    // A few at a time: each sign-up hashes a password, and a burst would time out.
    for (let i = 0; i < options.buyers; i += 20) {
      const batch = Array.from({ length: Math.min(20, options.buyers - i) }, (_, j) => i + j)
      buyers.push(...(await Promise.all(batch.map((n) => signUpGuest(platform.url, `open${run}`, n)))))
    }
    await readModelsCaughtUp(platform.url)
    const roots = { platform: platform.pid, postgres: await postgresServerPid(options.databaseUrl) }

    const rates: OpenLoopRate[] = []
    for (const rate of options.rates) {
      const cpuBefore = await cpuSeconds(roots)
      const commitsBefore = await commitsSoFar(options.databaseUrl)
      const order = { baseUrl: platform.url, competitionId, answer: benchAnswer, buyers, rate }
      const result = await runLoad({ ...order, seconds: options.seconds }, dir)
      await readModelsCaughtUp(platform.url)
      const cpuAfter = await cpuSeconds(roots)
      const commits = (await commitsSoFar(options.databaseUrl)) - commitsBefore
      const per = (seconds: number) => (seconds * 1000) / Math.max(1, result.completed)
      const spent = (name: 'platform' | 'postgres') => {
        const before = cpuBefore[name]
        const after = cpuAfter[name]
        return before === undefined || after === undefined ? undefined : per(after - before)
      }
      const postgres = spent('postgres')
      rates.push({
        ...result,
        cpuMsPerPurchase: {
          platform: spent('platform') ?? Number.NaN,
          ...(postgres === undefined ? {} : { postgres }),
          load: per(result.loadCpuSeconds),
        },
        commitsPerPurchase: commits / Math.max(1, result.completed),
      })
    }
    const audit = auditTickets(await store.readStream(competitionStream(competitionId)), totalTickets)
    const sustainable = rates.filter((r) => r.p99AllMs !== null && r.p99AllMs <= 100).map((r) => r.rate)
    return {
      rates,
      sustainableRate: sustainable.length > 0 ? Math.max(...sustainable) : undefined,
      audit,
      readModelSold: await readModelSold(platform.url, competitionId, audit.sold),
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
    await store.close()
    await platform.stop()
  }
}
