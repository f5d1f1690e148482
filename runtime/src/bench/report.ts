import type { LighthouseFigures } from './lighthouse'
import { formatTable } from './measure'
import type { OpenLoopResult } from './open-loop'
import type { PurchaseBenchResult } from './purchases'
import type { ColdLoadResult } from './volume'

/** How the bench's table shows a rate and a duration. */
export const rate = (n: number) => `${Math.round(n).toLocaleString('en-GB')}/s`
export const ms = (n: number) => `${n.toFixed(1)} ms`

/** The target column: met, or missed and by how much. */
export function atLeast(value: number, target: number, unit: string): string {
  const goal = `≥ ${target.toLocaleString('en-GB')}${unit}`
  return value >= target
    ? `target ${goal}: met`
    : `target ${goal}: missed, ${((value / target) * 100).toFixed(0)}% of it`
}

export function atMost(value: number, target: number, unit: string): string {
  const goal = `≤ ${target.toLocaleString('en-GB')} ${unit}`
  return value <= target
    ? `target ${goal}: met`
    : `target ${goal}: missed, ${(value / target).toFixed(1)}× it`
}

export function coldRows(c: ColdLoadResult, entries: number): string[][] {
  const n = entries.toLocaleString('en-GB')
  return [
    [`fold of ${n} entries (${c.events.toLocaleString('en-GB')} events, in memory)`, ms(c.foldMs), ''],
    ['cold load without a snapshot (read, decode, fold)', ms(c.fullLoadMs), ''],
    [`snapshot read and decode (${(c.snapshotBytes / 1e6).toFixed(1)} MB)`, ms(c.snapshotLoadMs), ''],
    [
      `first command when cold (snapshot + ${c.tailEvents}-event tail)`,
      ms(c.firstCommandMs),
      atMost(c.firstCommandMs, 100, 'ms'),
    ],
  ]
}

export function purchaseRows(p: PurchaseBenchResult, buyers: number, on: string): string[][] {
  const failed = [...p.failures.values()].reduce((a, b) => a + b, 0)
  return [
    [
      `purchases over HTTP on ${on}, ${buyers} buyers (intent, card, confirm)`,
      rate(p.perSecond),
      atLeast(p.perSecond, 500, '/s'),
    ],
    [`purchase latency p50 (${p.purchases} purchases)`, ms(p.p50Ms), ''],
    ['purchase latency p99', ms(p.p99Ms), atMost(p.p99Ms, 100, 'ms')],
    [
      'transactions committed per purchase (reads too; services, projections, reactors)',
      p.commitsPerPurchase.toFixed(1),
      '',
    ],
    ['p50 per call: intent, card, confirm', `${p.stepP50Ms.map((n) => n.toFixed(0)).join(', ')} ms`, ''],
    [
      `oversold tickets (${p.audit.sold} sold of ${p.totalTickets}, per the stream)`,
      String(p.audit.oversold),
      '',
    ],
    [
      'ticket numbers allocated twice or out of range',
      String(p.audit.duplicateNumbers + p.audit.outOfRange),
      '',
    ],
    ['paid without tickets, refunds due', `${p.paidWithoutTickets}, ${p.audit.refundsDue}`, ''],
    ['sold_tickets in the read model', String(p.readModelSold ?? 'missing'), ''],
    ['failed purchases', String(failed), ''],
  ]
}

/** The refusals by endpoint and code, and a failing exit when tickets were oversold or doubled. */
export function reportPurchaseFailures(p: PurchaseBenchResult): void {
  for (const [what, count] of p.failures) console.log(`  failed: ${what} × ${count}`)
  const broken =
    p.audit.oversold + p.audit.duplicateNumbers + p.audit.outOfRange + p.paidWithoutTickets > 0 ||
    p.readModelSold !== p.audit.sold
  if (broken) {
    console.error('Ticket audit FAILED: see the rows above.')
    process.exitCode = 1
  }
}

/** A budget's verdict: PASS or FAIL, and the budget. */
const verdict = (ok: boolean, budget: string) => `${ok ? 'PASS' : 'FAIL'} (budget ${budget})`
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

/** A page's Lighthouse mobile figures (`page` names it), each budget with its verdict. */
export function lighthouseRows(page: string, f: LighthouseFigures): string[][] {
  const js = f.initialJs
  return [
    [
      `Lighthouse mobile, ${page} (median of ${f.runs} runs): performance`,
      String(f.performance),
      verdict(f.performance >= 95, '≥ 95'),
    ],
    ['  accessibility', String(f.accessibility), verdict(f.accessibility === 100, '100')],
    ['  best practices', String(f.bestPractices), verdict(f.bestPractices === 100, '100')],
    ['  SEO', String(f.seo), verdict(f.seo === 100, '100')],
    ['  first contentful paint', ms(f.fcpMs), ''],
    ['  largest contentful paint', ms(f.lcpMs), ''],
    ['  total blocking time', ms(f.tbtMs), ''],
    ['  cumulative layout shift', f.cls.toFixed(3), ''],
    [`initial JavaScript, ${js.files.length} files: as built`, kb(js.rawBytes), ''],
    ['  gzipped, as sent', kb(js.gzipBytes), verdict(js.gzipBytes <= 100 * 1024, '≤ 100 KB')],
    ['  brotli, as sent', kb(js.brotliBytes), ''],
  ]
}

/** What Lighthouse says holds each score back on a page, and which scripts it loads. */
export function reportLighthouseDetails(page: string, f: LighthouseFigures): void {
  if (f.limits.length > 0)
    console.log(`What limits performance on the ${page}:\n${f.limits.map((l) => `  - ${l}`).join('\n')}`)
  if (f.failures.length > 0)
    console.log(`Other failed audits on the ${page}:\n${f.failures.map((l) => `  - ${l}`).join('\n')}`)
  console.log(`Initial scripts of the ${page}: ${f.initialJs.files.join(', ')}`)
}

/** The open-loop table (issue 26): one row per arrival rate. */
export function openLoopTable(result: OpenLoopResult): string {
  const cpu = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? 'n/a' : n.toFixed(1))
  const header = [
    'arrivals/s',
    'completed/s',
    'p50',
    'p99',
    'p99, every arrival',
    'failed',
    'CPU ms/purchase: platform',
    'PostgreSQL',
    'load',
    'txns/purchase',
  ]
  const rows = result.rates.map((r) => [
    rate(r.rate),
    rate(r.completed / r.elapsedSeconds),
    ms(r.p50Ms),
    ms(r.p99Ms),
    r.p99AllMs === null ? 'over 1% failed' : ms(r.p99AllMs),
    `${(((r.offered - r.completed) / r.offered) * 100).toFixed(1)}%`,
    cpu(r.cpuMsPerPurchase.platform),
    cpu(r.cpuMsPerPurchase.postgres),
    cpu(r.cpuMsPerPurchase.load),
    r.commitsPerPurchase.toFixed(1),
  ])
  const sustainable = result.sustainableRate
  const audit = result.audit
  return [
    formatTable(header, rows),
    '',
    `sustainable rate (p99 over every arrival ≤ 100 ms): ${sustainable === undefined ? 'none of the rates' : rate(sustainable)}; ${atLeast(sustainable ?? 0, 250, '/s')}`,
    `oversold ${audit.oversold}, numbers twice or out of range ${audit.duplicateNumbers + audit.outOfRange}, refunds due ${audit.refundsDue}; sold ${audit.sold} per the stream, ${result.readModelSold ?? 'missing'} in the read model`,
    ...result.rates.flatMap((r) =>
      Object.entries(r.failures).map(([what, count]) => `  at ${rate(r.rate)} failed: ${what} × ${count}`),
    ),
  ].join('\n')
}

/** A failing exit when the open-loop run oversold, doubled a number or lost the read model. */
export function checkOpenLoop(result: OpenLoopResult): void {
  const { audit } = result
  const confirmedWithout = result.rates.reduce(
    (n, r) => n + (r.failures['confirmed without tickets'] ?? 0),
    0,
  )
  if (
    audit.oversold + audit.duplicateNumbers + audit.outOfRange + confirmedWithout > 0 ||
    result.readModelSold !== audit.sold
  ) {
    console.error('Open-loop ticket audit FAILED: see the lines above.')
    process.exitCode = 1
  }
}
