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
import type { RecordProviderChange } from './commands'

/**
 * The provider's own word about a payment (refunds at the provider, chargebacks): recorded once,
 * taking the entry off a draw list not yet sealed, and leaving a sealed list as it was.
 */

const seed = seedFor(12)
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
    { userId: 'u-changed', quantity: 2, answer: '4' },
    { userId: 'u-kept', quantity: 3, answer: '4' },
  ]),
]
const changedEntry = entryIdFor(0)

const providerSays = (
  change: RecordProviderChange['data']['change'],
  options: { entryId?: string; paymentIntentId?: string; now?: Date } = {},
): CompetitionCommand => ({
  type: 'RecordProviderChange',
  data: {
    competitionId,
    entryId: options.entryId ?? changedEntry,
    paymentIntentId: options.paymentIntentId ?? 'pi_0',
    change,
  },
  metadata: { now: options.now ?? closeAt },
})
const refunded = providerSays({ kind: 'refunded', refundId: 're_dashboard' })
const disputed = providerSays({ kind: 'dispute_created', disputeId: 'dp_1', reason: 'fraudulent' })
const won = providerSays({ kind: 'dispute_closed', disputeId: 'dp_1', outcome: 'won' })
const lost = providerSays({ kind: 'dispute_closed', disputeId: 'dp_1', outcome: 'lost' })
const close: CompetitionCommand = {
  type: 'CloseCompetition',
  data: { competitionId, reason: 'admin', randomness },
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
const statusOf = (events: CompetitionEvent[]) => stateOf(events).entries.get(changedEntry)?.status
const ticketsOf = (events: CompetitionEvent[]) => stateOf(events).ticketsBy.get('u-changed')
const sealedCount = (events: CompetitionEvent[]) => {
  const seal = events.at(-1)
  return seal?.type === 'CompetitionClosed' ? seal.data.seal.eligibleTickets : undefined
}

/** The drawn stream passes the audit and the public certificate, and the certificate lists these. */
function expectVerified(events: CompetitionEvent[], listed: number[][]) {
  const audit = verifyDraw(recordedWithTimes(events, round), jsDrawCrypto)
  expect(audit.mismatch).toBeUndefined()
  expect(audit.verdict).toBe('PASS')
  const certificate = publicCertificateOf(recordedWithTimes(events, round))
  if (!certificate) throw new Error('a certificate expected')
  expect(certificate.entries.map((entry) => entry.ticketNumbers)).toEqual(listed)
  expect(verifyPublicCertificate(certificate, jsDrawCrypto).verdict).toBe('PASS')
}

describe('a refund made at the provider', () => {
  it('refunds a paid entry once, under the provider refund id, and takes its tickets off the count', () => {
    const events = decideOn(open, refunded)
    expect(events).toEqual([
      {
        type: 'EntryRefunded',
        data: {
          competitionId,
          entryId: changedEntry,
          amountPence: 500,
          paymentIntentId: 'pi_0',
          refundId: 're_dashboard',
          reason: 'refunded at the payment provider',
        },
      },
    ])
    const after = [...open, ...events]
    expect(statusOf(after)).toBe('refunded')
    expect(ticketsOf(after)).toBe(0)
    expect(decideOn(after, refunded)).toEqual([])
  })

  it('leaves a refund of ours on its way to record itself', () => {
    const requested = run(open, {
      type: 'RequestRefund',
      data: { competitionId, entryId: changedEntry, reason: 'Asked by phone' },
      metadata: { now: closeAt },
    })
    expect(decideOn(requested, refunded)).toEqual([])
  })

  it('refuses an intent that is not the entry’s own', () => {
    expect(() =>
      run(open, providerSays({ kind: 'refunded', refundId: 're_x' }, { paymentIntentId: 'pi_1' })),
    ).toThrow(expect.objectContaining({ code: 'ENTRY_NOT_FOUND' }))
  })

  it('before the close: the seal leaves the entry out, and the draw verifies', () => {
    const closed = run(run(open, refunded), close)
    expect(sealedCount(closed)).toBe(3)
    expectVerified(drawn(closed), [[3, 4, 5]])
  })

  it('after the close: recorded, the sealed list stands, and the draw verifies', () => {
    const closed = run(open, close)
    const after = run(closed, refunded)
    expect(after.at(-1)).toMatchObject({ type: 'EntryRefunded' })
    expect(sealedCount(closed)).toBe(5)
    const state = stateOf(after)
    const list = eligibleFromEntries(state, (entryId) => state.refundedWhileSealed.has(entryId))
    expect(list).toHaveLength(5)
    expectVerified(drawn(after), [
      [1, 2],
      [3, 4, 5],
    ])
  })
})

describe('a chargeback', () => {
  it('disputes a paid entry once, off the count, and a won dispute puts it back', () => {
    const opened = decideOn(open, disputed)
    expect(opened).toEqual([
      {
        type: 'EntryDisputed',
        data: {
          competitionId,
          entryId: changedEntry,
          amountPence: 500,
          paymentIntentId: 'pi_0',
          disputeId: 'dp_1',
          reason: 'fraudulent',
        },
      },
    ])
    const after = [...open, ...opened]
    expect(statusOf(after)).toBe('disputed')
    expect(ticketsOf(after)).toBe(0)
    expect(decideOn(after, disputed)).toEqual([])
    const closedWon = run(after, won)
    expect(closedWon.at(-1)).toMatchObject({
      type: 'EntryDisputeClosed',
      data: { outcome: 'won', reinstated: true, disputeId: 'dp_1' },
    })
    expect(statusOf(closedWon)).toBe('paid')
    expect(ticketsOf(closedWon)).toBe(2)
    expect(decideOn(closedWon, won)).toEqual([])
  })

  it('lost: the entry is refunded with the reason chargeback, once; a late opening changes nothing', () => {
    const afterLost = run(run(open, disputed), lost)
    expect(afterLost.slice(-2)).toMatchObject([
      { type: 'EntryDisputeClosed', data: { outcome: 'lost', reinstated: false } },
      { type: 'EntryRefunded', data: { reason: 'chargeback', refundId: 'dp_1', amountPence: 500 } },
    ])
    expect(statusOf(afterLost)).toBe('refunded')
    expect(decideOn(afterLost, lost)).toEqual([])
    expect(decideOn(afterLost, disputed)).toEqual([])
    // Closed lost without the opening seen first: refunded all the same.
    expect(
      run(open, lost)
        .slice(-2)
        .map((event) => event.type),
    ).toEqual(['EntryDisputeClosed', 'EntryRefunded'])
  })

  it('opened before the close: out of the seal; won before the close: back in; the draws verify', () => {
    const out = run(run(open, disputed), close)
    expect(sealedCount(out)).toBe(3)
    expectVerified(drawn(out), [[3, 4, 5]])
    const back = run(run(run(open, disputed), won), close)
    expect(sealedCount(back)).toBe(5)
    expectVerified(drawn(back), [
      [1, 2],
      [3, 4, 5],
    ])
  })

  it('opened before the close and won after it: the money is kept, the entry stays out of that draw', () => {
    const closed = run(run(open, disputed), close)
    const afterWon = run(closed, won)
    expect(afterWon.at(-1)).toMatchObject({ type: 'EntryDisputeClosed', data: { reinstated: false } })
    expect(statusOf(afterWon)).toBe('disputed')
    expectVerified(drawn(afterWon), [[3, 4, 5]])
  })

  it('opened after the close: the sealed list stands, and the draw verifies', () => {
    const closed = run(open, close)
    const after = run(closed, disputed)
    expect(statusOf(after)).toBe('disputed')
    expectVerified(drawn(after), [
      [1, 2],
      [3, 4, 5],
    ])
    // Won while sealed: paid again, still on the list it never left.
    expect(statusOf(run(after, won))).toBe('paid')
    expectVerified(drawn(run(after, won)), [
      [1, 2],
      [3, 4, 5],
    ])
  })
})
