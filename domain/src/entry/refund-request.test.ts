import { describe, expect, it } from 'vitest'
import type { CompetitionCommand } from '../competition/decide'
import type { CompetitionEvent } from '../competition/events'
import { evolve, initialState } from '../competition/state'
import { publicCertificateOf, verifyPublicCertificate } from '../draw/certificate'
import { jsDrawCrypto } from '../draw/crypto'
import { quicknet } from '../draw/drand'
import { eligibleFromEntries } from '../draw/eligible'
import {
  commitmentOf,
  competitionId,
  details,
  entryEvents,
  entryIdFor,
  quicknetBeacon,
  recordedWithTimes,
  run,
  seedFor,
  timesAround,
} from '../draw/test-fixtures'
import { verifyDraw } from '../draw/verify'

/**
 * An admin's refund is requested on the competition's stream before the provider is asked, so
 * it and the close are ordered: a request first keeps the entry off the sealed list (and its
 * refund is recorded after the close); a close first refuses the request, and no money moves.
 */

const seed = seedFor(11)
const { round } = quicknetBeacon
const { closeAt, drawAt } = timesAround(round)
const randomness = { source: 'drand' as const, chainHash: quicknet.chainHash, round }
const publicRandomness = {
  source: 'drand' as const,
  round,
  value: quicknetBeacon.randomness,
  signature: quicknetBeacon.signature,
}

const open: CompetitionEvent[] = [
  { type: 'CompetitionCreated', data: { competitionId, details, featured: false } },
  { type: 'CompetitionPublished', data: { competitionId, seedCommitment: commitmentOf(seed) } },
  ...entryEvents([
    { userId: 'u-refunded', quantity: 2, answer: '4' },
    { userId: 'u-kept', quantity: 3, answer: '4' },
  ]),
]
const refundedEntry = entryIdFor(0)

const request = (entryId = refundedEntry, now = closeAt): CompetitionCommand => ({
  type: 'RequestRefund',
  data: { competitionId, entryId, reason: 'Asked by phone' },
  metadata: { now },
})
const record = (entryId = refundedEntry, now = closeAt): CompetitionCommand => ({
  type: 'RecordRefund',
  data: { competitionId, entryId, refundId: 're_admin', reason: 'Asked by phone' },
  metadata: { now },
})
const close: CompetitionCommand = {
  type: 'CloseCompetition',
  data: { competitionId, reason: 'admin', randomness },
  metadata: { now: closeAt },
}
const cancel: CompetitionCommand = {
  type: 'CancelCompetition',
  data: { competitionId, reason: 'Prize withdrawn' },
  metadata: { now: closeAt },
}
const drawn = (events: CompetitionEvent[]) => {
  const started = run(events, { type: 'StartDraw', data: { competitionId }, metadata: { now: drawAt } })
  return run(started, {
    type: 'CompleteDraw',
    data: { competitionId, seed, publicRandomness },
    metadata: { now: drawAt },
  })
}
const stateOf = (events: CompetitionEvent[]) => {
  const state = events.reduce(evolve, initialState)
  if (!state.exists) throw new Error('fixture: a competition expected')
  return state
}
const decideOn = (events: CompetitionEvent[], command: CompetitionCommand) =>
  run(events, command).slice(events.length)

describe('RequestRefund', () => {
  it('asks for the refund of a paid entry of an open competition, once', () => {
    const requested = decideOn(open, request())
    expect(requested).toEqual([
      {
        type: 'EntryRefundRequested',
        data: {
          competitionId,
          entryId: refundedEntry,
          amountPence: 500,
          paymentIntentId: 'pi_0',
          reason: 'Asked by phone',
        },
      },
    ])
    const pending = [...open, ...requested]
    expect(stateOf(pending).entries.get(refundedEntry)?.status).toBe('refundPending')
    // Asked again while pending: nothing more; the caller completes the refund under the same key.
    expect(decideOn(pending, request())).toEqual([])
    const refunded = run(pending, record())
    expect(stateOf(refunded).entries.get(refundedEntry)?.status).toBe('refunded')
    expect(() => run(refunded, request())).toThrow(
      expect.objectContaining({ code: 'ENTRY_NOT_REFUNDABLE', refusal: 'already_refunded' }),
    )
  })

  it('in a cancelled competition too', () => {
    expect(decideOn(run(open, cancel), request())).toHaveLength(1)
  })

  it('refuses an entry not paid, and a closed competition, each with its refusal', () => {
    const reservation: CompetitionEvent = {
      type: 'TicketsReserved',
      data: {
        competitionId,
        entryId: entryIdFor(9),
        userId: 'u-9',
        quantity: 1,
        amountPence: 250,
        paymentIntentId: 'pi_9',
        answer: '4',
        expiresAt: '2030-01-10T12:15:00.000Z',
      },
    }
    expect(() => run([...open, reservation], request(entryIdFor(9)))).toThrow(
      expect.objectContaining({ code: 'ENTRY_NOT_REFUNDABLE', refusal: 'not_paid' }),
    )
    expect(() => run(run(open, close), request())).toThrow(
      expect.objectContaining({
        refusal: 'competition_not_open',
        message: expect.stringContaining('(this one is closed)'),
      }),
    )
  })

  it('does not find an entry the competition never had', () => {
    expect(() => run(open, request(entryIdFor(42)))).toThrow(
      expect.objectContaining({ code: 'ENTRY_NOT_FOUND' }),
    )
  })
})

describe('a refund requested, then the competition closed before the refund is recorded', () => {
  const requested = run(open, request())
  const closed = run(requested, close)
  const recorded = run(closed, record(refundedEntry, new Date(closeAt.getTime() + 1_000)))
  const events = drawn(recorded)

  it('seals the list without the entry, and records its refund while sealed', () => {
    const seal = closed.at(-1)
    expect(seal?.type === 'CompetitionClosed' && seal.data.seal.eligibleTickets).toBe(3)
    expect(recorded.at(-1)).toMatchObject({ type: 'EntryRefunded', data: { entryId: refundedEntry } })
    // Not counted as refunded while on the list: the draw rebuilds the sealed list without it.
    const state = stateOf(recorded)
    expect(state.refundedWhileSealed.has(refundedEntry)).toBe(false)
    const list = eligibleFromEntries(state, (entryId) => state.refundedWhileSealed.has(entryId))
    expect(list.map((ticket) => ticket.ticketNumber)).toEqual([3, 4, 5])
  })

  it('draws from that list, and the audit and the public certificate agree with it', () => {
    const draw = events.at(-1)
    expect(draw?.type).toBe('DrawCompleted')
    expect(draw?.type === 'DrawCompleted' && draw.data.winningEntryId).toBe(entryIdFor(1))
    const audit = verifyDraw(recordedWithTimes(events, round), jsDrawCrypto)
    expect(audit.mismatch).toBeUndefined()
    expect(audit.verdict).toBe('PASS')
    const certificate = publicCertificateOf(recordedWithTimes(events, round))
    if (!certificate) throw new Error('a certificate expected')
    expect(certificate.entries).toEqual([{ entryReference: 'CMP-2030-000002', ticketNumbers: [3, 4, 5] }])
    expect(verifyPublicCertificate(certificate, jsDrawCrypto).verdict).toBe('PASS')
  })
})
