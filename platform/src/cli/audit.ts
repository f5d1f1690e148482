import { writeFile } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import { loadDrawEvents, nodeDrawCrypto, type StreamStore } from '@prizes/command-service'
import { type DrawVerification, verifyDraw } from '@prizes/domain'
import { createEventStore } from '@prizes/event-store'
import { ConfigError, databaseTimeouts, loadConfig } from '../config/config'
import { openPlatformDatabase } from '../db/platform-database'
import { createLogger } from '../logger'

/**
 * `npm run audit -- <competitionId> [--json <file>]`: replays a competition's stream from the
 * event store with the same verifier the certificate page runs, prints each step and PASS or
 * the first mismatch (exit code 0 or 1), and with `--json` writes the draw certificate. A PASS
 * whose drand value was recorded without drand's signature says the randomness is unverified
 * (still exit code 0: the draw computed from it holds; the value itself rests on the record).
 */

export interface AuditOptions {
  readonly store: Pick<StreamStore, 'readStream'>
  readonly competitionId: string
  readonly jsonPath?: string | undefined
  readonly print: (line: string) => void
}

/** The certificate: everything an auditor needs to re-run the draw, and what the verifier said. */
export function certificate(competitionId: string, result: DrawVerification) {
  return {
    competition: competitionId,
    commitment: result.commitment ?? null,
    seed: result.seed ?? null,
    seal: result.seal ?? null,
    randomness: {
      sealed: result.sealedRandomness ?? null,
      public: result.publicRandomness ?? null,
      drandSignature: result.drandSignature ?? null,
    },
    winner: result.winner ?? null,
    algorithm:
      'Eligible list: one line "<ticket> <entryId> <userId>\\n" per ticket, ordered; listHash = sha256(list). ' +
      'Winner: 32-bit big-endian values of HMAC-SHA256(seed, randomness ‖ listHash [‖ u32 counter]), rejection-sampled below the largest multiple of n. ' +
      'Randomness (drand quicknet, bls-unchained-g1-rfc9380): the signature verifies under the chain key on sha256(u64 big-endian round), DST BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_, and randomness = sha256(signature).',
    steps: result.steps,
    verdict: result.verdict,
  }
}

function describeStep(step: DrawVerification['steps'][number]): string {
  const where = step.event ? ` (${step.event.type} at revision ${step.event.revision})` : ''
  const mark = !step.ok ? '✗' : step.unverified ? '⚠' : '✓'
  return `${mark} ${step.check}: ${step.detail}${where}`
}

/** The last line: FAIL with the mismatch, or PASS, saying so when drand's value was not checked. */
function verdictLine(result: DrawVerification): string {
  const { mismatch } = result
  if (mismatch) {
    const where = mismatch.event ? ` at ${mismatch.event.type} revision ${mismatch.event.revision}` : ''
    return `FAIL: ${mismatch.detail}${where}`
  }
  if (result.drandSignature !== 'unverified') return 'PASS'
  return result.publicRandomness?.signature === undefined
    ? 'PASS (randomness unverified: no drand signature was recorded)'
    : 'PASS (randomness unverified: sealed on a drand chain this tool has no key for)'
}

/** Runs the audit; answers the exit code. */
export async function runAudit(options: AuditOptions): Promise<0 | 1> {
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
    await writeFile(options.jsonPath, `${JSON.stringify(certificate(competitionId, result), null, 2)}\n`)
    print(`Certificate written to ${options.jsonPath}`)
  }
  return result.verdict === 'PASS' ? 0 : 1
}

class UsageError extends Error {}

export function parseAuditArgs(args: readonly string[]): { competitionId: string; jsonPath?: string } {
  const [competitionId, flag, jsonPath, ...rest] = args
  const usage = 'Usage: npm run audit -- <competitionId> [--json <file>]'
  if (!competitionId || competitionId.startsWith('-') || rest.length > 0) throw new UsageError(usage)
  if (flag === undefined) return { competitionId }
  if (flag !== '--json' || !jsonPath) throw new UsageError(usage)
  return { competitionId, jsonPath }
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
