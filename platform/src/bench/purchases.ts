import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  createCommandHandler,
  createCompetition,
  createInMemoryDrawSeeds,
  publishCompetition,
} from '@prizes/command-service'
import { type CompetitionDetails, competitionStream, endpoints } from '@prizes/contracts'
import { createPostgresEventStore } from '@prizes/event-store'
import { loadConfig } from '../config/config'
import { freePort } from '../embedded/free-port'
import { generateAdminPassword } from '../launcher/admin'
import { startPlatform } from '../launcher/platform'
import type { Logger } from '../logger'
import { quantile, throughput } from './measure'
import { type Buyer, CallFailed, purchase, signUpGuest } from './purchase-client'
import { auditTickets, type TicketAudit } from './ticket-audit'

export interface PurchaseBenchOptions {
  /** An empty database of its own, or one the platform may share. */
  readonly databaseUrl: string
  readonly buyers: number
  readonly seconds: number
  readonly logger: Logger
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
}

/** Plenty for any machine: the bench measures the purchase path, not a sell-out. */
const totalTickets = 1_000_000
const answer = '4'

function details(now: Date): CompetitionDetails {
  return {
    title: 'Bench prize',
    description: 'Purchases per second',
    prize: 'A prize',
    prizeValuePence: 100_000,
    entryPricePence: 299,
    totalTickets,
    location: 'UK Wide',
    startDate: new Date(now.getTime() - 60_000).toISOString(),
    endDate: new Date(now.getTime() + 86_400_000).toISOString(),
    imageUrl: null,
    skillQuestion: { question: 'Two plus two?', options: ['3', '4', '5', '6'], correct: answer },
  }
}

/** The whole platform as `npm start` runs it, on free ports, a temporary DATA_DIR and the given database. */
async function startBenchPlatform(databaseUrl: string, logger: Logger) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'prizes-bench-platform-'))
  const [port, smtpPort, mailWebPort] = [await freePort(), await freePort(), await freePort()]
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    MAILDEV_SMTP_PORT: String(smtpPort),
    MAILDEV_WEB_PORT: String(mailWebPort),
    SEED_DEMO_DATA: 'false',
    ADMIN_EMAIL: 'bench-admin@example.com',
    ADMIN_PASSWORD: generateAdminPassword(),
  })
  const platform = await startPlatform(config, logger)
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await platform.stop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** Polls the public list until the read model has caught up with the sale, or gives up. */
async function readModelSold(
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
 * create-payment-intent → the offline card form (4242…) → confirm-payment on one competition,
 * for `seconds`. Then the competition's stream is audited: sold never above the total, every
 * ticket number once.
 */
export async function benchPurchases(options: PurchaseBenchOptions): Promise<PurchaseBenchResult> {
  const { logger } = options
  const platform = await startBenchPlatform(options.databaseUrl, logger)
  const store = createPostgresEventStore({ connectionString: options.databaseUrl })
  try {
    const now = new Date()
    const handler = createCommandHandler({ store, logger })
    const context = { actor: { system: 'bench' }, now }
    const { competitionId } = await createCompetition(handler, { details: details(now) }, context)
    // The bench never draws, so its seed need not outlive the run.
    await publishCompetition(handler, { competitionId }, context, createInMemoryDrawSeeds())

    const run = randomBytes(3).toString('hex')
    const buyers: Buyer[] = await Promise.all(
      Array.from({ length: options.buyers }, (_, i) => signUpGuest(platform.url, run, i)),
    )

    const latencies: number[] = []
    const steps: [number[], number[], number[]] = [[], [], []]
    const failures = new Map<string, number>()
    let paidWithoutTickets = 0
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
    }
  } finally {
    await store.close()
    await platform.stop()
  }
}
