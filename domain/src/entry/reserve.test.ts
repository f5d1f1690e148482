import { entryMessages } from '@prizes/contracts'
import { describe, expect, it } from 'vitest'
import type { CompetitionCommand } from '../competition/decide'
import { NotEnoughTickets } from './errors'
import { heldTickets, remainingTickets } from './state'
import {
  competitionId,
  created,
  entryId,
  given,
  intentId,
  minutes,
  now,
  published,
  reserve,
  reserved,
  run,
} from './test-fixtures'

describe('ReserveTickets', () => {
  it('holds the tickets at the server’s price until the expiry it is given', () => {
    given(created(), published)
      .when(reserve(1, 3))
      .thenEmits([
        {
          type: 'TicketsReserved',
          data: {
            competitionId,
            entryId: entryId(1),
            userId: 'u-1',
            quantity: 3,
            amountPence: 750,
            paymentIntentId: intentId(1),
            answer: '4',
            expiresAt: minutes(10).toISOString(),
          },
        },
      ])
  })

  it('accepts any of the four options, the wrong ones too', () => {
    for (const answer of ['3', '4', '5', '6']) {
      const [event] = given(created(), published)
        .when(reserve(1, 1, { answer }))
        .decided()
      expect(event).toMatchObject({ type: 'TicketsReserved', data: { answer } })
    }
  })

  it('refuses an answer that is not one of the options', () => {
    given(created(), published)
      .when(reserve(1, 1, { answer: '22' }))
      .thenFails({ code: 'INVALID_ENTRY', field: 'skillQuestionAnswer', message: entryMessages.selectAnswer })
  })

  it.each([0, 11, 1.5, -1])('refuses %s entries', (quantity) => {
    given(created({ totalTickets: 100 }), published)
      .when(reserve(1, quantity))
      .thenFails({ code: 'INVALID_ENTRY', field: 'numberOfEntries', message: entryMessages.numberOfEntries })
  })

  it('refuses a competition that is not published, and one that does not exist', () => {
    given(created()).when(reserve(1)).thenFails({
      code: 'COMPETITION_NOT_ACTIVE',
      message: entryMessages.competitionNotActive,
    })
    given().when(reserve(1)).thenFails({ code: 'COMPETITION_NOT_FOUND' })
  })

  it('refuses before the start date and from the end date on, though still active', () => {
    const before = new Date('2029-12-31T23:59:59.999Z')
    const atEnd = new Date('2030-02-01T00:00:00.000Z')
    for (const at of [before, atEnd]) {
      given(created(), published)
        .when(reserve(1, 1, { at }))
        .thenFails({ code: 'COMPETITION_NOT_ACTIVE' })
    }
    const atStart = new Date('2030-01-01T00:00:00.000Z')
    expect(
      given(created(), published)
        .when(reserve(1, 1, { at: atStart }))
        .decided(),
    ).toHaveLength(1)
  })

  it('never sells past the total: the last tickets go, one more is refused with the clear message', () => {
    const nineteen = Array.from({ length: 19 }, (_, i) => reserved(i + 1))
    expect(
      given(created(), published, ...nineteen)
        .when(reserve(30))
        .decided(),
    ).toHaveLength(1)
    given(created(), published, ...nineteen)
      .when(reserve(30, 2))
      .thenFails({
        code: 'NOT_ENOUGH_TICKETS',
        message: entryMessages.notEnoughTickets,
        requested: 2,
        remaining: 1,
      })
  })

  it('lets expired reservations free their tickets, even before a reactor releases them', () => {
    const allHeld = [reserved(1, 10), reserved(2, 10)]
    given(created(), published, ...allHeld)
      .when(reserve(3))
      .thenFails({ code: 'NOT_ENOUGH_TICKETS' })
    const later = minutes(10)
    expect(
      given(created(), published, ...allHeld)
        .when(reserve(3, 10, { at: later }))
        .decided(),
    ).toHaveLength(1)
  })

  it('lets released reservations free their tickets', () => {
    const released = {
      type: 'ReservationReleased',
      data: { competitionId, entryId: entryId(1), reason: 'payment_failed' },
    } as const
    const state = given(created(), published, reserved(1, 10), reserved(2, 10), released).state
    if (!state.exists) throw new Error('fixture: competition expected')
    expect(remainingTickets(state, 20, now)).toBe(10)
    expect(state.tickets.reserved).toBe(10)
  })

  it('answers a repeated reservation with nothing new, and refuses another user’s clash', () => {
    given(created(), published, reserved(1)).when(reserve(1)).thenEmits([])
    const clash: CompetitionCommand = { ...reserve(1), data: { ...reserve(1).data, userId: 'u-2' } }
    given(created(), published, reserved(1)).when(clash).thenFails({ code: 'ENTRY_ALREADY_EXISTS' })
  })

  it('keeps a free competition free: no intent, nothing to pay', () => {
    const [event] = given(created({ entryPricePence: 0 }), published)
      .when(reserve(1, 2, { paymentIntentId: null }))
      .decided()
    expect(event).toMatchObject({ data: { amountPence: 0, paymentIntentId: null } })
  })

  it('is quoted by the same rules without recording anything', () => {
    const quote = (quantity: number): CompetitionCommand => ({
      type: 'QuoteEntry',
      data: { competitionId, userId: 'u-9', quantity, answer: '5' },
      metadata: { now },
    })
    given(created(), published, reserved(1, 10)).when(quote(10)).thenEmits([])
    given(created(), published, reserved(1, 10), reserved(2, 5))
      .when(quote(6))
      .thenFails({ code: 'NOT_ENOUGH_TICKETS' })
    given(created()).when(quote(1)).thenFails({ code: 'COMPETITION_NOT_ACTIVE' })
  })

  it('never oversells under any mix of purchases, expiries and payments', () => {
    // A fixed pseudo-random walk (a linear congruential generator), so the test is repeatable.
    let seed = 42
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
      return seed % n
    }
    const commands: CompetitionCommand[] = []
    for (let i = 1; i <= 300; i += 1) {
      const at = minutes(i)
      const pick = next(3)
      if (pick === 0 || i < 5) commands.push(reserve(i, 1 + next(10), { at }))
      else {
        const target = 1 + next(i - 1)
        commands.push({ ...(pick === 1 ? allocateAt(target, at) : release(target, at)) })
      }
    }
    let sold = 0
    const { state, refusals } = run(commands, [created(), published], (after, command) => {
      if (!after.exists) return
      // At every step, what is sold plus what is held at that moment fits in the total.
      const held = heldTickets(after, command.metadata.now)
      expect(after.tickets.allocated + held).toBeLessThanOrEqual(20)
      sold = after.tickets.allocated
    })
    if (!state.exists) throw new Error('fixture: competition expected')
    expect(sold).toBeGreaterThan(10)
    expect(refusals.some((error) => error instanceof NotEnoughTickets)).toBe(true)
    const numbers = [...state.entries.values()].flatMap((entry) => entry.ticketNumbers)
    expect(numbers.length).toBe(state.tickets.allocated)
    expect(new Set(numbers).size).toBe(numbers.length)
    expect(numbers.every((n) => n >= 1 && n <= 20)).toBe(true)
    expect(state.tickets.allocated).toBeLessThanOrEqual(20)
  })
})

function allocateAt(n: number, at: Date): CompetitionCommand {
  return {
    type: 'AllocateTickets',
    data: { competitionId, entryId: entryId(n), entryReference: `PRZ-2030-${n}` },
    metadata: { now: at },
  }
}

function release(n: number, at: Date): CompetitionCommand {
  return {
    type: 'ReleaseReservation',
    data: { competitionId, entryId: entryId(n), reason: 'expired' },
    metadata: { now: at },
  }
}
