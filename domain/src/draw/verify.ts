import type { DrawSeal, PublicRandomness, SealedRandomness } from '@prizes/contracts'
import type { CompetitionEvent } from '../competition/events'
import { checkDrandBeacon } from './beacon'
import { type DrawCrypto, fromHex, toHex } from './crypto'
import { sealedChain } from './drand'
import { type AllocatedEntry, eligibleTickets, listHash } from './eligible'
import { drawIndex } from './winner'

/** A decoded competition event with its place on the stream, as the verifier is given it. */
export type RecordedCompetitionEvent = CompetitionEvent & { readonly revision: number | bigint }

export interface VerificationStep {
  readonly check: string
  /** False only for the mismatch that ends the replay. */
  readonly ok: boolean
  /**
   * A check that could not be made (the drand value was recorded without its signature): no
   * mismatch, so `ok` stays true, but no pass either; shown as a warning.
   */
  readonly unverified?: true
  readonly detail: string
  /** The event the check was made at; a failing step names the event that does not hold. */
  readonly event?: { readonly type: string; readonly revision: string }
}

export interface DrawVerification {
  readonly verdict: 'PASS' | 'FAIL'
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
   * verifier has no key for). A PASS is about the draw computed from that value; an unverified
   * value rests on the record alone, and says so.
   */
  readonly drandSignature?: 'verified' | 'unverified'
  readonly winner?: { readonly ticketNumber: number; readonly entryId: string; readonly userId: string }
}

class Mismatch extends Error {
  constructor(readonly step: VerificationStep) {
    super(step.detail)
  }
}

type Findings = Omit<DrawVerification, 'verdict' | 'steps' | 'mismatch'>

interface Replay {
  correctAnswer?: string
  nextNumber: number
  entries: Map<string, AllocatedEntry>
  result: { -readonly [K in keyof Findings]: Findings[K] }
  closed: boolean
}

function at(event: RecordedCompetitionEvent) {
  return { type: event.type, revision: String(event.revision) }
}

/**
 * Replays a competition's events and checks, step by step, that its draw was fair: the seed
 * revealed is the one committed to at publication; every allocation was numbered in turn and
 * marked correct exactly when its answer was; the seal at close is the eligible list those
 * allocations and refunds give; the winner is what the algorithm picks from (seed, public
 * randomness, list hash); and the winning ticket belongs to the recorded entry and user.
 * Stops at the first mismatch, naming the event. The public randomness must be for the round
 * sealed at close and, when its drand signature was recorded, that signature must be the
 * chain's BLS signature on that round with the value sha256 of it; without one, a warning step
 * says the value could not be checked against drand (`drandSignature: 'unverified'`).
 */
export function verifyDraw(
  events: readonly RecordedCompetitionEvent[],
  crypto: DrawCrypto,
): DrawVerification {
  const steps: VerificationStep[] = []
  const replay: Replay = { nextNumber: 1, entries: new Map(), result: {}, closed: false }
  const pass = (check: string, detail: string, event?: RecordedCompetitionEvent) => {
    steps.push({ check, ok: true, detail, ...(event ? { event: at(event) } : {}) })
  }
  const fail = (check: string, detail: string, event?: RecordedCompetitionEvent): never => {
    throw new Mismatch({ check, ok: false, detail, ...(event ? { event: at(event) } : {}) })
  }
  const warn = (check: string, detail: string, event?: RecordedCompetitionEvent) => {
    steps.push({ check, ok: true, unverified: true, detail, ...(event ? { event: at(event) } : {}) })
  }
  const record: Recorder = { pass, warn, fail }
  try {
    for (const event of events) applyChecked(event, replay, crypto, record)
    if (!replay.result.winner) fail('draw completed', 'The stream holds no completed draw')
    return { verdict: 'PASS', steps, ...replay.result }
  } catch (error) {
    if (!(error instanceof Mismatch)) throw error
    steps.push(error.step)
    return { verdict: 'FAIL', steps, mismatch: error.step, ...replay.result }
  }
}

type Note = (check: string, detail: string, event?: RecordedCompetitionEvent) => void

type Fail = (check: string, detail: string, event?: RecordedCompetitionEvent) => never

/** How a check is written down: passed, could not be made (a warning), or the mismatch. */
interface Recorder {
  readonly pass: Note
  readonly warn: Note
  readonly fail: Fail
}

function applyChecked(event: RecordedCompetitionEvent, replay: Replay, crypto: DrawCrypto, record: Recorder) {
  const { pass } = record
  // Annotated, so the compiler knows a call does not return.
  const fail: Fail = record.fail
  const { result } = replay
  switch (event.type) {
    case 'CompetitionCreated':
    case 'CompetitionRevised':
      replay.correctAnswer = event.data.details.skillQuestion.correct
      if (event.type === 'CompetitionCreated') result.competitionId = event.data.competitionId
      return
    case 'CompetitionPublished': {
      const { seedCommitment } = event.data
      if (seedCommitment === undefined) fail('seed committed', 'Published without a seed commitment', event)
      result.commitment = seedCommitment
      pass('seed committed', `sha256(seed) = ${seedCommitment}`, event)
      return
    }
    case 'TicketsAllocated': {
      if (replay.closed) fail('allocation before close', 'Tickets allocated after the seal', event)
      const { entryId, userId, ticketNumbers, answer, answerCorrect } = event.data
      const expected = ticketNumbers.map((_, i) => replay.nextNumber + i)
      if (ticketNumbers.join() !== expected.join()) {
        fail(
          'tickets numbered in turn',
          `Ticket numbers ${ticketNumbers.join(', ')}, expected ${expected.join(', ')}`,
          event,
        )
      }
      const correct = answer === replay.correctAnswer
      if (answerCorrect !== correct) {
        fail(
          'answer marked as given',
          `answerCorrect is ${answerCorrect} for the answer "${answer}", expected ${correct}`,
          event,
        )
      }
      replay.nextNumber += ticketNumbers.length
      replay.entries.set(entryId, { entryId, userId, ticketNumbers, answerCorrect, refunded: false })
      return
    }
    case 'EntryRefunded': {
      const entry = replay.entries.get(event.data.entryId)
      if (entry && !replay.closed) replay.entries.set(entry.entryId, { ...entry, refunded: true })
      return
    }
    case 'CompetitionClosed': {
      const list = eligibleTickets(replay.entries.values())
      const hash = listHash(list, crypto)
      const { seal, randomness } = event.data
      replay.closed = true
      result.seal = seal
      result.sealedRandomness = randomness
      if (seal.eligibleTickets !== list.length) {
        fail(
          'seal',
          `The seal counts ${seal.eligibleTickets} eligible tickets, the allocations give ${list.length}`,
          event,
        )
      }
      if (seal.listHash !== hash)
        fail('seal', `The seal's list hash is ${seal.listHash}, the allocations give ${hash}`, event)
      pass(
        'seal',
        `${list.length} eligible tickets, list hash ${hash}; drand round ${randomness.round} named`,
        event,
      )
      return
    }
    case 'DrawCompleted':
      checkDraw(event, replay, crypto, record)
      return
    default:
      return
  }
}

type DrawCompletedEvent = Extract<RecordedCompetitionEvent, { type: 'DrawCompleted' }>

function checkDraw(event: DrawCompletedEvent, replay: Replay, crypto: DrawCrypto, record: Recorder) {
  const { pass } = record
  // Annotated, so the compiler knows a call does not return.
  const fail: Fail = record.fail
  const { result } = replay
  const { seed, publicRandomness, winningTicket, winningEntryId, winnerUserId, attempts } = event.data
  result.seed = seed
  result.publicRandomness = publicRandomness
  const { seal, sealedRandomness, commitment } = result
  if (!seal || !sealedRandomness)
    return fail('sealed before the draw', 'The draw has no seal before it', event)
  const revealed = toHex(crypto.sha256(fromHex(seed)))
  if (revealed !== commitment)
    fail('seed revealed', `sha256(seed) is ${revealed}, the commitment ${commitment}`, event)
  pass('seed revealed', `sha256(${seed}) matches the commitment`, event)
  if (publicRandomness.round !== sealedRandomness.round) {
    fail(
      'public randomness',
      `Round ${publicRandomness.round} used, round ${sealedRandomness.round} sealed`,
      event,
    )
  }
  pass('public randomness', `drand round ${publicRandomness.round} as sealed`, event)
  result.drandSignature = checkDrandSignature(event, sealedRandomness, crypto, record)
  const list = eligibleTickets(replay.entries.values())
  const drawn = drawIndex(
    { seed, randomness: publicRandomness.value, listHash: seal.listHash, size: list.length },
    crypto,
  )
  const ticket = list[drawn.index]
  if (!ticket || ticket.ticketNumber !== winningTicket || drawn.attempts !== attempts) {
    fail(
      'winner',
      `The algorithm draws ticket ${ticket?.ticketNumber} in ${drawn.attempts} attempts, the event ticket ${winningTicket} in ${attempts}`,
      event,
    )
  }
  pass(
    'winner',
    `Ticket ${winningTicket} (position ${drawn.index} of ${list.length}, ${attempts} attempts)`,
    event,
  )
  if (ticket.entryId !== winningEntryId || ticket.userId !== winnerUserId) {
    fail(
      'winner owns the ticket',
      `Ticket ${winningTicket} belongs to entry ${ticket.entryId} of ${ticket.userId}, not ${winningEntryId} of ${winnerUserId}`,
      event,
    )
  }
  pass('winner owns the ticket', `Entry ${winningEntryId}, user ${winnerUserId}`, event)
  result.winner = { ticketNumber: winningTicket, entryId: winningEntryId, userId: winnerUserId }
}

/**
 * The drand steps: with a recorded signature, `drand signature` (the chain's BLS signature on
 * the sealed round) then `drand randomness` (the value is sha256 of the signature), either of
 * which can be the mismatch; without one, a warning that the value cannot be checked against
 * drand. The round itself was checked against the seal just before.
 */
function checkDrandSignature(
  event: DrawCompletedEvent,
  sealed: SealedRandomness,
  crypto: DrawCrypto,
  record: Recorder,
): 'verified' | 'unverified' {
  const { pass, warn } = record
  const fail: Fail = record.fail
  const { round, value, signature } = event.data.publicRandomness
  if (signature === undefined) {
    warn(
      'drand signature',
      `Unverified: the value of drand round ${round} was recorded without drand's signature (entered by hand, or drawn before signatures were kept), so it cannot be checked against drand here; compare it with drand's published round ${round}`,
      event,
    )
    return 'unverified'
  }
  const chain = sealedChain(sealed)
  if (!chain) {
    warn(
      'drand signature',
      `Unverified: the round was sealed on drand chain ${sealed.chainHash}, which this verifier has no public key for`,
      event,
    )
    return 'unverified'
  }
  const check = checkDrandBeacon({ round, signature, randomness: value }, chain, crypto)
  if (!check.ok && check.failure === 'signature') fail('drand signature', check.detail, event)
  pass(
    'drand signature',
    `drand's BLS signature on round ${round} verifies under the ${chain.scheme} group key of chain ${chain.chainHash}`,
    event,
  )
  if (!check.ok) fail('drand randomness', check.detail, event)
  pass('drand randomness', `The value is sha256(signature), drand's randomness for round ${round}`, event)
  return 'verified'
}
