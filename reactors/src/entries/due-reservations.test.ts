import type { RecordedEvent } from '@prizes/event-store'
import { describe, expect, it } from 'vitest'
import { DueReservations, reservationChangeOf } from './due-reservations'

const entryId = '7b4c7a52-2f3a-4f63-9a57-6f7f4b0f3c11'
const recorded = (type: string, data: Record<string, unknown>): RecordedEvent => ({
  id: `event-${type}`,
  streamId: 'competition-c-1',
  type,
  data,
  metadata: {},
  revision: 0n,
  position: { commit: 1n, prepare: 1n },
  recordedAt: new Date('2030-01-10T12:00:00.000Z'),
})
const reserved = recorded('TicketsReserved', {
  competitionId: 'c-1',
  entryId,
  userId: 'u-1',
  quantity: 2,
  amountPence: 500,
  paymentIntentId: 'pi_1',
  answer: '4',
  expiresAt: '2030-01-10T12:10:00.000Z',
})
const allocated = recorded('TicketsAllocated', {
  competitionId: 'c-1',
  entryId,
  userId: 'u-1',
  ticketNumbers: [1, 2],
  entryReference: 'PRZ-2030-000001',
  answer: '4',
  answerCorrect: true,
  amountPence: 500,
  paymentIntentId: 'pi_1',
})
const released = recorded('ReservationReleased', { competitionId: 'c-1', entryId, reason: 'expired' })

function apply(list: DueReservations, event: RecordedEvent) {
  const change = reservationChangeOf(event)
  return change ? list.apply(change) : undefined
}

describe('due reservations', () => {
  it('holds a reservation until it is allocated or released', () => {
    for (const settling of [allocated, released]) {
      const list = new DueReservations()
      expect(apply(list, reserved)).toMatchObject({ kind: 'reserved' })
      expect(list.list()).toEqual([
        {
          competitionId: 'c-1',
          entryId,
          paymentIntentId: 'pi_1',
          expiresAt: new Date('2030-01-10T12:10:00.000Z'),
          eventId: 'event-TicketsReserved',
        },
      ])
      expect(apply(list, settling)).toEqual({ kind: 'settled', entryId })
      expect(list.list()).toEqual([])
    }
  })

  it('keeps a replaced reservation due, so its intent is made sure of at its expiry', () => {
    const list = new DueReservations()
    apply(list, reserved)
    const replaced = recorded('ReservationReleased', { competitionId: 'c-1', entryId, reason: 'replaced' })
    expect(apply(list, replaced)).toBeUndefined()
    expect(list.list()).toEqual([expect.objectContaining({ entryId, paymentIntentId: 'pi_1' })])
    expect(apply(list, allocated)).toEqual({ kind: 'settled', entryId })
  })

  it('takes a repeat of either event as nothing new', () => {
    const list = new DueReservations()
    apply(list, reserved)
    expect(apply(list, reserved)).toBeUndefined()
    apply(list, released)
    expect(apply(list, released)).toBeUndefined()
    expect(list.list()).toEqual([])
  })

  it('ignores other events and unreadable data', () => {
    expect(reservationChangeOf(recorded('CompetitionPublished', { competitionId: 'c-1' }))).toBeUndefined()
    expect(reservationChangeOf(recorded('TicketsReserved', { entryId: 'not-a-uuid' }))).toBeUndefined()
  })
})
