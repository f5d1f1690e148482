import { readFile } from 'node:fs/promises'
import { quantile } from './measure'
import { type Buyer, CallFailed, purchase } from './purchase-client'

/** What the bench hands the load process, in the file BENCH_OPEN_LOOP_FILE names. */
export interface OpenLoopOrder {
  readonly baseUrl: string
  readonly competitionId: string
  readonly answer: string
  readonly buyers: readonly Buyer[]
  /** Purchases offered per second, and for how long. */
  readonly rate: number
  readonly seconds: number
}

/** What it prints, one JSON line `{"result": …}`. */
export interface OpenLoopRun {
  readonly rate: number
  readonly offered: number
  readonly completed: number
  readonly failures: Readonly<Record<string, number>>
  /** From each purchase's planned arrival to its confirmation, completed purchases only. */
  readonly p50Ms: number
  readonly p99Ms: number
  /**
   * The same over every arrival, a failed one counting as slower than any (what a person sees);
   * null when more than 1% failed.
   */
  readonly p99AllMs: number | null
  /** CPU this process spent from the first arrival until the last answer. */
  readonly loadCpuSeconds: number
  readonly elapsedSeconds: number
}

/**
 * Open-loop load (issue 26): purchases arrive at a fixed rate whatever the answers do, as people
 * arrive, for `seconds`. Each arrival takes a buyer not buying already (a buyer's second
 * reservation would replace the first); with none free the platform is past keeping up and the
 * arrival fails as such. Latency runs from the planned arrival, so a late start counts (no
 * coordinated omission).
 */
export async function offerPurchases(order: OpenLoopOrder): Promise<OpenLoopRun> {
  const idle = [...order.buyers]
  const total = Math.round(order.rate * order.seconds)
  const latencies: number[] = []
  const failures: Record<string, number> = {}
  const fail = (key: string) => {
    failures[key] = (failures[key] ?? 0) + 1
  }
  const inFlight = new Set<Promise<void>>()
  const interval = 1000 / order.rate

  function arrive(k: number, plannedAt: number) {
    const buyer = idle.pop()
    if (!buyer) return fail('no buyer free: the platform fell behind the arrivals')
    const bought = purchase(order.baseUrl, buyer, {
      competitionId: order.competitionId,
      numberOfEntries: 1 + (k % 5),
      answer: order.answer,
    }).then(
      (done) => {
        if (done.ticketNumbers.length === 0) fail('confirmed without tickets')
        else latencies.push(performance.now() - plannedAt)
      },
      (error: unknown) =>
        fail(error instanceof CallFailed ? `${error.endpoint} ${error.status} ${error.code}` : 'no answer'),
    )
    const tracked = bought.finally(() => {
      idle.push(buyer)
      inFlight.delete(tracked)
    })
    inFlight.add(tracked)
  }

  const cpuBefore = process.cpuUsage()
  const start = performance.now() + 50
  await new Promise<void>((resolve) => {
    let next = 0
    const tick = () => {
      const now = performance.now()
      for (; next < total && start + next * interval <= now; next += 1) arrive(next, start + next * interval)
      if (next >= total) return resolve()
      setTimeout(tick, Math.max(0, Math.min(5, start + next * interval - now)))
    }
    setTimeout(tick, Math.max(0, start - performance.now()))
  })
  while (inFlight.size > 0) await Promise.all([...inFlight])
  const cpu = process.cpuUsage(cpuBefore)
  const failed = total - latencies.length
  const all = [...latencies, ...Array.from({ length: failed }, () => Number.POSITIVE_INFINITY)]
  return {
    rate: order.rate,
    offered: total,
    completed: latencies.length,
    failures,
    p50Ms: quantile(latencies, 0.5),
    p99Ms: quantile(latencies, 0.99),
    p99AllMs: Number.isFinite(quantile(all, 0.99)) ? quantile(all, 0.99) : null,
    loadCpuSeconds: (cpu.user + cpu.system) / 1e6,
    elapsedSeconds: (performance.now() - start) / 1000,
  }
}

async function main() {
  const file = process.env.BENCH_OPEN_LOOP_FILE
  if (!file) throw new Error('BENCH_OPEN_LOOP_FILE is required')
  const order = JSON.parse(await readFile(file, 'utf8')) as OpenLoopOrder
  const result = await offerPurchases(order)
  console.log(JSON.stringify({ result }))
}

if (process.env.BENCH_OPEN_LOOP_FILE) {
  main().catch((error: unknown) => {
    console.error(error)
    process.exit(1)
  })
}
