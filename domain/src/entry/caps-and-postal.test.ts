import { entryCapMessage } from '@prizes/contracts'
import { describe, expect, it } from 'vitest'
import type { CompetitionCommand } from '../competition/decide'
import type { CompetitionEvent } from '../competition/events'
import { decodeCompetition, encodeCompetition } from '../competition/snapshot'
import { eligibleFromEntries } from '../draw/eligible'
import { ticketsOfUser } from './state'
import {
  allocate,
  competitionId,
  created,
  entryId,
  fold,
  given,
  intentId,
  minutes,
  now,
  published,
  reserve,
  reserved,
} from './test-fixtures'

/** Entry `n`'s tickets, allocated as the decider would (numbers given). */
function allocated(n: number, ticketNumbers: number[], userId = `u-${n}`, answer = '4'): CompetitionEvent {
  return {
    type: 'TicketsAllocated',
    data: {
      competitionId,
      entryId: entryId(n),
      userId,
      ticketNumbers,
      entryReference: `PRZ-2030-${String(n).padStart(6, '0')}`,
      answer,
      answerCorrect: answer === '4',
      amountPence: ticketNumbers.length * 250,
      paymentIntentId: intentId(n),
      allocatedAt: now.toISOString(),
    },
  }
}

/** A reservation of `quantity` for `userId` (entry `n`). */
function reservedFor(n: number, userId: string, quantity: number, expiresAt = minutes(10)): CompetitionEvent {
  const event = reserved(n, quantity, expiresAt)
  return { ...event, data: { ...event.data, userId } } as CompetitionEvent
}

const postal = (
  n: number,
  options: { userId?: string; answer?: string; receivedAt?: Date; at?: Date } = {},
): CompetitionCommand => ({
  type: 'RecordPostalEntry',
  data: {
    competitionId,
    entryId: entryId(n),
    userId: options.userId ?? `u-${n}`,
    answer: options.answer ?? '4',
    receivedAt: (options.receivedAt ?? minutes(-60 * 24)).toISOString(),
    entryReference: `PRZ-2030-${String(n).padStart(6, '0')}`,
  },
  metadata: { now: options.at ?? now },
})

const asUser = (command: Extract<CompetitionCommand, { type: 'ReserveTickets' }>, userId: string) => ({
  ...command,
  data: { ...command.data, userId },
})

describe('the per-person entry cap', () => {
  it('refuses a reservation over the cap, saying how many remain', () => {
    given(
      created({ maxEntriesPerPerson: 5 }),
      published,
      reservedFor(1, 'u-a', 3),
      allocated(1, [1, 2, 3], 'u-a'),
    )
      .when(asUser(reserve(2, 3), 'u-a'))
      .thenFails({ code: 'ENTRY_CAP_REACHED', cap: 5, remaining: 2, message: entryCapMessage(5, 2) })
  })

  it('says so in words: "You can have at most 20 entries in this competition. You have 3 left."', () => {
    expect(entryCapMessage(20, 3)).toBe(
      'You can have at most 20 entries in this competition. You have 3 left.',
    )
    expect(entryCapMessage(1, 0)).toBe(
      'You can have at most 1 entry in this competition. You have none left.',
    )
  })

  it('lets a reservation up to the cap through, and a quote says the same', () => {
    const events = [
      created({ maxEntriesPerPerson: 5 }),
      published,
      reservedFor(1, 'u-a', 3),
      allocated(1, [1, 2, 3], 'u-a'),
    ]
    const [event] = given(...events)
      .when(asUser(reserve(2, 2), 'u-a'))
      .decided()
    expect(event).toMatchObject({ type: 'TicketsReserved', data: { quantity: 2 } })
    given(...events)
      .when({
        type: 'QuoteEntry',
        data: { competitionId, userId: 'u-a', quantity: 3, answer: '4' },
        metadata: { now },
      })
      .thenFails({ code: 'ENTRY_CAP_REACHED', remaining: 2 })
  })

  it('does not count another person’s tickets', () => {
    const [event] = given(
      created({ maxEntriesPerPerson: 3 }),
      published,
      reservedFor(1, 'u-a', 3),
      allocated(1, [1, 2, 3], 'u-a'),
    )
      .when(asUser(reserve(2, 3), 'u-b'))
      .decided()
    expect(event).toMatchObject({ type: 'TicketsReserved' })
  })

  it('owes back a replaced reservation paid late that would pass the cap', () => {
    // u-a reserves 3, then 3 again (replacing the first), pays the second, then the first.
    const state = given(
      created({ maxEntriesPerPerson: 5 }),
      published,
      reservedFor(1, 'u-a', 3),
      { type: 'ReservationReleased', data: { competitionId, entryId: entryId(1), reason: 'replaced' } },
      reservedFor(2, 'u-a', 3),
      allocated(2, [1, 2, 3], 'u-a'),
    )
    state.when(allocate(1)).thenEmits([
      {
        type: 'PaymentRefundDue',
        data: {
          competitionId,
          entryId: entryId(1),
          userId: 'u-a',
          amountPence: 750,
          paymentIntentId: intentId(1),
          reason: 'entry_cap',
        },
      },
    ])
  })

  it('gives back a refunded entry’s tickets to the cap', () => {
    const state = fold([
      created({ maxEntriesPerPerson: 5 }),
      published,
      reservedFor(1, 'u-a', 3),
      allocated(1, [1, 2, 3], 'u-a'),
    ])
    expect(state.exists && ticketsOfUser(state, 'u-a')).toBe(3)
    const refunded = fold(
      [
        {
          type: 'EntryRefundRequested',
          data: {
            competitionId,
            entryId: entryId(1),
            amountPence: 750,
            paymentIntentId: intentId(1),
            reason: 'x',
          },
        },
      ],
      state,
    )
    expect(refunded.exists && ticketsOfUser(refunded, 'u-a')).toBe(0)
  })

  it('uses 100 for a competition created before caps', () => {
    const events = [created(), published]
    for (let n = 1; n <= 10; n += 1)
      events.push(
        reservedFor(n, 'u-a', 10),
        allocated(
          n,
          Array.from({ length: 10 }, (_, i) => (n - 1) * 10 + i + 1),
          'u-a',
        ),
      )
    given(created({ totalTickets: 1000 }), ...events.slice(1))
      .when(asUser(reserve(11, 1), 'u-a'))
      .thenFails({ code: 'ENTRY_CAP_REACHED', cap: 100, remaining: 0 })
  })
})

describe('RecordPostalEntry', () => {
  it('records one ticket, numbered in turn, with the answer decided as a paid one is', () => {
    given(created(), published, reserved(1, 2), allocated(1, [1, 2]))
      .when(postal(2, { answer: '5' }))
      .thenEmits([
        {
          type: 'PostalEntryRecorded',
          data: {
            competitionId,
            entryId: entryId(2),
            userId: 'u-2',
            ticketNumbers: [3],
            entryReference: 'PRZ-2030-000002',
            answer: '5',
            answerCorrect: false,
            amountPence: 0,
            paymentIntentId: null,
            receivedAt: minutes(-60 * 24).toISOString(),
            allocatedAt: now.toISOString(),
          },
        },
      ])
  })

  it('is in the draw with a correct answer, like any ticket', () => {
    const state = given(created(), published).state
    const [event] = given(created(), published).when(postal(1)).decided()
    const after = fold(event ? [event] : [], state)
    expect(after.exists && eligibleFromEntries(after).map((t) => t.ticketNumber)).toEqual([1])
    expect(after.exists && after.tickets).toEqual({ allocated: 1, reserved: 0, nextNumber: 2 })
  })

  it('records nothing when the same envelope is submitted again', () => {
    const [event] = given(created(), published).when(postal(1)).decided()
    if (!event) throw new Error('no event')
    given(created(), published, event).when(postal(1)).thenEmits([])
    given(created(), published, event)
      .when(postal(1, { userId: 'u-other' }))
      .thenFails({ code: 'INVALID_POSTAL_ENTRY', field: 'entryId' })
  })

  it('refuses an envelope received after the close', () => {
    given(created(), published)
      .when(
        postal(1, {
          receivedAt: new Date('2030-02-01T00:00:00.000Z'),
          at: new Date('2030-01-31T23:00:00.000Z'),
        }),
      )
      .thenFails({ code: 'INVALID_POSTAL_DATE', field: 'receivedAt' })
  })

  it('refuses an envelope received before the day the competition opened (issue 23)', () => {
    // The fixtures' competition opens at 2030-01-01T00:00Z.
    for (const receivedAt of ['0001-01-01T00:00:00.000Z', '2029-12-31T23:59:59.000Z']) {
      given(created(), published)
        .when(postal(1, { receivedAt: new Date(receivedAt) }))
        .thenFails({ code: 'INVALID_POSTAL_DATE', field: 'receivedAt' })
    }
    const opening = new Date('2030-01-01T00:00:00.000Z')
    expect(
      given(created(), published)
        .when(postal(1, { receivedAt: opening }))
        .decided(),
    ).toHaveLength(1)
    // An opening later in the day still takes an envelope dated that day.
    expect(
      given(created({ startDate: '2030-01-01T15:00:00.000Z' }), published)
        .when(postal(1, { receivedAt: opening }))
        .decided(),
    ).toHaveLength(1)
  })

  it('refuses a date received in the future', () => {
    given(created(), published)
      .when(postal(1, { receivedAt: minutes(60) }))
      .thenFails({
        code: 'INVALID_POSTAL_DATE',
        field: 'receivedAt',
        message: 'The date received cannot be in the future',
      })
  })

  it('counts with paid entries and a live reservation against the cap', () => {
    const events = [
      created({ maxEntriesPerPerson: 4 }),
      published,
      reservedFor(1, 'u-a', 2),
      allocated(1, [1, 2], 'u-a'),
      reservedFor(2, 'u-a', 1),
    ]
    given(...events)
      .when(postal(3, { userId: 'u-a' }))
      .decided()
    const [event] = given(...events)
      .when(postal(3, { userId: 'u-a' }))
      .decided()
    if (!event) throw new Error('no event')
    given(...events, event)
      .when(postal(4, { userId: 'u-a' }))
      .thenFails({ code: 'ENTRY_CAP_REACHED', cap: 4, remaining: 0 })
    given(...events, event)
      .when(asUser(reserve(5, 2), 'u-a'))
      .thenFails({ code: 'ENTRY_CAP_REACHED', cap: 4, remaining: 1 })
  })

  it('refuses when no tickets are left', () => {
    given(created({ totalTickets: 2 }), published, reserved(1, 2), allocated(1, [1, 2]))
      .when(postal(2))
      .thenFails({ code: 'NOT_ENOUGH_TICKETS' })
  })

  it('survives a snapshot, postal flag and per-person counts included', () => {
    const [event] = given(created(), published)
      .when(postal(1, { userId: 'u-a' }))
      .decided()
    if (!event) throw new Error('no event')
    const state = fold([created(), published, reservedFor(2, 'u-a', 2), allocated(2, [1, 2], 'u-a'), event])
    const restored = decodeCompetition(encodeCompetition(state))
    expect(restored.exists && restored.entries.get(entryId(1))?.postal).toBe(true)
    expect(restored.exists && restored.entries.get(entryId(2))?.postal).toBe(false)
    expect(restored.exists && ticketsOfUser(restored, 'u-a')).toBe(3)
  })
})
