import { skillQuestionPoolOf } from '@prizes/contracts'
import type { CompetitionEvent } from '../competition/events'
import type { DrawCrypto } from './crypto'
import { type AllocatedEntry, eligibleTickets, listHash, listVersionOf } from './eligible'
import { checkOutcome, type DrawVerification, type Fail, type Recorder, recorder, verdictOf } from './outcome'

/**
 * A decoded competition event with its place on the stream, as the verifier is given it, and
 * when it happened (the envelope's `occurredAt`), which the timing check needs; without it that
 * part of the check is left out.
 */
export type RecordedCompetitionEvent = CompetitionEvent & {
  readonly revision: number | bigint
  readonly occurredAt?: string
}

type Findings = {
  -readonly [K in keyof Omit<DrawVerification, 'verdict' | 'steps' | 'mismatch'>]: DrawVerification[K]
}

interface Replay {
  /** Each question's correct answer, first to last (issue 24: a competition has a pool). */
  correctAnswers: readonly string[]
  nextNumber: number
  entries: Map<string, AllocatedEntry>
  result: Findings
  closedAt?: string
  closed: boolean
  /** A postal entry recorded after the seal, which a new seal must cover before the draw. */
  resealDue: boolean
}

function at(event: RecordedCompetitionEvent) {
  return { type: event.type, revision: String(event.revision) }
}

/**
 * Replays a competition's events and checks, step by step, that its draw was fair: the seed
 * revealed is the one committed to at publication; every allocation was numbered in turn and
 * marked correct exactly when its answer was; the seal at close is the eligible list those
 * allocations and refunds give (in the seal's list version); the draw's own checks
 * (`checkOutcome`: the seed, the sealed round and its timing, drand's signature, the winner);
 * and the winning ticket belongs to the recorded entry and user. Stops at the first mismatch,
 * naming the event. This is the audit's replay of the whole log; the public certificate, which
 * shows no one's identity, is checked by `verifyPublicCertificate`.
 */
export function verifyDraw(
  events: readonly RecordedCompetitionEvent[],
  crypto: DrawCrypto,
): DrawVerification {
  const record = recorder()
  const replay: Replay = {
    correctAnswers: [],
    nextNumber: 1,
    entries: new Map(),
    result: {},
    closed: false,
    resealDue: false,
  }
  return verdictOf(record, replay.result, () => {
    for (const event of events) applyChecked(event, replay, crypto, record)
    if (!replay.result.winner) record.fail('draw completed', 'The stream holds no completed draw')
  })
}

function applyChecked(event: RecordedCompetitionEvent, replay: Replay, crypto: DrawCrypto, record: Recorder) {
  const { pass } = record
  // Annotated, so the compiler knows a call does not return.
  const fail: Fail = record.fail
  const { result } = replay
  switch (event.type) {
    case 'CompetitionCreated':
    case 'CompetitionRevised':
      replay.correctAnswers = skillQuestionPoolOf(event.data.details).map((q) => q.correct)
      if (event.type === 'CompetitionCreated') result.competitionId = event.data.competitionId
      return
    case 'CompetitionPublished': {
      const { seedCommitment } = event.data
      if (seedCommitment === undefined)
        fail('seed committed', 'Published without a seed commitment', at(event))
      result.commitment = seedCommitment
      pass('seed committed', `sha256(seed) = ${seedCommitment}`, at(event))
      return
    }
    // A postal entry is allocated as a paid one is: numbered in turn, its answer decided alike.
    case 'TicketsAllocated':
    case 'PostalEntryRecorded': {
      // An envelope that arrived in time may be keyed in after the close; the list is then
      // sealed again before the draw (issue 24). Nothing else joins a sealed list.
      if (replay.closed && event.type === 'PostalEntryRecorded') replay.resealDue = true
      else if (replay.closed) fail('allocation before close', 'Tickets allocated after the seal', at(event))
      const { entryId, userId, entryReference, ticketNumbers, answer, answerCorrect } = event.data
      const expected = ticketNumbers.map((_, i) => replay.nextNumber + i)
      if (ticketNumbers.join() !== expected.join()) {
        fail(
          'tickets numbered in turn',
          `Ticket numbers ${ticketNumbers.join(', ')}, expected ${expected.join(', ')}`,
          at(event),
        )
      }
      // Judged against the question of the pool the entry answered (0 before pools).
      const correct = answer === replay.correctAnswers[event.data.questionIndex ?? 0]
      if (answerCorrect !== correct) {
        fail(
          'answer marked as given',
          `answerCorrect is ${answerCorrect} for the answer "${answer}", expected ${correct}`,
          at(event),
        )
      }
      replay.nextNumber += ticketNumbers.length
      replay.entries.set(entryId, {
        entryId,
        userId,
        entryReference,
        ticketNumbers,
        answerCorrect,
        refunded: false,
      })
      return
    }
    // An entry leaves the list at its refund's request (or at the refund, on streams written
    // before requests), when that comes before the close; after it the sealed list stands.
    // So does one disputed at the provider; a won dispute puts it back, when before the close.
    case 'EntryRefundRequested':
    case 'EntryRefunded':
    case 'EntryDisputed': {
      const entry = replay.entries.get(event.data.entryId)
      if (entry && !replay.closed) replay.entries.set(entry.entryId, { ...entry, refunded: true })
      return
    }
    case 'EntryDisputeClosed': {
      const entry = replay.entries.get(event.data.entryId)
      if (entry && !replay.closed && event.data.reinstated)
        replay.entries.set(entry.entryId, { ...entry, refunded: false })
      return
    }
    case 'CompetitionClosed': {
      const { seal, randomness } = event.data
      const version = listVersionOf(seal)
      const list = eligibleTickets(replay.entries.values())
      const hash = listHash(list, version, crypto)
      replay.closed = true
      replay.resealDue = false
      replay.closedAt = event.occurredAt
      result.seal = seal
      result.sealedRandomness = randomness
      if (seal.eligibleTickets !== list.length) {
        fail(
          'seal',
          `The seal counts ${seal.eligibleTickets} eligible tickets, the allocations give ${list.length}`,
          at(event),
        )
      }
      if (seal.listHash !== hash)
        fail('seal', `The seal's list hash is ${seal.listHash}, the allocations give ${hash}`, at(event))
      pass(
        'seal',
        `${list.length} eligible tickets, list hash ${hash} (list version ${version}); drand round ${randomness.round} named`,
        at(event),
      )
      return
    }
    case 'DrawCompleted':
      if (replay.resealDue)
        fail('sealed before the draw', 'A postal entry recorded after the seal was never sealed', at(event))
      checkDraw(event, replay, crypto, record)
      return
    default:
      return
  }
}

type DrawCompletedEvent = Extract<RecordedCompetitionEvent, { type: 'DrawCompleted' }>

function checkDraw(event: DrawCompletedEvent, replay: Replay, crypto: DrawCrypto, record: Recorder) {
  const fail: Fail = record.fail
  const { result } = replay
  const { seed, publicRandomness, winningTicket, winningEntryId, winnerUserId, attempts } = event.data
  result.seed = seed
  result.publicRandomness = publicRandomness
  const { seal, sealedRandomness, commitment } = result
  if (!seal || !sealedRandomness || commitment === undefined)
    return fail('sealed before the draw', 'The draw has no seal or commitment before it', at(event))
  const list = eligibleTickets(replay.entries.values())
  const outcome = checkOutcome(
    {
      commitment,
      seed,
      sealedRandomness,
      publicRandomness,
      listHash: seal.listHash,
      list,
      winningTicket,
      attempts,
      closedAt: replay.closedAt,
      drawnAt: event.occurredAt,
    },
    crypto,
    record,
    at(event),
  )
  result.drandSignature = outcome.drandSignature
  const ticket = list[outcome.index]
  if (!ticket || ticket.entryId !== winningEntryId || ticket.userId !== winnerUserId) {
    fail(
      'winner owns the ticket',
      `Ticket ${winningTicket} belongs to entry ${ticket?.entryId} of ${ticket?.userId}, not ${winningEntryId} of ${winnerUserId}`,
      at(event),
    )
  }
  record.pass('winner owns the ticket', `Entry ${winningEntryId}, user ${winnerUserId}`, at(event))
  result.winner = {
    ticketNumber: winningTicket,
    entryReference: ticket.entryReference,
    entryId: winningEntryId,
    userId: winnerUserId,
  }
}
