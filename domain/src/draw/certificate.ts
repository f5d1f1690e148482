import type { CertificateEntry, DrawCertificate } from '@prizes/contracts'
import type { DrawCrypto } from './crypto'
import { listVersionOf, type PublicTicket, publicListHash } from './eligible'
import { checkOutcome, type DrawVerification, type Fail, type Recorder, recorder, verdictOf } from './outcome'
import type { RecordedCompetitionEvent } from './verify'

/**
 * The sealed list a certificate shows, in list order (by ticket number). A ticket listed twice
 * is the mismatch: the list cannot then be the one sealed.
 */
export function certificateList(entries: readonly CertificateEntry[], fail: Fail): PublicTicket[] {
  const list = entries.flatMap(({ entryReference, ticketNumbers }) =>
    ticketNumbers.map((ticketNumber) => ({ ticketNumber, entryReference })),
  )
  list.sort((a, b) => a.ticketNumber - b.ticketNumber)
  list.forEach((ticket, i) => {
    if (i > 0 && list[i - 1]?.ticketNumber === ticket.ticketNumber)
      fail('sealed list', `Ticket ${ticket.ticketNumber} is listed twice`)
  })
  return list
}

/**
 * Checks a public draw certificate, which shows the sealed list by entry reference and no one's
 * identity: the list is the one sealed (its size, and for list version 2 its hash), then the
 * draw's own checks (`checkOutcome`). What it cannot check, the log can: that the list is what
 * the allocations, answers and refunds gave, and who holds the winning ticket (`npm run audit`).
 * A list sealed before version 2 hashed entrants' ids, which the certificate does not show: its
 * hash step is a warning, and the verdict UNVERIFIED.
 */
export function verifyPublicCertificate(certificate: DrawCertificate, crypto: DrawCrypto): DrawVerification {
  const record = recorder()
  const { seal, draw } = certificate
  const findings: { -readonly [K in keyof DrawVerification]?: DrawVerification[K] } = {
    competitionId: certificate.competitionId,
    commitment: certificate.seedCommitment,
    seed: draw.seed,
    seal: {
      eligibleTickets: seal.eligibleTickets,
      listHash: seal.listHash,
      ...(seal.listVersion === 2 ? { listVersion: 2 as const } : {}),
    },
    sealedRandomness: seal.randomness,
    publicRandomness: draw.publicRandomness,
  }
  return verdictOf(record, findings, () => {
    const list = certificateList(certificate.entries, record.fail)
    checkSeal(certificate, list, crypto, record)
    const outcome = checkOutcome(
      {
        commitment: certificate.seedCommitment,
        seed: draw.seed,
        sealedRandomness: seal.randomness,
        publicRandomness: draw.publicRandomness,
        listHash: seal.listHash,
        list,
        winningTicket: draw.winningTicket,
        attempts: draw.attempts,
        closedAt: seal.closedAt,
        drawnAt: draw.drawnAt,
      },
      crypto,
      record,
    )
    findings.drandSignature = outcome.drandSignature
    findings.winner = {
      ticketNumber: outcome.ticket.ticketNumber,
      entryReference: outcome.ticket.entryReference,
    }
  })
}

function checkSeal(
  certificate: DrawCertificate,
  list: readonly PublicTicket[],
  crypto: DrawCrypto,
  record: Recorder,
) {
  const fail: Fail = record.fail
  const { seal } = certificate
  if (list.length !== seal.eligibleTickets) {
    fail(
      'seal',
      `The seal counts ${seal.eligibleTickets} eligible tickets, the list shown has ${list.length}`,
    )
  }
  if (seal.listVersion === 1) {
    record.warn(
      'seal',
      `Unverified: this list was sealed before version 2, hashing each ticket's entry and user ids, which the public certificate does not show; ${list.length} tickets as sealed, and the audit (npm run audit) checks the hash ${seal.listHash} from the log`,
    )
    return
  }
  const hash = publicListHash(list, crypto)
  if (hash !== seal.listHash)
    fail('seal', `The seal's list hash is ${seal.listHash}, the list shown gives ${hash}`)
  record.pass(
    'seal',
    `${list.length} eligible tickets, list hash ${hash} (sha256 of one "<ticket> <reference>" line each); drand round ${seal.randomness.round} named`,
  )
}

/**
 * The public certificate of a completed draw, built from its stream (the audit writes it with
 * `--json`): what the read model serves, the same facts the log holds, and no one's identity.
 * Undefined until the stream holds a commitment, a seal and a draw, each with its time.
 */
export function publicCertificateOf(
  events: readonly RecordedCompetitionEvent[],
): DrawCertificate | undefined {
  let seedCommitment: string | undefined
  let closed: Extract<RecordedCompetitionEvent, { type: 'CompetitionClosed' }> | undefined
  let drawn: Extract<RecordedCompetitionEvent, { type: 'DrawCompleted' }> | undefined
  const entries = new Map<string, CertificateEntry & { eligible: boolean; correct: boolean }>()
  for (const event of events) {
    switch (event.type) {
      case 'CompetitionPublished':
        seedCommitment = event.data.seedCommitment
        break
      case 'TicketsAllocated':
      case 'PostalEntryRecorded': {
        const { entryId, entryReference, ticketNumbers, answerCorrect } = event.data
        entries.set(entryId, {
          entryReference,
          ticketNumbers,
          eligible: answerCorrect,
          correct: answerCorrect,
        })
        break
      }
      case 'EntryRefundRequested':
      case 'EntryRefunded':
      case 'EntryDisputed': {
        const entry = entries.get(event.data.entryId)
        // A refund requested (or a dispute opened) before the close takes the entry off the
        // list; one after the close leaves the sealed list as it was.
        if (entry && !closed) entry.eligible = false
        break
      }
      case 'EntryDisputeClosed': {
        const entry = entries.get(event.data.entryId)
        // A won dispute before the close puts a correct answer back on the list.
        if (entry && !closed && event.data.reinstated) entry.eligible = entry.correct
        break
      }
      case 'CompetitionClosed':
        closed = event
        break
      case 'DrawCompleted':
        drawn = event
        break
      default:
        break
    }
  }
  if (!seedCommitment || !closed?.occurredAt || !drawn?.occurredAt) return undefined
  const { seal, randomness } = closed.data
  const { seed, publicRandomness, winningTicket, attempts } = drawn.data
  const listed = [...entries.values()].filter((entry) => entry.eligible)
  listed.sort((a, b) => Math.min(...a.ticketNumbers) - Math.min(...b.ticketNumbers))
  return {
    competitionId: closed.data.competitionId,
    seedCommitment,
    seal: {
      listVersion: listVersionOf(seal),
      eligibleTickets: seal.eligibleTickets,
      listHash: seal.listHash,
      randomness,
      closedAt: closed.occurredAt,
    },
    entries: listed.map(({ entryReference, ticketNumbers }) => ({ entryReference, ticketNumbers })),
    draw: { seed, publicRandomness, winningTicket, attempts, drawnAt: drawn.occurredAt },
  }
}
