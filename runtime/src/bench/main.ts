import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { competitionStream } from '@prizes/contracts'
import { createPostgresEventStore, positionToString } from '@prizes/event-store'
import { createKnex, createLogger, startEmbeddedPostgres } from '@prizes/platform'
import { allProjections, startProjections } from '@prizes/projections'
import { migrateReadModels } from '@prizes/read-models'
import pg from 'pg'
import { benchEntriesExport, exportRows } from './entries-export'
import { benchHotStreamBatched } from './hot-stream'
import { benchPages, type LighthouseFigures } from './lighthouse'
import { formatTable, quantile, throughput } from './measure'
import { benchOpenLoop, type OpenLoopResult } from './open-loop'
import { benchAnswer, benchPricePence, benchPurchases, newCompetition } from './purchases'
import { benchRebuild } from './rebuild'
import {
  atLeast,
  atMost,
  checkOpenLoop,
  coldRows,
  lighthouseRows,
  ms,
  openLoopTable,
  purchaseRows,
  rate,
  reportLighthouseDetails,
  reportPurchaseFailures,
} from './report'
import { fillCompetition, measureColdLoad } from './volume'

/**
 * `npm run bench`: event-store append throughput against PostgreSQL's own plain INSERT rate,
 * projection lag, rebuild throughput (BENCH_REBUILD_EVENTS entry events, a million by default),
 * purchases per second end to end over HTTP with the ticket audit, the Lighthouse mobile scores
 * of the home page and a competition page with their initial JavaScript, and purchases at fixed
 * arrival rates (open loop), each against its budget. One run,
 * one table. Uses a fresh database on DATABASE_URL's server when set, else a throwaway embedded
 * cluster.
 */
const writers = 8
const seconds = Number(process.env.BENCH_SECONDS ?? 5)
const lagSamples = Number(process.env.BENCH_LAG_SAMPLES ?? 300)
const buyers = Number(process.env.BENCH_BUYERS ?? 200)
const entries = Number(process.env.BENCH_ENTRIES ?? 100_000)
const tailEntries = 250
const rebuildEvents = Number(process.env.BENCH_REBUILD_EVENTS ?? 1_000_000)
/** Entries the export case loads into the read model; `BENCH_ONLY=entries-export` runs that case alone. */
const exportEntries = Number(process.env.BENCH_EXPORT_ENTRIES ?? 1_000_000)
/** Open-loop purchases (issue 26): the arrival rates, seconds at each, and buyers in flight at most. */
const openRates = (process.env.BENCH_OPEN_RATES ?? '50,100,200,400,800').split(',').map(Number)
const openSeconds = Number(process.env.BENCH_OPEN_SECONDS ?? 10)
const openBuyers = Number(process.env.BENCH_OPEN_BUYERS ?? 400)
/** Lighthouse runs of each page; the median is reported. */
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3)

/** One case alone: `npm run bench -- --only lighthouse`, or `BENCH_ONLY=entries-export`. */
function onlyCase(): string | undefined {
  const at = process.argv.indexOf('--only')
  return at >= 0 ? process.argv[at + 1] : process.env.BENCH_ONLY
}

async function benchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const server = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL
  if (!server) {
    const dir = await mkdtemp(path.join(tmpdir(), 'prizes-bench-'))
    const cluster = await startEmbeddedPostgres({ dir: path.join(dir, 'data'), persistent: false })
    return {
      url: cluster.url,
      drop: async () => {
        await cluster.stop()
        await rm(dir, { recursive: true, force: true })
      },
    }
  }
  const name = `bench_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: server })
  await admin.connect()
  await admin.query(`create database "${name}"`)
  await admin.end()
  const url = new URL(server)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: server })
      await client.connect()
      await client.query(`drop database if exists "${name}" with (force)`)
      await client.end()
    },
  }
}

const sampleEvent = (i: number) => ({ type: 'BenchPinged', data: { i, at: Date.now() } })

function competitionCreated(competitionId: string) {
  const now = new Date()
  return {
    type: 'CompetitionCreated',
    data: {
      competitionId,
      featured: false,
      details: {
        title: 'Bench prize',
        description: 'Projection lag sample',
        prize: 'A prize',
        prizeValuePence: 10_000,
        entryPricePence: 100,
        totalTickets: 100,
        location: 'UK Wide',
        startDate: now.toISOString(),
        endDate: new Date(now.getTime() + 86_400_000).toISOString(),
        imageUrl: null,
        skillQuestion: { question: 'Two plus two?', options: ['3', '4', '5', '6'], correct: '4' },
      },
    },
    metadata: { occurredAt: now.toISOString(), actor: { system: 'bench' } },
  }
}

type PageFigures = Awaited<ReturnType<typeof benchPages>>

/** The Lighthouse case of the home page and a competition's, on a database of its own (the demo seed needs an empty one). */
async function pagesCase(): Promise<PageFigures> {
  console.log(`Lighthouse, mobile: the home page and a competition page, ${lighthouseRuns} runs each...`)
  const db = await benchDatabase()
  try {
    return await benchPages(db.url, lighthouseRuns)
  } finally {
    await db.drop()
  }
}

function printPages({ home, competition }: PageFigures) {
  const pages: [string, LighthouseFigures][] = [
    ['home page', home],
    ['competition page', competition],
  ]
  const rows = pages.flatMap(([page, figures]) => lighthouseRows(page, figures))
  console.log(`\n${formatTable(['measure', 'value', 'budget'], rows)}\n`)
  for (const [page, figures] of pages) reportLighthouseDetails(page, figures)
}

/** Purchases at fixed arrival rates, on a database of its own. */
async function openLoopCase(): Promise<OpenLoopResult> {
  console.log(`Open-loop purchases: ${openRates.join(', ')} a second, ${openSeconds} s each...`)
  const db = await benchDatabase()
  const logger = createLogger({ level: 'warn', name: 'bench' })
  const store = createPostgresEventStore({ connectionString: db.url })
  const knex = createKnex(db.url)
  try {
    await store.migrate()
    await migrateReadModels(knex)
    return await benchOpenLoop({
      databaseUrl: db.url,
      rates: openRates,
      seconds: openSeconds,
      buyers: openBuyers,
      logger,
    })
  } finally {
    await knex.destroy()
    await store.close()
    await db.drop()
  }
}

function printOpenLoop(result: OpenLoopResult) {
  console.log(`\n${openLoopTable(result)}\n`)
  checkOpenLoop(result)
}

async function main() {
  const only = onlyCase()
  if (only === 'lighthouse') {
    printPages(await pagesCase())
    return
  }
  if (only === 'open-loop') {
    printOpenLoop(await openLoopCase())
    return
  }
  if (only !== undefined && only !== 'entries-export')
    throw new Error(`No bench case ${only}: lighthouse, open-loop or entries-export`)
  const db = await benchDatabase()
  const logger = createLogger({ level: 'warn', name: 'bench' })
  // The rebuild case copies and swaps whole read models of a million events: job-length statements.
  const timeouts = { statementMs: 60 * 60 * 1000 }
  const store = createPostgresEventStore({ connectionString: db.url, timeouts })
  const knex = createKnex(db.url, { timeouts })
  const insertPool = new pg.Pool({ connectionString: db.url, max: writers })
  try {
    await store.migrate()
    await migrateReadModels(knex)
    if (only === 'entries-export') {
      console.log(`Entries export: ${exportEntries.toLocaleString('en-GB')} entries...`)
      const figures = await benchEntriesExport({ databaseUrl: db.url, knex, count: exportEntries })
      console.log(
        `\n${formatTable(['measure', 'value', 'of INSERT limit, or target'], exportRows(figures))}\n`,
      )
      return
    }
    console.log(`Benchmarking for ${seconds} s per case with ${writers} concurrent writers...`)

    const revisions = new Map<number, bigint | 'noStream'>()
    const run = randomBytes(3).toString('hex')
    const distinct = await throughput(writers, seconds * 1000, async (worker, i) => {
      const result = await store.append(`bench-${run}-${worker}`, [sampleEvent(i)], {
        expectedRevision: revisions.get(worker) ?? 'noStream',
      })
      revisions.set(worker, result.nextExpectedRevision)
    })

    const hot = await benchHotStreamBatched(store, `bench-${run}-hot`, {
      writers,
      seconds,
      event: sampleEvent,
    })

    await insertPool.query('create table bench_rows (id bigserial primary key, data jsonb not null)')
    const inserts = await throughput(writers, seconds * 1000, async (_, i) => {
      await insertPool.query('insert into bench_rows (data) values ($1)', [
        JSON.stringify(sampleEvent(i).data),
      ])
    })

    // Tens of thousands of events were just written in seconds; a running database's autovacuum
    // would have analysed the table long before it held that many. Without statistics the
    // planner walks every event for a filtered read instead of using the type index.
    await insertPool.query('analyze events')
    const projections = await startProjections({ store, knex, logger, projections: allProjections })
    const lags: number[] = []
    for (let i = 0; i < lagSamples; i += 1) {
      const id = randomUUID()
      const appended = await store.append(competitionStream(id), [competitionCreated(id)], {
        expectedRevision: 'noStream',
      })
      const t0 = performance.now()
      await projections.waitForPosition(appended.position)
      lags.push(performance.now() - t0)
    }
    await projections.stop()
    const visible = await knex('competitions').count<{ count: string }[]>('* as count')
    if (Number(visible[0]?.count) !== lagSamples) throw new Error('Projection lag samples are missing rows')

    console.log(`Purchases over HTTP: ${buyers} buyers for ${seconds} s...`)
    const purchases = await benchPurchases({ databaseUrl: db.url, buyers, seconds, logger })

    console.log(
      `A competition with ${entries.toLocaleString('en-GB')} entries: fold, cold load, purchases...`,
    )
    const now = new Date()
    const competitionId = await newCompetition(store, now, logger)
    const fill = { answer: benchAnswer, pricePence: benchPricePence, now }
    await fillCompetition(store, competitionId, { ...fill, entries, nextNumber: 1 })
    await insertPool.query('analyze events')
    const cold = await measureColdLoad(store, competitionId, { ...fill, tailEntries, logger })
    // The reactors of a long sale dealt with its events long ago; a platform meeting 200,000 of
    // them for the first time would spend the measurement catching up instead.
    if (cold.position) {
      await knex('reactor_checkpoints').update({ position: positionToString(cold.position) })
    }
    const busy = await benchPurchases({ databaseUrl: db.url, buyers, seconds, logger, competitionId })

    // Before the rebuild, which rebuilds the entries read model from the log without these rows.
    console.log(`Entries export: ${exportEntries.toLocaleString('en-GB')} entries...`)
    const exported = await benchEntriesExport({ databaseUrl: db.url, knex, count: exportEntries })

    // Last: a million events in the log would leave the platform's reactors catching up above.
    console.log(`Rebuild: writing ${rebuildEvents.toLocaleString('en-GB')} entry events, then rebuilding...`)
    const rebuild = await benchRebuild({ store, knex, count: rebuildEvents, created: competitionCreated })

    const pages = await pagesCase()
    const openLoop = await openLoopCase()

    const pct = (n: number) => `${((n / inserts.perSecond) * 100).toFixed(0)}%`
    console.log(
      `\n${formatTable(
        ['measure', 'value', 'of INSERT limit, or target'],
        [
          [
            `appends, ${writers} writers, distinct streams`,
            rate(distinct.perSecond),
            pct(distinct.perSecond),
          ],
          [
            `events, ${writers} writers, one hot stream, batched per append`,
            rate(hot.eventsPerSecond),
            pct(hot.eventsPerSecond),
          ],
          ['  appends carrying them', rate(hot.appendsPerSecond), ''],
          [`plain INSERT commits, ${writers} connections`, rate(inserts.perSecond), '100%'],
          [`projection lag p50 (${lagSamples} samples)`, ms(quantile(lags, 0.5)), ''],
          ['projection lag p99', ms(quantile(lags, 0.99)), atMost(quantile(lags, 0.99), 10, 'ms')],
          [
            `rebuild events/s over ${rebuild.events.toLocaleString('en-GB')} events`,
            rate(rebuild.eventsPerSecond),
            atLeast(rebuild.eventsPerSecond, 20_000, '/s'),
          ],
          ...purchaseRows(purchases, buyers, 'a new competition'),
          ...coldRows(cold, entries),
          ...purchaseRows(busy, buyers, `${entries.toLocaleString('en-GB')} entries sold`),
          ...exportRows(exported),
        ],
      )}\n`,
    )
    printPages(pages)
    printOpenLoop(openLoop)
    reportPurchaseFailures(purchases)
    reportPurchaseFailures(busy)
  } finally {
    await insertPool.end()
    await knex.destroy()
    await store.close()
    await db.drop()
  }
}

// Exits explicitly: the embedded MailDev's web UI (socket.io) keeps listening after its stop.
main().then(
  () => process.exit(),
  (error: unknown) => {
    console.error('Benchmark failed:', error)
    process.exit(1)
  },
)
