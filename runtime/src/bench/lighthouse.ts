import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { quantile } from './measure'
import { spawnPlatform } from './spawn-platform'

/** Lighthouse's figures for one page, mobile (its default: a mid-range phone on slow 4G, simulated). */
export interface LighthouseFigures {
  readonly url: string
  /** Scores 0–100 by category. */
  readonly performance: number
  readonly accessibility: number
  readonly bestPractices: number
  readonly seo: number
  readonly fcpMs: number
  readonly lcpMs: number
  readonly tbtMs: number
  readonly cls: number
  /** The performance audits that did not pass, worst first: what limits the score. */
  readonly limits: readonly string[]
  /** The other categories' failed audits, so a score under 100 says why. */
  readonly failures: readonly string[]
  /** The scripts the page loaded before any interaction. */
  readonly initialJs: InitialJs
  readonly runs: number
}

export interface InitialJs {
  readonly files: readonly string[]
  /** Bytes of the files as built, as sent gzipped, as sent with brotli. */
  readonly rawBytes: number
  readonly gzipBytes: number
  readonly brotliBytes: number
}

interface Audit {
  readonly title: string
  readonly score: number | null
  readonly scoreDisplayMode?: string
  readonly displayValue?: string
  readonly numericValue?: number
  readonly details?: { readonly items?: readonly Record<string, unknown>[] }
}
interface Category {
  readonly score: number | null
  readonly auditRefs: readonly { readonly id: string; readonly weight: number }[]
}
interface LighthouseResult {
  readonly categories: Record<string, Category>
  readonly audits: Record<string, Audit>
}

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const chromeFlags = '--headless=new --no-sandbox --disable-gpu'
const cli = fileURLToPath(import.meta.resolve('lighthouse/cli/index.js'))

/** One Lighthouse run by its CLI on Debian's Chromium, its result read from a file. */
async function runLighthouse(url: string): Promise<LighthouseResult> {
  const dir = await mkdtemp(path.join(tmpdir(), 'prizes-lighthouse-'))
  try {
    const output = path.join(dir, 'report.json')
    const child = spawn(
      process.execPath,
      [
        cli,
        url,
        '--output=json',
        `--output-path=${output}`,
        '--quiet',
        `--chrome-flags=${chromeFlags}`,
        '--only-categories=performance,accessibility,best-practices,seo',
      ],
      { env: { ...process.env, CHROME_PATH: chromePath }, stdio: ['ignore', 'ignore', 'inherit'] },
    )
    const [code] = (await once(child, 'exit')) as [number | null]
    if (code !== 0) throw new Error(`lighthouse exited with ${code}`)
    return JSON.parse(await readFile(output, 'utf8')) as LighthouseResult
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** The size of an answer's body as it crossed the wire, in `encoding`. */
function transferredBytes(url: string, encoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      let bytes = 0
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length
      })
      res.on('end', () =>
        res.statusCode === 200 ? resolve(bytes) : reject(new Error(`${url}: ${res.statusCode}`)),
      )
      res.on('error', reject)
    })
    request.setTimeout(10_000, () => request.destroy(new Error(`${url}: no answer in 10 s`)))
    request.on('error', reject)
  })
}

/** The scripts Lighthouse saw the page load, measured as sent: as is, gzipped, with brotli. */
async function initialJsOf(result: LighthouseResult, origin: string): Promise<InitialJs> {
  const items = result.audits['network-requests']?.details?.items ?? []
  const files = [
    ...new Set(
      items
        .filter((item) => item.resourceType === 'Script' && String(item.url).startsWith(origin))
        .map((item) => String(item.url)),
    ),
  ]
  const sizes = await Promise.all(
    files.map(async (file) => ({
      raw: await transferredBytes(file, 'identity'),
      gzip: await transferredBytes(file, 'gzip'),
      brotli: await transferredBytes(file, 'br'),
    })),
  )
  const sum = (pick: (s: (typeof sizes)[number]) => number) => sizes.reduce((a, s) => a + pick(s), 0)
  return {
    files: files.map((file) => new URL(file).pathname),
    rawBytes: sum((s) => s.raw),
    gzipBytes: sum((s) => s.gzip),
    brotliBytes: sum((s) => s.brotli),
  }
}

const score = (category: Category | undefined) => Math.round((category?.score ?? 0) * 100)

/** A category's audits that did not pass, heaviest first, with what Lighthouse says of them. */
function failedAudits(result: LighthouseResult, category: string): string[] {
  const refs = [...(result.categories[category]?.auditRefs ?? [])].sort((a, b) => b.weight - a.weight)
  return refs.flatMap(({ id }) => {
    const audit = result.audits[id]
    if (!audit || audit.score === null || audit.score >= 0.9) return []
    if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable') return []
    // Chrome's issues (a cookie, a CSP report, a deprecated API) name their kind in each item.
    // Some audits' details hold no list (an insight's tree): nothing to name then.
    const items = Array.isArray(audit.details?.items) ? audit.details.items : []
    const kinds = [...new Set(items.map((item) => item.issueType).filter(Boolean))]
    const said = audit.displayValue ?? (kinds.length > 0 ? kinds.join(', ') : undefined)
    return [`${category}: ${audit.title}${said ? ` (${said})` : ''}`]
  })
}

/**
 * Lighthouse on `url` `runs` times; the run with the median performance score is reported, as
 * Lighthouse's own guidance has it (one run on a shared machine is noisy).
 */
export async function benchLighthouse(url: string, runs = 3): Promise<LighthouseFigures> {
  const results: LighthouseResult[] = []
  for (let i = 0; i < runs; i += 1) results.push(await runLighthouse(url))
  const median = quantile(
    results.map((r) => score(r.categories.performance)),
    0.5,
  )
  const result =
    results.find((r) => score(r.categories.performance) === median) ?? (results[0] as LighthouseResult)
  const metric = (id: string) => result.audits[id]?.numericValue ?? Number.NaN
  return {
    url,
    performance: score(result.categories.performance),
    accessibility: score(result.categories.accessibility),
    bestPractices: score(result.categories['best-practices']),
    seo: score(result.categories.seo),
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    limits: failedAudits(result, 'performance'),
    failures: ['accessibility', 'best-practices', 'seo'].flatMap((c) => failedAudits(result, c)),
    initialJs: await initialJsOf(result, new URL(url).origin),
    runs,
  }
}

const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url))

/** A demo competition's page: the first featured one's, as the home page links to it. */
async function competitionPageOf(platformUrl: string): Promise<string> {
  const res = await fetch(`${platformUrl}/api/competitions/featured`)
  const body = (await res.json()) as { competitions?: { id: string }[] }
  const first = body.competitions?.[0]
  if (!res.ok || !first) throw new Error('No featured competition to measure the page of')
  return `${platformUrl}/competitions/${first.id}`
}

/**
 * The home page and a competition's page as a phone sees them: the web app built for
 * production, then a platform of its own on `databaseUrl` (an empty database) with the demo
 * competitions seeded, each measured by Lighthouse.
 */
export async function benchPages(
  databaseUrl: string,
  runs: number,
): Promise<{ home: LighthouseFigures; competition: LighthouseFigures }> {
  const build = spawn('npm', ['run', 'build:web'], {
    cwd: repositoryRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const [code] = (await once(build, 'exit')) as [number | null]
  if (code !== 0) throw new Error(`npm run build:web exited with ${code}`)
  const platform = await spawnPlatform(databaseUrl, { BENCH_SEED_DEMO_DATA: 'true' })
  try {
    const home = await benchLighthouse(`${platform.url}/`, runs)
    const competition = await benchLighthouse(await competitionPageOf(platform.url), runs)
    return { home, competition }
  } finally {
    await platform.stop()
  }
}
