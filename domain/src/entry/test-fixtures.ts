import type { CompetitionDetails, ReleaseReason } from '@prizes/contracts'
import { expect } from 'vitest'
import type { CompetitionCommand } from '../competition/decide'
import { decide } from '../competition/decide'
import type { CompetitionEvent } from '../competition/events'
import { type CompetitionState, evolve, initialState } from '../competition/state'
import type { ReserveTickets } from './commands'

/** A live competition of 20 tickets at £2.50, and given / when / then over its stream. */
export const competitionId = 'c-1'
export const now = new Date('2030-01-10T12:00:00.000Z')
export const minutes = (n: number) => new Date(now.getTime() + n * 60_000)

export const details: CompetitionDetails = {
  title: 'Win a campervan',
  description: 'A restored 1972 campervan.',
  prize: 'VW T2 campervan',
  prizeValuePence: 3_500_000,
  entryPricePence: 250,
  totalTickets: 20,
  location: 'UK Wide',
  startDate: '2030-01-01T00:00:00.000Z',
  endDate: '2030-02-01T00:00:00.000Z',
  imageUrl: null,
  skillQuestion: { question: '2 + 2?', options: ['3', '4', '5', '6'], correct: '4' },
}

export const created = (overrides: Partial<CompetitionDetails> = {}): CompetitionEvent => ({
  type: 'CompetitionCreated',
  data: { competitionId, details: { ...details, ...overrides }, featured: false },
})
export const published: CompetitionEvent = { type: 'CompetitionPublished', data: { competitionId } }

/** Entry ids are UUIDs in the contract; `entryId(7)` is a readable one. */
export const entryId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
export const intentId = (n: number) => `pi_${n}`

export function reserved(n: number, quantity = 1, expiresAt = minutes(10), answer = '4'): CompetitionEvent {
  return {
    type: 'TicketsReserved',
    data: {
      competitionId,
      entryId: entryId(n),
      userId: `u-${n}`,
      quantity,
      amountPence: quantity * 250,
      paymentIntentId: intentId(n),
      answer,
      expiresAt: expiresAt.toISOString(),
    },
  }
}

export const reserve = (
  n: number,
  quantity = 1,
  options: { answer?: string; questionIndex?: number; at?: Date; paymentIntentId?: string | null } = {},
): ReserveTickets => ({
  type: 'ReserveTickets',
  data: {
    competitionId,
    entryId: entryId(n),
    userId: `u-${n}`,
    quantity,
    answer: options.answer ?? '4',
    ...(options.questionIndex === undefined ? {} : { questionIndex: options.questionIndex }),
    paymentIntentId: options.paymentIntentId === undefined ? intentId(n) : options.paymentIntentId,
    expiresAt: new Date((options.at ?? now).getTime() + 10 * 60_000).toISOString(),
  },
  metadata: { now: options.at ?? now },
})

export const allocate = (n: number, at = now): CompetitionCommand => ({
  type: 'AllocateTickets',
  data: { competitionId, entryId: entryId(n), entryReference: `PRZ-2030-${String(n).padStart(6, '0')}` },
  metadata: { now: at },
})

/** Releases entry `n`'s reservation, by default as expired at its expiry (ten minutes in). */
export const release = (
  n: number,
  reason: ReleaseReason = 'expired',
  at = minutes(10),
): CompetitionCommand => ({
  type: 'ReleaseReservation',
  data: { competitionId, entryId: entryId(n), reason },
  metadata: { now: at },
})

export const fold = (events: readonly CompetitionEvent[], from: CompetitionState = initialState) =>
  events.reduce(evolve, from)

/** Given these events, when this command, then these events (or this error). */
export function given(...events: CompetitionEvent[]) {
  const state = fold(events)
  return {
    state,
    when: (command: CompetitionCommand) => ({
      decided: () => decide(command, state),
      thenEmits: (expected: CompetitionEvent[]) => expect(decide(command, state)).toEqual(expected),
      thenFails: (expected: Record<string, unknown>) =>
        expect(() => decide(command, state)).toThrow(expect.objectContaining(expected)),
    }),
  }
}

/** Runs commands one after another on the stream, as the handler does; refusals are collected. */
export function run(
  commands: readonly CompetitionCommand[],
  from: readonly CompetitionEvent[],
  afterEach: (state: CompetitionState, command: CompetitionCommand) => void = () => undefined,
) {
  let state = fold(from)
  const refusals: unknown[] = []
  for (const command of commands) {
    try {
      state = fold(decide(command, state), state)
    } catch (error) {
      refusals.push(error)
    }
    afterEach(state, command)
  }
  return { state, refusals }
}
