import { randomBytes } from 'node:crypto'
import {
  createCommandHandler,
  createCompetition,
  createInMemoryDrawSeeds,
  publishCompetition,
} from '@prizes/command-service'
import { type CompetitionDetails, competitionStream, endpoints } from '@prizes/contracts'
import { createPostgresEventStore, type PostgresEventStore } from '@prizes/event-store'
import type { Logger } from '@prizes/platform'
import pg from 'pg'
import { quantile, throughput } from './measure'
import { type Buyer, CallFailed, purchase, signUpGuest } from './purchase-client'
import { spawnPlatform } from './spawn-platform'
import { auditTickets, type TicketAudit } from './ticket-audit'

export interface PurchaseBenchOptions {
  /** An empty database of its own, or one the platform may share. */
  readonly databaseUrl: string
  readonly buyers: number
  readonly seconds: number
  readonly logger: Logger
  /** A published competition of `benchCompetitionDetails` to buy from (one with a history); else a new one. */
  readonly competitionId?: string
}

export interface PurchaseBenchResult {
  readonly purchases: number
  readonly perSecond: number
  readonly p50Ms: number
  readonly p99Ms: number
  /** p50 of each call: create-payment-intent, the card form, confirm-payment. */
  readonly stepP50Ms: readonly [number, number, number]
  /** Refused or failed purchases, by endpoint and code. */
  readonly failures: ReadonlyMap<string, number>
  /** Confirmed purchases whose answer carried no ticket numbers; must be 0. */
  readonly paidWithoutTickets: number
  readonly totalTickets: number
  readonly audit: TicketAudit
  /** sold_tickets as GET /api/competitions shows it once the projections caught up. */
  readonly readModelSold: number | undefined
  /** Database commits during the run, per purchase completed (every service and projection together). */
  readonly commitsPerPurchase: number
}

/** Plenty for any machine: the bench measures the purchase path, not a sell-out. */
export const totalTickets = 1_000_000
export const benchAnswer = '4'
const answer = benchAnswer
export const benchPricePence = 299

export function benchCompetitionDetails(now: Date): CompetitionDetails {
  return {
    title: 'Bench prize',
    description: 'Purchases per second',
    prize: 'A prize',
    prizeValuePence: 100_000,
    entryPricePence: benchPricePence,
    totalTickets,
    location: 'UK Wide',
    startDate: new Date(now.getTime() - 60_000).toISOString(),
    endDate: new Date(now.getTime() + 86_400_000).toISOString(),
    imageUrl: null,
    skillQuestion: { question: 'Two plus two?', options: ['3', '4', '5', '6'], correct: answer },
  }
}

/** Waits until every projection and reactor has caught up with the log, as `/api/health` tells it. */
export async function readModelsCaughtUp(baseUrl: string): Promise<void> {
  let last = ''
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const response = await fetch(`${baseUrl}${endpoints.health.path}`)
    last = await response.clone().text()
    const health = (await response.json()) as {
      projections?: Array<{ lagEvents: number }>
      reactors?: Array<{ lagEvents: number }>
    }
    const consumers = [...(health.projections ?? []), ...(health.reactors ?? [])]
    if (response.ok && consumers.length > 0 && consumers.every((c) => c.lagEvents === 0)) return
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
  throw new Error(`The read models and reactors did not catch up within 10 minutes; health said ${last}`)
}

/** Transactions committed in the database so far (PostgreSQL's own statistics). */
export async function commitsSoFar(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    // Statistics reach the shared counters when a backend is idle for a moment; ask for fresh ones.
    await client.query('select pg_stat_clear_snapshot()')
    const { rows } = await client.query<{ commits: string }>(
      'select xact_commit::text as commits from pg_stat_database where datname = current_database()',
    )
    return Number(rows[0]?.commits ?? 0)
  } finally {
    await client.end()
  }
}

/** Polls the public list until the read model has caught up with the sale, or gives up. */
/** A new published competition of `benchCompetitionDetails`. */
export async function newCompetition(store: PostgresEventStore, now: Date, logger: Logger): Promise<string> {
  const handler = createCommandHandler({ store, logger })
  const context = { actor: { system: 'bench' }, now }
  const { competitionId } = await createCompetition(
    handler,
    { details: benchCompetitionDetails(now) },
    context,
  )
  // The bench never draws, so its seed need not outlive the run.
  await publishCompetition(handler, { competitionId }, context, createInMemoryDrawSeeds())
  return competitionId
}

export async function readModelSold(
  baseUrl: string,
  competitionId: string,
  sold: number,
): Promise<number | undefined> {
  let seen: number | undefined
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const response = await fetch(`${baseUrl}${endpoints.listCompetitions.path}`)
    const list = endpoints.listCompetitions.response.parse(await response.json())
    seen = list.competitions.find((c) => c.id === competitionId)?.sold_tickets
    if (seen === sold) return seen
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return seen
}

/**
 * Purchases per second end to end over HTTP: `buyers` guests, each in a loop of
 * create-payment-intent → the offline card form (the debit card 4000 0566 5566 5556) → confirm-payment on one competition,
 * for `seconds`. Then the competition's stream is audited: sold never above the total, every
 * ticket number once.
 */
export async function benchPurchases(options: PurchaseBenchOptions): Promise<PurchaseBenchResult> {
  const { logger } = options
  const platform = await spawnPlatform(options.databaseUrl)
  const store = createPostgresEventStore({ connectionString: options.databaseUrl })
  try {
    const now = new Date()
    const competitionId = options.competitionId ?? (await newCompetition(store, now, logger))
    await readModelsCaughtUp(platform.url)

    const run = randomBytes(3).toString('hex')
    const buyers: Buyer[] = await Promise.all(
      Array.from({ length: options.buyers }, (_, i) => signUpGuest(platform.url, run, i)),
    )

    const latencies: number[] = []
    const steps: [number[], number[], number[]] = [[], [], []]
    const failures = new Map<string, number>()
    let paidWithoutTickets = 0
    const commitsBefore = await commitsSoFar(options.databaseUrl)
    const result = await throughput(options.buyers, options.seconds * 1000, async (worker, i) => {
      const buyer = buyers[worker]
      if (!buyer) throw new Error(`no buyer ${worker}`)
      const started = performance.now()
      try {
        const bought = await purchase(platform.url, buyer, {
          competitionId,
          numberOfEntries: 1 + ((worker + i) % 5),
          answer,
        })
        latencies.push(performance.now() - started)
        bought.steps.forEach((ms, step) => {
          steps[step]?.push(ms)
        })
        if (bought.ticketNumbers.length === 0) paidWithoutTickets += 1
      } catch (error) {
        if (!(error instanceof CallFailed)) throw error
        const key = `${error.endpoint} ${error.status} ${error.code}`
        failures.set(key, (failures.get(key) ?? 0) + 1)
      }
    })
    // The last commits of the run reach the statistics a moment after it.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    const commits = (await commitsSoFar(options.databaseUrl)) - commitsBefore
    if (latencies.length === 0) {
      throw new Error(`No purchase succeeded: ${[...failures.keys()].join(', ') || 'no answers'}`)
    }

    const audit = auditTickets(await store.readStream(competitionStream(competitionId)), totalTickets)
    return {
      purchases: latencies.length,
      perSecond: latencies.length / (result.ops / result.perSecond),
      p50Ms: quantile(latencies, 0.5),
      p99Ms: quantile(latencies, 0.99),
      stepP50Ms: [quantile(steps[0], 0.5), quantile(steps[1], 0.5), quantile(steps[2], 0.5)],
      failures,
      paidWithoutTickets,
      totalTickets,
      audit,
      readModelSold: await readModelSold(platform.url, competitionId, audit.sold),
      commitsPerPurchase: commits / latencies.length,
    }
  } finally {
    await store.close()
    await platform.stop()
  }
}
