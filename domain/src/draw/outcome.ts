import type { DrawSeal, PublicRandomness, SealedRandomness } from '@prizes/contracts'
import { checkDrandBeacon } from './beacon'
import { type DrawCrypto, fromHex, toHex } from './crypto'
import { roundTime, sealedChain } from './drand'
import type { PublicTicket } from './eligible'
import { drawIndex } from './winner'

/**
 * What both verifiers share: the steps they record, the verdict those give, and the checks of
 * the draw itself (seed, round, its timing, drand's signature, the winner), which need only
 * what the public certificate shows. `verify.ts` replays the whole log (the audit);
 * `certificate.ts` checks the public certificate (the browser).
 */

/** Where a check was made: the stream event, or a part of the public certificate. */
export interface StepPlace {
  readonly type: string
  readonly revision: string
}

export interface VerificationStep {
  readonly check: string
  /** False only for the mismatch that ends the replay. */
  readonly ok: boolean
  /**
   * A check that could not be made (the drand value was recorded without its signature): no
   * mismatch, so `ok` stays true, but no pass either; shown as a warning, and the verdict is
   * UNVERIFIED rather than PASS.
   */
  readonly unverified?: true
  readonly detail: string
  /** The event the check was made at; a failing step names the event that does not hold. */
  readonly event?: StepPlace
}

/**
 * PASS: every check held. UNVERIFIED: nothing contradicts the record, but a check could not be
 * made (no drand signature was recorded, so the value rests on the record alone; or the public
 * certificate of a list sealed before version 2). FAIL: the first mismatch, named.
 */
export type Verdict = 'PASS' | 'UNVERIFIED' | 'FAIL'

export interface DrawVerification {
  readonly verdict: Verdict
  readonly steps: readonly VerificationStep[]
  /** The first failing step, when the verdict is FAIL. */
  readonly mismatch?: VerificationStep
  readonly competitionId?: string
  readonly commitment?: string
  readonly seed?: string
  readonly seal?: DrawSeal
  readonly sealedRandomness?: SealedRandomness
  readonly publicRandomness?: PublicRandomness
  /**
   * Whether the public randomness was checked against drand's signature: `verified` when the
   * recorded signature is the chain's on the sealed round and the value is sha256 of it,
   * `unverified` when there was nothing to check it with (no signature recorded, or a chain the
   * verifier has no key for).
   */
  readonly drandSignature?: 'verified' | 'unverified'
  /**
   * The round was sealed on the TEST drand chain (`testDrandChain`), whose secret key is public:
   * its checks can all hold (PASS), but anyone could have known or made its value, so it is not
   * a real-money draw; every verifier says so beside the verdict.
   */
  readonly testChain?: true
  /** The winning ticket and its entry's reference; the audit adds the entry and user ids. */
  readonly winner?: {
    readonly ticketNumber: number
    readonly entryReference: string
    readonly entryId?: string
    readonly userId?: string
  }
}

export class Mismatch extends Error {
  constructor(readonly step: VerificationStep) {
    super(step.detail)
  }
}

type Note = (check: string, detail: string, at?: StepPlace) => void
export type Fail = (check: string, detail: string, at?: StepPlace) => never

/** How a check is written down: passed, could not be made (a warning), or the mismatch. */
export interface Recorder {
  readonly steps: VerificationStep[]
  readonly pass: Note
  readonly warn: Note
  readonly fail: Fail
}

export function recorder(): Recorder {
  const steps: VerificationStep[] = []
  const place = (at?: StepPlace) => (at ? { event: { type: at.type, revision: at.revision } } : {})
  return {
    steps,
    pass: (check, detail, at) => void steps.push({ check, ok: true, detail, ...place(at) }),
    warn: (check, detail, at) => void steps.push({ check, ok: true, unverified: true, detail, ...place(at) }),
    fail: (check, detail, at) => {
      throw new Mismatch({ check, ok: false, detail, ...place(at) })
    },
  }
}

type Findings = Omit<DrawVerification, 'verdict' | 'steps' | 'mismatch'>

/**
 * Runs `checks`, turning the first Mismatch into a FAIL; UNVERIFIED when a step was a warning.
 * Marks a draw sealed on the TEST chain (`testChain`), whatever the verdict.
 */
export function verdictOf(record: Recorder, findings: Findings, checks: () => void): DrawVerification {
  const { steps } = record
  const marked = () => {
    const sealed = findings.sealedRandomness
    return sealed && sealedChain(sealed)?.testOnly ? { ...findings, testChain: true as const } : findings
  }
  try {
    checks()
  } catch (error) {
    if (!(error instanceof Mismatch)) throw error
    steps.push(error.step)
    return { verdict: 'FAIL', steps, mismatch: error.step, ...marked() }
  }
  return { verdict: steps.some((step) => step.unverified) ? 'UNVERIFIED' : 'PASS', steps, ...marked() }
}

/** The draw as recorded, and the list it was drawn from (in list order). */
export interface DrawnFacts {
  readonly commitment: string
  readonly seed: string
  readonly sealedRandomness: SealedRandomness
  readonly publicRandomness: PublicRandomness
  readonly listHash: string
  readonly list: readonly PublicTicket[]
  readonly winningTicket: number
  readonly attempts: number
  /** When the list was sealed and the draw made, as recorded; a check is left out without them. */
  readonly closedAt?: string | undefined
  readonly drawnAt?: string | undefined
}

/**
 * The checks of the draw: `sha256(seed)` is the commitment; the round is the sealed one; it was
 * published after the seal and before the draw (so nobody knew it when the list was fixed, and
 * the value recorded could be drand's); the drand signature; and the algorithm draws the
 * recorded ticket in the recorded attempts. Answers the winning ticket of the list.
 */
export function checkOutcome(
  facts: DrawnFacts,
  crypto: DrawCrypto,
  record: Recorder,
  at?: StepPlace,
): { ticket: PublicTicket; index: number; drandSignature: 'verified' | 'unverified' } {
  const { pass } = record
  // Annotated, so the compiler knows a call does not return.
  const fail: Fail = record.fail
  const { seed, commitment, sealedRandomness, publicRandomness, list, winningTicket, attempts } = facts
  const revealed = toHex(crypto.sha256(fromHex(seed)))
  if (revealed !== commitment)
    fail('seed revealed', `sha256(seed) is ${revealed}, the commitment ${commitment}`, at)
  pass('seed revealed', `sha256(${seed}) matches the commitment`, at)
  const { round } = publicRandomness
  if (round !== sealedRandomness.round) {
    fail('public randomness', `Round ${round} used, round ${sealedRandomness.round} sealed`, at)
  }
  pass('public randomness', `drand round ${round} as sealed`, at)
  checkTiming(facts, record, at)
  const drandSignature = checkDrandSignature(publicRandomness, sealedRandomness, crypto, record, at)
  const drawn = drawIndex(
    { seed, randomness: publicRandomness.value, listHash: facts.listHash, size: list.length },
    crypto,
  )
  const ticket = list[drawn.index]
  if (!ticket || ticket.ticketNumber !== winningTicket || drawn.attempts !== attempts) {
    fail(
      'winner',
      `The algorithm draws ticket ${ticket?.ticketNumber} in ${drawn.attempts} attempts, the record ticket ${winningTicket} in ${attempts}`,
      at,
    )
  }
  pass(
    'winner',
    `Ticket ${winningTicket} of entry ${ticket.entryReference} (position ${drawn.index} of ${list.length}, ${attempts} attempts)`,
    at,
  )
  return { ticket, index: drawn.index, drandSignature }
}

/**
 * The round was published after the list was sealed (else its value was known when the list
 * was fixed) and no later than the draw (else the value recorded cannot have been drand's).
 */
function checkTiming(facts: DrawnFacts, record: Recorder, at: StepPlace | undefined) {
  const fail: Fail = record.fail
  const { sealedRandomness, closedAt, drawnAt } = facts
  const { round } = sealedRandomness
  const chain = sealedChain(sealedRandomness)
  if (!chain) {
    record.warn(
      'round timing',
      `Unverified: drand chain ${sealedRandomness.chainHash} is not one this verifier knows, so it cannot tell when round ${round} was published`,
      at,
    )
    return
  }
  const published = roundTime(round, chain)
  if (closedAt !== undefined && published.getTime() <= Date.parse(closedAt)) {
    fail(
      'round timing',
      `drand round ${round} was published at ${published.toISOString()}, before the list was sealed at ${closedAt}: its value could be known when the list was fixed`,
      at,
    )
  }
  if (drawnAt !== undefined && published.getTime() > Date.parse(drawnAt)) {
    fail(
      'round timing',
      `The draw was recorded at ${drawnAt}, before drand published round ${round} at ${published.toISOString()}: the value used cannot have been drand's`,
      at,
    )
  }
  record.pass(
    'round timing',
    `drand round ${round} was published at ${published.toISOString()}${closedAt ? `, after the seal at ${closedAt}` : ''}${drawnAt ? `, before the draw at ${drawnAt}` : ''}`,
    at,
  )
}

/**
 * The drand steps: with a recorded signature, `drand signature` (the chain's BLS signature on
 * the sealed round) then `drand randomness` (the value is sha256 of the signature), either of
 * which can be the mismatch; without one, a warning that the value cannot be checked against
 * drand. The round itself was checked against the seal just before.
 */
function checkDrandSignature(
  publicRandomness: PublicRandomness,
  sealed: SealedRandomness,
  crypto: DrawCrypto,
  record: Recorder,
  at: StepPlace | undefined,
): 'verified' | 'unverified' {
  const { pass, warn } = record
  const fail: Fail = record.fail
  const { round, value, signature } = publicRandomness
  if (signature === undefined) {
    warn(
      'drand signature',
      `Unverified: the value of drand round ${round} was recorded without drand's signature (entered by hand, or drawn before signatures were kept), so it cannot be checked against drand here; compare it with drand's published round ${round}`,
      at,
    )
    return 'unverified'
  }
  const chain = sealedChain(sealed)
  if (!chain) {
    warn(
      'drand signature',
      `Unverified: the round was sealed on drand chain ${sealed.chainHash}, which this verifier has no public key for`,
      at,
    )
    return 'unverified'
  }
  const check = checkDrandBeacon({ round, signature, randomness: value }, chain, crypto)
  if (!check.ok && check.failure === 'signature') fail('drand signature', check.detail, at)
  pass(
    'drand signature',
    chain.testOnly
      ? `The TEST drand chain's BLS signature on round ${round} verifies under its ${chain.scheme} key (chain ${chain.chainHash}). TEST MODE: that chain's secret key is public, so anyone could have known or made this value: not a real-money draw`
      : `drand's BLS signature on round ${round} verifies under the ${chain.scheme} group key of chain ${chain.chainHash}`,
    at,
  )
  if (!check.ok) fail('drand randomness', check.detail, at)
  const whose = chain.testOnly ? "the TEST chain's" : "drand's"
  pass('drand randomness', `The value is sha256(signature), ${whose} randomness for round ${round}`, at)
  return 'verified'
}
