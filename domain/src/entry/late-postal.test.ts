import { describe, expect, it } from 'vitest'
import type { CompetitionCommand } from '../competition/decide'
import type { CompetitionEvent } from '../competition/events'
import { publicCertificateOf, verifyPublicCertificate } from '../draw/certificate'
import { jsDrawCrypto } from '../draw/crypto'
import { drandRound } from '../draw/drand'
import { currentListVersion, eligibleFromEntries, listHash } from '../draw/eligible'
import { commitmentOf, randomnessValue, recorded, recordedWithTimes, seedFor } from '../draw/test-fixtures'
import { verifyDraw } from '../draw/verify'
import { competitionId, created, entryId, fold, given, reserved } from './test-fixtures'

/**
 * Issue 24: an envelope that arrived before the close counts until the draw starts, however late
 * it is keyed in: after the end date, after the automatic close (sealed again, with a later drand
 * round) and while undersold; one that arrived after the close is refused with its own code.
 */
const end = new Date('2030-02-01T00:00:00.000Z')
const after = (ms: number) => new Date(end.getTime() + ms)
const seed = seedFor(5)
const published: CompetitionEvent = {
  type: 'CompetitionPublished',
  data: { competitionId, seedCommitment: commitmentOf(seed) },
}
const roundAt = (at: Date) => ({
  source: 'drand' as const,
  round: drandRound(new Date(at.getTime() + 60_000)),
})

const allocated: CompetitionEvent = {
  type: 'TicketsAllocated',
  data: {
    competitionId,
    entryId: entryId(1),
    userId: 'u-paid',
    ticketNumbers: [1, 2],
    entryReference: 'PRZ-2030-000001',
    answer: '4',
    answerCorrect: true,
    amountPence: 500,
    paymentIntentId: 'pi_1',
    allocatedAt: '2030-01-10T12:00:00.000Z',
  },
}

const envelope = (
  at: Date,
  options: { receivedAt?: string; randomness?: ReturnType<typeof roundAt> } = {},
): CompetitionCommand => ({
  type: 'RecordPostalEntry',
  data: {
    competitionId,
    entryId: entryId(2),
    userId: 'u-post',
    answer: '4',
    receivedAt: options.receivedAt ?? '2030-01-31T00:00:00.000Z',
    entryReference: 'PRZ-2030-000002',
    ...(options.randomness ? { randomness: options.randomness } : {}),
  },
  metadata: { now: at },
})

const closedAt = after(5_000)
const entered = [created(), published, reserved(1, 2), allocated]
const enteredState = fold(entered)
const autoClosed: CompetitionEvent = {
  type: 'CompetitionClosed',
  data: {
    competitionId,
    reason: 'end_date',
    seal: {
      eligibleTickets: 2,
      listHash: listHash(enteredState.exists ? eligibleFromEntries(enteredState) : [], 2, jsDrawCrypto),
      listVersion: currentListVersion,
    },
    randomness: roundAt(closedAt),
  },
}

describe('an envelope that arrived before the close', () => {
  it('is recorded when keyed after the end date, before the automatic close ran', () => {
    const events = given(...entered)
      .when(envelope(after(1_000)))
      .decided()
    expect(events.map((event) => event.type)).toEqual(['PostalEntryRecorded'])
  })

  it('is recorded after the automatic close, and the list is sealed again on a later drand round', () => {
    const keyedAt = after(3 * 24 * 60 * 60_000)
    const randomness = roundAt(keyedAt)
    const events = given(...entered, autoClosed)
      .when(envelope(keyedAt, { randomness }))
      .decided()
    expect(events.map((event) => event.type)).toEqual(['PostalEntryRecorded', 'CompetitionClosed'])
    const state = fold(events, fold([...entered, autoClosed]))
    const list = state.exists ? eligibleFromEntries(state) : []
    expect(list.map((ticket) => ticket.ticketNumber)).toEqual([1, 2, 3])
    expect(events[1]).toEqual({
      type: 'CompetitionClosed',
      data: {
        competitionId,
        reason: 'postal_entry',
        seal: { eligibleTickets: 3, listHash: listHash(list, 2, jsDrawCrypto), listVersion: 2 },
        randomness,
      },
    })
  })

  it('is drawn with the rest, and the audit passes on the list sealed again', () => {
    const keyedAt = after(60 * 60_000)
    const randomness = roundAt(keyedAt)
    let events = [...entered, autoClosed]
    const step = (command: CompetitionCommand) => {
      events = [
        ...events,
        ...given(...events)
          .when(command)
          .decided(),
      ]
    }
    step(envelope(keyedAt, { randomness }))
    const drawAt = new Date(keyedAt.getTime() + 10 * 60_000)
    step({ type: 'StartDraw', data: { competitionId }, metadata: { now: drawAt } })
    const publicRandomness = { ...randomness, value: randomnessValue(2) }
    step({ type: 'CompleteDraw', data: { competitionId, seed, publicRandomness }, metadata: { now: drawAt } })
    expect(events.at(-1)?.type).toBe('DrawCompleted')
    // Unverified, not failed: the fixture's randomness carries no drand signature.
    const audit = verifyDraw(recorded(events), jsDrawCrypto)
    expect(audit.mismatch).toBeUndefined()
    expect(audit.verdict).toBe('UNVERIFIED')
    const unsealed = events.filter(
      (event) => !(event.type === 'CompetitionClosed' && event.data.reason === 'postal_entry'),
    )
    // The public certificate lists the postal ticket under the new seal, and checks out.
    const certificate = publicCertificateOf(recordedWithTimes(events, randomness.round))
    if (!certificate) throw new Error('no certificate')
    expect(certificate.entries.map((entry) => entry.entryReference)).toEqual([
      'PRZ-2030-000001',
      'PRZ-2030-000002',
    ])
    expect(certificate.seal.eligibleTickets).toBe(3)
    expect(verifyPublicCertificate(certificate, jsDrawCrypto).mismatch).toBeUndefined()
    expect(verifyDraw(recorded(unsealed), jsDrawCrypto).mismatch).toMatchObject({
      check: 'sealed before the draw',
    })
  })

  it('is recorded while the competition is undersold', () => {
    const undersold: CompetitionEvent = {
      type: 'CompetitionUndersold',
      data: { competitionId, soldTickets: 2, minimumTickets: 10 },
    }
    expect(
      given(created({ minimumTickets: 10 }), published, reserved(1, 2), allocated, undersold)
        .when(envelope(after(60_000)))
        .decided()
        .map((event) => event.type),
    ).toEqual(['PostalEntryRecorded'])
  })

  it('is refused once the draw has started', () => {
    const drawing: CompetitionEvent = { type: 'DrawStarted', data: { competitionId } }
    given(...entered, autoClosed, drawing)
      .when(envelope(after(120_000), { randomness: roundAt(after(120_000)) }))
      .thenFails({ code: 'COMPETITION_NOT_ACTIVE' })
  })

  it('is refused after the close without a drand round to seal the list again on', () => {
    given(...entered, autoClosed)
      .when(envelope(after(120_000)))
      .thenFails({ code: 'INVALID_DRAW_INPUT', field: 'randomness' })
  })
})

describe('an envelope that arrived after the close', () => {
  it('is refused with its own code, whenever it is keyed', () => {
    const late = { receivedAt: '2030-02-01T00:00:00.000Z' }
    given(...entered)
      .when(envelope(after(60_000), late))
      .thenFails({ code: 'POSTAL_ENTRY_AFTER_CLOSE', field: 'receivedAt' })
    given(...entered, autoClosed)
      .when(envelope(after(60_000), { ...late, randomness: roundAt(after(60_000)) }))
      .thenFails({ code: 'POSTAL_ENTRY_AFTER_CLOSE', field: 'receivedAt' })
  })
})
