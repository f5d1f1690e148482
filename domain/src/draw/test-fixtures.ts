import type { CompetitionDetails } from '@prizes/contracts'
import { type CompetitionCommand, decide } from '../competition/decide'
import type { CompetitionEvent } from '../competition/events'
import { evolve, initialState } from '../competition/state'
import { fromHex, jsDrawCrypto, toHex } from './crypto'
import type { RecordedCompetitionEvent } from './verify'

export const competitionId = 'c-1'
const metadata = { now: new Date('2030-01-10T12:00:00.000Z') }

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
          entryReference: `CMP-2030-${String(i + 1).padStart(6, '0')}`,
          answerCorrect: entry.answer === details.skillQuestion.correct,
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

/** A competition entered by `entries`, closed, drawn with `seed` and drand round 1000. */
export function completedCompetition(
  entries: readonly FixtureEntry[],
  seed: string,
  value = randomnessValue(0),
) {
  let events: CompetitionEvent[] = [
    { type: 'CompetitionCreated', data: { competitionId, details, featured: false } },
    { type: 'CompetitionPublished', data: { competitionId, seedCommitment: commitmentOf(seed) } },
    ...entryEvents(entries),
  ]
  const randomness = { source: 'drand' as const, round: 1000 }
  events = run(events, {
    type: 'CloseCompetition',
    data: { competitionId, reason: 'admin', randomness },
    metadata,
  })
  events = run(events, { type: 'StartDraw', data: { competitionId }, metadata })
  const publicRandomness = { source: 'drand' as const, round: 1000, value }
  return run(events, { type: 'CompleteDraw', data: { competitionId, seed, publicRandomness }, metadata })
}

export const recorded = (events: readonly CompetitionEvent[]): RecordedCompetitionEvent[] =>
  events.map((event, revision) => ({ ...event, revision }))
