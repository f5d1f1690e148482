import type { DrawSeal, PublicRandomness, SealedRandomness } from '@prizes/contracts'
import type { CompetitionEvent } from '../competition/events'
import { type DrawCrypto, fromHex, toHex } from './crypto'
import { type AllocatedEntry, eligibleTickets, listHash } from './eligible'
import { drawIndex } from './winner'

/** A decoded competition event with its place on the stream, as the verifier is given it. */
export type RecordedCompetitionEvent = CompetitionEvent & { readonly revision: number | bigint }

export interface VerificationStep {
  readonly check: string
  readonly ok: boolean
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
 * Stops at the first mismatch, naming the event. The public randomness's own signature is
 * drand's to check (its `/public/<round>` answer); this checks its round is the sealed one.
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
  try {
    for (const event of events) applyChecked(event, replay, crypto, pass, fail)
    if (!replay.result.winner) fail('draw completed', 'The stream holds no completed draw')
    return { verdict: 'PASS', steps, ...replay.result }
  } catch (error) {
    if (!(error instanceof Mismatch)) throw error
    steps.push(error.step)
    return { verdict: 'FAIL', steps, mismatch: error.step, ...replay.result }
  }
}

type Pass = (check: string, detail: string, event?: RecordedCompetitionEvent) => void
type Fail = (check: string, detail: string, event?: RecordedCompetitionEvent) => never

function applyChecked(
  event: RecordedCompetitionEvent,
  replay: Replay,
  crypto: DrawCrypto,
  pass: Pass,
  fail: Fail,
) {
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
      checkDraw(event, replay, crypto, pass, fail)
      return
    default:
      return
  }
}

function checkDraw(
  event: Extract<RecordedCompetitionEvent, { type: 'DrawCompleted' }>,
  replay: Replay,
  crypto: DrawCrypto,
  pass: Pass,
  fail: Fail,
) {
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
