import { writeFile } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import { loadDrawEvents, nodeDrawCrypto, type StreamStore } from '@prizes/command-service'
import {
  type DrawVerification,
  publicCertificateOf,
  type RecordedCompetitionEvent,
  testChainNotice,
  verifyDraw,
} from '@prizes/domain'
import { createEventStore } from '@prizes/event-store'
import {
  ConfigError,
  createLogger,
  databaseTimeouts,
  loadConfig,
  openPlatformDatabase,
} from '@prizes/platform'

/**
 * `npm run audit -- <competitionId> [--json <file>] [--allow-unverified]`: replays a
 * competition's whole stream from the event store (allocations, answers, refunds, the seal in
 * either list version, the draw, who holds the winning ticket), prints each step and the
 * verdict, and with `--json` writes the public draw certificate (the one the API serves, built
 * from the log: no one's identity) with the verdict. Exit codes: see `auditUsage`. A draw
 * sealed on the TEST drand chain (TEST MODE) says so on its verdict line and in the file
 * (`testChain`), and never exits 0: its checks can all hold, but that chain's secret key is
 * public, so a script taking exit 0 for a fair draw must not take it for one.
 */

const auditUsage = [
  'Usage: npm run audit -- <competitionId> [--json <file>] [--allow-unverified]',
  'Exit codes:',
  "  0  PASS: every check holds, drand's signature on the randomness included",
  '  1  FAIL: a check does not hold (the verdict line names it), or the audit could not run',
  "  2  UNVERIFIED: drand's value was recorded without its signature (0 with --allow-unverified),",
  '     or the draw was sealed on the TEST drand chain (TEST MODE), whatever its checks say',
].join('\n')

export interface AuditOptions {
  readonly store: Pick<StreamStore, 'readStream'>
  readonly competitionId: string
  readonly jsonPath?: string | undefined
  /** Exit 0 on UNVERIFIED too. */
  readonly allowUnverified?: boolean | undefined
  readonly print: (line: string) => void
}

/**
 * The certificate file: the public certificate (everything anyone needs to re-run the draw, no
 * one's identity), what the audit of the whole log said, and the algorithm in words.
 */
export function certificate(events: readonly RecordedCompetitionEvent[], result: DrawVerification) {
  return {
    certificate: publicCertificateOf(events) ?? null,
    verdict: result.verdict,
    randomness: result.drandSignature ?? null,
    testChain: result.testChain ?? false,
    algorithm:
      'Eligible list (list version 2): one line "<ticket> <entryReference>\\n" per ticket, ordered by ticket; listHash = sha256(list). ' +
      'Seals made before version 2 hashed "<ticket> <entryId> <userId>\\n" lines, which only the audit of the log can check. ' +
      'Winner: 32-bit big-endian values of HMAC-SHA256(seed, randomness ‖ listHash [‖ u32 counter]), rejection-sampled below the largest multiple of n. ' +
      'Randomness (drand quicknet, or in TEST MODE the TEST chain, both bls-unchained-g1-rfc9380): the signature verifies under the chain key on sha256(u64 big-endian round), DST BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_, and randomness = sha256(signature).',
  }
}

function describeStep(step: DrawVerification['steps'][number]): string {
  const where = step.event ? ` (${step.event.type} at revision ${step.event.revision})` : ''
  const mark = !step.ok ? '✗' : step.unverified ? '⚠' : '✓'
  return `${mark} ${step.check}: ${step.detail}${where}`
}

/** The last line: FAIL with the mismatch, UNVERIFIED with what could not be checked, or PASS. */
function verdictLine(result: DrawVerification): string {
  const { mismatch } = result
  if (mismatch) {
    const where = mismatch.event ? ` at ${mismatch.event.type} revision ${mismatch.event.revision}` : ''
    return `FAIL: ${mismatch.detail}${where}`
  }
  if (result.verdict === 'PASS') {
    return result.testChain
      ? `PASS on the TEST drand chain only (exit code 2, not 0): ${testChainNotice}`
      : 'PASS'
  }
  const unchecked = result.steps.filter((step) => step.unverified).map((step) => step.check)
  const why =
    result.drandSignature === 'unverified' && result.publicRandomness?.signature === undefined
      ? 'no drand signature was recorded, so the randomness rests on the record alone'
      : `could not check: ${unchecked.join(', ')}`
  const testChain = result.testChain ? `; sealed on the TEST drand chain (${testChainNotice})` : ''
  return `UNVERIFIED (${why}); every other check holds${testChain}`
}

const exitCodes = { PASS: 0, FAIL: 1, UNVERIFIED: 2 } as const

/** Runs the audit; answers the exit code. */
export async function runAudit(options: AuditOptions): Promise<0 | 1 | 2> {
  const { competitionId, print } = options
  const events = await loadDrawEvents(options.store, competitionId)
  if (events.length === 0) {
    print(`No competition ${competitionId} in the event store`)
    return 1
  }
  print(`Auditing competition ${competitionId}: ${events.length} events`)
  const result = verifyDraw(events, nodeDrawCrypto)
  for (const step of result.steps) print(describeStep(step))
  print(verdictLine(result))
  if (options.jsonPath) {
    await writeFile(options.jsonPath, `${JSON.stringify(certificate(events, result), null, 2)}\n`)
    print(`Certificate written to ${options.jsonPath}`)
  }
  // Not even --allow-unverified lets a TEST chain draw exit 0 as if it were a real-money one.
  if (result.verdict !== 'FAIL' && result.testChain) return 2
  if (result.verdict === 'UNVERIFIED' && options.allowUnverified) {
    print('Accepted as unverified (--allow-unverified)')
    return 0
  }
  return exitCodes[result.verdict]
}

class UsageError extends Error {}

export function parseAuditArgs(args: readonly string[]): {
  competitionId: string
  jsonPath?: string
  allowUnverified?: true
} {
  const [competitionId, ...flags] = args
  if (!competitionId || competitionId.startsWith('-')) throw new UsageError(auditUsage)
  const parsed: { competitionId: string; jsonPath?: string; allowUnverified?: true } = { competitionId }
  for (let i = 0; i < flags.length; i++) {
    const flag = flags[i]
    if (flag === '--allow-unverified' && !parsed.allowUnverified) parsed.allowUnverified = true
    else if (flag === '--json' && parsed.jsonPath === undefined) {
      const path = flags[++i]
      if (!path || path.startsWith('--')) throw new UsageError(auditUsage)
      parsed.jsonPath = path
    } else throw new UsageError(auditUsage)
  }
  return parsed
}

async function main(): Promise<number> {
  const args = parseAuditArgs(process.argv.slice(2))
  const config = loadConfig()
  const logger = createLogger({ level: config.LOG_LEVEL, name: 'audit' })
  const database = await openPlatformDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    preferredPort: config.EMBEDDED_PG_PORT,
    joinRunning: true,
  })
  const store = createEventStore({
    databaseUrl: database.url,
    eventStoreUrl: config.EVENTSTORE_URL,
    logger,
    timeouts: databaseTimeouts(config, 'job'),
  })
  try {
    return await runAudit({ store, ...args, print: (line) => console.log(line) })
  } finally {
    await store.close()
    await database.stop()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof ConfigError || error instanceof UsageError ? error.message : error)
      process.exit(1)
    },
  )
}
