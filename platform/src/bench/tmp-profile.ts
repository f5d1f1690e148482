import { createLogger } from '../logger'
import { benchPurchases } from './purchases'
const logger = createLogger({ level: 'warn', name: 'bench' })
const r = await benchPurchases({ databaseUrl: process.env.DATABASE_URL ?? '', buyers: Number(process.env.BENCH_BUYERS ?? 200), seconds: Number(process.env.BENCH_SECONDS ?? 8), logger })
console.log(JSON.stringify({ perSecond: r.perSecond, p50: r.p50Ms, p99: r.p99Ms, steps: r.stepP50Ms, commits: r.commitsPerPurchase, failures: [...r.failures] }))
process.exit(0)
