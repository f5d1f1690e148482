import type { CompetitionDetails } from '@prizes/contracts'
import { type CompetitionCommand, decide } from '../competition/decide'
import type { CompetitionEvent } from '../competition/events'
import { evolve, initialState } from '../competition/state'
import type { DrandBeacon } from './beacon'
import { fromHex, jsDrawCrypto, toHex } from './crypto'
import { type DrandChain, drandRound, quicknet, roundTime } from './drand'
import { eligibleFromEntries, type ListVersion, listHash } from './eligible'
import type { RecordedCompetitionEvent } from './verify'

export { signedBeacon, testDrandSecretKey } from './test-drand'

export const competitionId = 'c-1'
/** When the fixtures close their competitions. */
export const closeTime = new Date('2030-01-10T12:00:00.000Z')
/** The quicknet round the fixtures seal without a beacon: a minute after the close, as the platform names it. */
export const fixtureRound = drandRound(new Date(closeTime.getTime() + 60_000))

/** A close a minute before `round` (of `chain`) is published, and a draw a few seconds after it. */
export function timesAround(round: number, chain: DrandChain = quicknet): { closeAt: Date; drawAt: Date } {
  const published = roundTime(round, chain).getTime()
  return { closeAt: new Date(published - 60_000), drawAt: new Date(published + 3_000) }
}

export const details: CompetitionDetails = {
  title: 'Win a campervan',
  description: 'A restored 1972 campervan.',
  prize: 'VW T2 campervan',
  prizeValuePence: 3_500_000,
  entryPricePence: 250,
  totalTickets: 5000,
  location: 'UK Wide',
  startDate: '2030-01-01T00:00:00.000Z',
  endDate: '2030-02-01T00:00:00.000Z',
  imageUrl: null,
  skillQuestion: { question: '2 + 2?', options: ['3', '4', '5', '6'], correct: '4' },
}

export interface FixtureEntry {
  readonly userId: string
  readonly quantity: number
  readonly answer: string
  readonly refunded?: boolean
  /** A free entry by post: one ticket, recorded by an admin (quantity must be 1). */
  readonly postal?: boolean
}

export const entryIdFor = (i: number) => `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`
export const seedFor = (i: number) => toHex(jsDrawCrypto.sha256(new TextEncoder().encode(`seed ${i}`)))
export const commitmentOf = (seed: string) => toHex(jsDrawCrypto.sha256(fromHex(seed)))

/** The events of entering: reserved, allocated in turn, and refunded where asked. */
export function entryEvents(entries: readonly FixtureEntry[]): CompetitionEvent[] {
  let next = 1
  return entries.flatMap((entry, i): CompetitionEvent[] => {
    const ids = { competitionId, entryId: entryIdFor(i) }
    const ticketNumbers = Array.from({ length: entry.quantity }, (_, k) => next + k)
    next += entry.quantity
    const entryReference = `CMP-2030-${String(i + 1).padStart(6, '0')}`
    const answerCorrect = entry.answer === details.skillQuestion.correct
    if (entry.postal) {
      const at = '2030-01-09T12:00:00.000Z'
      return [
        {
          type: 'PostalEntryRecorded',
          data: {
            ...ids,
            userId: entry.userId,
            ticketNumbers: ticketNumbers.slice(0, 1),
            entryReference,
            answer: entry.answer,
            answerCorrect,
            amountPence: 0,
            paymentIntentId: null,
            receivedAt: at,
            allocatedAt: at,
          },
        },
      ]
    }
    const paymentIntentId = `pi_${i}`
    const common = {
      userId: entry.userId,
      answer: entry.answer,
      amountPence: 250 * entry.quantity,
      paymentIntentId,
    }
    const events: CompetitionEvent[] = [
      {
        type: 'TicketsReserved',
        data: { ...ids, ...common, quantity: entry.quantity, expiresAt: '2030-01-10T12:15:00.000Z' },
      },
      {
        type: 'TicketsAllocated',
        data: {
          ...ids,
          ...common,
          ticketNumbers,
          entryReference,
          answerCorrect,
        },
      },
    ]
    if (entry.refunded) {
      events.push({
        type: 'EntryRefunded',
        data: {
          ...ids,
          amountPence: common.amountPence,
          paymentIntentId,
          refundId: `re_${i}`,
          reason: 'requested',
        },
      })
    }
    return events
  })
}

/** Runs commands through the real decider, appending what each decides. */
export function run(events: CompetitionEvent[], command: CompetitionCommand): CompetitionEvent[] {
  return [...events, ...decide(command, events.reduce(evolve, initialState))]
}

export const randomnessValue = (i: number) =>
  toHex(jsDrawCrypto.sha256(new TextEncoder().encode(`drand ${i}`)))

/**
 * Real beacons of drand's quicknet chain, as `https://api.drand.sh/<quicknet hash>/public/<round>`
 * answers them, copied from ChainSafe/forest `src/beacon/tests/fixtures/drand_quicknet.json`
 * (rounds 2 and 3 also appear in its `src/beacon/signatures/tests.rs`). They verify under the
 * quicknet key in `drand.ts`, which is what the tests rest on.
 */
export const quicknetBeacons = {
  2: {
    round: 2,
    randomness: '5782d6987841c654515a0e72b2d1ebb4e741234042c37cb19608ae50d93fb60c',
    signature:
      'b6b6a585449b66eb12e875b64fcbab3799861a00e4dbf092d99e969a5eac57dd3f798acf61e705fe4f093db926626807',
  },
  3: {
    round: 3,
    randomness: '7ef4621ace1c6da4eb2eee7cd901f81385bca5b189771ec0f08d0d2566dd1a21',
    signature:
      'b3fab6df720b68cc47175f2c777e86d84187caab5770906f515ff1099cb01e4deaa027075d860823e49477b93c72bd64',
  },
  30662982: {
    round: 30662982,
    randomness: 'ae76da5137c6d0a0d3b50d325948b26cc3ff1f804cd7bbca29b9250c2bfe8d67',
    signature:
      '8b3edd0d42a2fa36ac15641a2dea2e4f4895acec2ef72ef39e5b6138f0346fb6b046dde1b4b3d09ff5fe8a6a7acd674a',
  },
} as const satisfies Record<number, DrandBeacon>

/** A published quicknet beacon to seal and draw with. */
export const quicknetBeacon: DrandBeacon = quicknetBeacons[30662982]

/**
 * A competition entered by `entries`, closed, drawn with `seed` and drand round `fixtureRound`
 * with `value` (recorded without a signature, as an admin may enter it), or with a drand
 * beacon: its round sealed on `chain` (quicknet unless given), its value and signature
 * recorded. Each command's time is a minute before the round is published (close) or just after
 * it (start and complete).
 */
export function completedCompetition(
  entries: readonly FixtureEntry[],
  seed: string,
  value: string | DrandBeacon = randomnessValue(0),
  /** 1: sealed as before list version 2 (a stream written then), its list hashing entry and user ids. */
  listVersion: ListVersion = 2,
  chain: DrandChain = quicknet,
) {
  let events: CompetitionEvent[] = [
    { type: 'CompetitionCreated', data: { competitionId, details, featured: false } },
    { type: 'CompetitionPublished', data: { competitionId, seedCommitment: commitmentOf(seed) } },
    ...entryEvents(entries),
  ]
  const source = 'drand' as const
  const round = typeof value === 'string' ? fixtureRound : value.round
  const randomness =
    typeof value === 'string' ? { source, round } : { source, chainHash: chain.chainHash, round }
  const { closeAt, drawAt } = timesAround(round, chain)
  events = run(events, {
    type: 'CloseCompetition',
    data: { competitionId, reason: 'admin', randomness },
    metadata: { now: closeAt },
  })
  if (listVersion === 1) events = sealedAsVersion1(events)
  const metadata = { now: drawAt }
  events = run(events, { type: 'StartDraw', data: { competitionId }, metadata })
  const publicRandomness =
    typeof value === 'string'
      ? { source, round, value }
      : { source, round, value: value.randomness, signature: value.signature }
  return run(events, { type: 'CompleteDraw', data: { competitionId, seed, publicRandomness }, metadata })
}

/** The stream with its close rewritten as a version 1 seal, as streams written before version 2 hold it. */
function sealedAsVersion1(events: CompetitionEvent[]): CompetitionEvent[] {
  const state = events.reduce(evolve, initialState)
  if (!state.exists) throw new Error('fixture: a competition expected')
  const list = eligibleFromEntries(state)
  return events.map((event): CompetitionEvent => {
    if (event.type !== 'CompetitionClosed') return event
    const seal = { eligibleTickets: list.length, listHash: listHash(list, 1, jsDrawCrypto) }
    return { ...event, data: { ...event.data, seal } }
  })
}

export const recorded = (events: readonly CompetitionEvent[]): RecordedCompetitionEvent[] =>
  events.map((event, revision) => ({ ...event, revision }))

/** As the store records them, with the close and the draw at the fixtures' times around `round`. */
export function recordedWithTimes(
  events: readonly CompetitionEvent[],
  round: number,
  chain: DrandChain = quicknet,
): RecordedCompetitionEvent[] {
  const { closeAt, drawAt } = timesAround(round, chain)
  return recorded(events).map((event) => {
    if (event.type === 'CompetitionClosed') return { ...event, occurredAt: closeAt.toISOString() }
    if (event.type === 'DrawCompleted') return { ...event, occurredAt: drawAt.toISOString() }
    return event
  })
}
