import { randomUUID } from 'node:crypto'
import type { EntryEvent } from '@prizes/contracts'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import { createKnex } from '@prizes/platform'
import type { EntryRow } from '@prizes/read-models'
import { migrateReadModels } from '@prizes/read-models'
import type { Knex } from 'knex'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { readCheckpoint } from '../checkpoints'
import { competitionsProjection } from '../competitions/projection'
import { applyEvents } from '../runner/apply-events'
import {
  type CompetitionStreamEvent,
  closedAndDrawn,
  competitionDetails,
  recorded,
} from '../testing/fixtures'
import { entriesProjection } from './projection'

let db: TestDatabase
let knex: Knex

beforeAll(async () => {
  db = await createTestDatabase('entries_projection')
  knex = createKnex(db.url)
  await migrateReadModels(knex)
})
afterAll(async () => {
  await knex.destroy()
  await db.drop()
})
beforeEach(async () => {
  await knex.raw('truncate table entries, competitions, projection_checkpoints')
})

const given = (events: Parameters<typeof applyEvents>[2]) =>
  knex.transaction(async (trx) => {
    await applyEvents(trx, competitionsProjection, events)
    await applyEvents(trx, entriesProjection, events)
  })
const truncateThenGiven = async (events: CompetitionStreamEvent[]) => {
  await knex.raw('truncate table entries, competitions, projection_checkpoints')
  await given(recorded(events))
}
const rows = () => knex<EntryRow>('entries').orderBy('reserved_at').orderBy('id').select()
const soldTickets = async () =>
  (await knex('competitions').first<{ sold_tickets: number }>('sold_tickets'))?.sold_tickets

const created: CompetitionStreamEvent = {
  type: 'CompetitionCreated',
  data: { competitionId: 'c1', details: competitionDetails(), featured: false },
}
const [alice, bob] = [randomUUID(), randomUUID()]

const reserved = (entryId: string, userId = 'u-alice', quantity = 2): EntryEvent => ({
  type: 'TicketsReserved',
  data: {
    competitionId: 'c1',
    entryId,
    userId,
    quantity,
    amountPence: 299 * quantity,
    paymentIntentId: `pi_${entryId}`,
    answer: 'Paris',
    expiresAt: '2030-01-01T09:10:00.000Z',
  },
})
const allocated = (
  entryId: string,
  ticketNumbers: number[],
  userId = 'u-alice',
  entryReference = `PRZ-2030-${String(ticketNumbers[0]).padStart(6, '0')}`,
): EntryEvent => ({
  type: 'TicketsAllocated',
  data: {
    competitionId: 'c1',
    entryId,
    userId,
    ticketNumbers,
    entryReference,
    answer: 'Paris',
    answerCorrect: true,
    amountPence: 299 * ticketNumbers.length,
    paymentIntentId: `pi_${entryId}`,
  },
})
const released = (entryId: string): EntryEvent => ({
  type: 'ReservationReleased',
  data: { competitionId: 'c1', entryId, reason: 'expired' },
})
const refunded = (entryId: string, amountPence: number): EntryEvent => ({
  type: 'EntryRefunded',
  data: {
    competitionId: 'c1',
    entryId,
    amountPence,
    paymentIntentId: `pi_${entryId}`,
    refundId: `re_${entryId}`,
    reason: 'competition_cancelled',
  },
})

const postal = (entryId: string, ticketNumber: number, answer = 'Paris'): EntryEvent => ({
  type: 'PostalEntryRecorded',
  data: {
    competitionId: 'c1',
    entryId,
    userId: 'u-alice',
    ticketNumbers: [ticketNumber],
    entryReference: `PRZ-2030-${String(ticketNumber).padStart(6, '0')}`,
    answer,
    answerCorrect: answer === 'Paris',
    amountPence: 0,
    paymentIntentId: null,
    receivedAt: '2029-12-31T00:00:00.000Z',
    allocatedAt: '2030-01-01T09:05:00.000Z',
  },
})

describe('entries projection', () => {
  test('a postal entry is a paid row of one free ticket, marked postal, counted as sold; twice is once', async () => {
    const events = recorded([created, reserved(alice), allocated(alice, [1, 2]), postal(bob, 3, 'Rome')])
    await given(events)
    await given(events)
    expect(await rows()).toEqual([
      expect.objectContaining({ id: alice, entry_method: 'online', received_at: null }),
      expect.objectContaining({
        id: bob,
        user_id: 'u-alice',
        quantity: 1,
        amount_pence: 0,
        answer: 'Rome',
        answer_correct: false,
        ticket_numbers: [3],
        entry_reference: 'PRZ-2030-000003',
        payment_intent_id: null,
        payment_status: 'paid',
        status: 'allocated',
        entry_method: 'postal',
        received_at: new Date('2029-12-31T00:00:00.000Z'),
      }),
    ])
    expect(await soldTickets()).toBe(3)
  })

  test('a chargeback shows the entry disputed; won and reinstated it is allocated again; lost it is refunded', async () => {
    const dispute = (entryId: string): EntryEvent => ({
      type: 'EntryDisputed',
      data: {
        competitionId: 'c1',
        entryId,
        amountPence: 598,
        paymentIntentId: `pi_${entryId}`,
        disputeId: `dp_${entryId}`,
        reason: 'fraudulent',
      },
    })
    const closed = (entryId: string, outcome: 'won' | 'lost'): EntryEvent => ({
      type: 'EntryDisputeClosed',
      data: {
        competitionId: 'c1',
        entryId,
        paymentIntentId: `pi_${entryId}`,
        disputeId: `dp_${entryId}`,
        outcome,
        reinstated: outcome === 'won',
      },
    })
    const opened = [
      created,
      reserved(alice),
      allocated(alice, [1, 2]),
      reserved(bob, 'u-bob'),
      allocated(bob, [3, 4], 'u-bob'),
    ]
    await given(recorded([...opened, dispute(alice), dispute(bob)]))
    expect((await rows()).map((row) => [row.status, row.payment_status])).toEqual([
      ['disputed', 'paid'],
      ['disputed', 'paid'],
    ])
    await truncateThenGiven([
      ...opened,
      dispute(alice),
      dispute(bob),
      closed(alice, 'won'),
      closed(bob, 'lost'),
      refunded(bob, 598),
    ])
    expect((await rows()).map((row) => [row.status, row.payment_status])).toEqual([
      ['allocated', 'paid'],
      ['refunded', 'refunded'],
    ])
  })

  test('a reservation is a pending row; its allocation makes it paid with its tickets', async () => {
    const events = recorded([created, reserved(alice), allocated(alice, [7, 8])])
    await given(events)

    expect(await rows()).toEqual([
      expect.objectContaining({
        id: alice,
        competition_id: 'c1',
        user_id: 'u-alice',
        quantity: 2,
        amount_pence: 598,
        answer: 'Paris',
        answer_correct: true,
        ticket_numbers: [7, 8],
        entry_reference: 'PRZ-2030-000007',
        payment_intent_id: `pi_${alice}`,
        payment_status: 'paid',
        status: 'allocated',
        reserved_at: new Date('2030-01-01T09:01:00.000Z'),
        expires_at: new Date('2030-01-01T09:10:00.000Z'),
        paid_at: new Date('2030-01-01T09:02:00.000Z'),
        refunded_at: null,
        last_revision: 2,
      }),
    ])
    expect(await soldTickets()).toBe(2)
    expect(await readCheckpoint(knex, 'entries')).toEqual(events.at(-1)?.position)
  })

  test('a released reservation fails; a refund keeps the tickets on the row and sold stays', async () => {
    await given(
      recorded([
        created,
        reserved(alice),
        reserved(bob, 'u-bob', 1),
        released(bob),
        allocated(alice, [1, 2]),
        refunded(alice, 598),
      ]),
    )

    expect((await rows()).map((r) => [r.user_id, r.payment_status, r.status, r.ticket_numbers])).toEqual([
      ['u-alice', 'refunded', 'refunded', [1, 2]],
      ['u-bob', 'failed', 'released', []],
    ])
    expect((await rows())[0]?.refunded_at).toEqual(new Date('2030-01-01T09:05:00.000Z'))
    expect(await soldTickets()).toBe(2)
  })

  test("an admin's refund is pending from its request until it is recorded", async () => {
    const requested: EntryEvent = {
      type: 'EntryRefundRequested',
      data: {
        competitionId: 'c1',
        entryId: alice,
        amountPence: 598,
        paymentIntentId: `pi_${alice}`,
        reason: 'Asked',
      },
    }
    const stream = [created, reserved(alice), allocated(alice, [1, 2]), requested]
    await given(recorded(stream))
    expect((await rows()).map((r) => [r.payment_status, r.status, r.refund_reason, r.refunded_at])).toEqual([
      ['refunded', 'refund_pending', 'Asked', null],
    ])
    await given(recorded([...stream, refunded(alice, 598)]))
    expect((await rows()).map((r) => [r.payment_status, r.status])).toEqual([['refunded', 'refunded']])
  })

  test('a payment after expiry is allocated, or is due a refund when no tickets remain', async () => {
    const due: EntryEvent = {
      type: 'PaymentRefundDue',
      data: {
        competitionId: 'c1',
        entryId: bob,
        userId: 'u-bob',
        amountPence: 299,
        paymentIntentId: `pi_${bob}`,
        reason: 'sold_out',
      },
    }
    await given(
      recorded([
        created,
        reserved(alice),
        released(alice),
        allocated(alice, [3, 4]),
        reserved(bob, 'u-bob', 1),
        released(bob),
        due,
      ]),
    )

    expect((await rows()).map((r) => [r.user_id, r.payment_status, r.status, r.refund_reason])).toEqual([
      ['u-alice', 'paid', 'allocated', null],
      ['u-bob', 'refunded', 'refund_due', 'sold_out'],
    ])
    expect(await soldTickets()).toBe(2)
  })

  test('an allocation without a reservation (a free entry) creates its row', async () => {
    await given(recorded([created, allocated(alice, [9])]))
    expect(await rows()).toEqual([
      expect.objectContaining({
        id: alice,
        user_id: 'u-alice',
        quantity: 1,
        payment_status: 'paid',
        reserved_at: new Date('2030-01-01T09:01:00.000Z'),
        paid_at: new Date('2030-01-01T09:01:00.000Z'),
      }),
    ])
  })

  test('the same events delivered twice leave the same rows and the same sold count', async () => {
    const events = recorded([
      created,
      reserved(alice),
      allocated(alice, [1, 2]),
      reserved(bob, 'u-bob', 3),
      released(bob),
      refunded(alice, 598),
    ])
    await given(events)
    const once = await rows()

    await given(events)
    expect(await rows()).toEqual(once)
    // One at a time, as a redelivery after a crash would be.
    for (const event of events) await given([event])
    expect(await rows()).toEqual(once)
    expect(once.map((r) => r.payment_status)).toEqual(['refunded', 'failed'])
    expect(await soldTickets()).toBe(2)
  })

  test('an older event arriving after a newer one does not undo it', async () => {
    const [create, reserve, allocate, refund] = recorded([
      created,
      reserved(alice),
      allocated(alice, [5, 6]),
      refunded(alice, 598),
    ])
    if (!create || !reserve || !allocate || !refund) throw new Error('fixture')
    await given([create, reserve, refund])
    await given([allocate])

    expect(await rows()).toEqual([
      expect.objectContaining({ payment_status: 'refunded', status: 'refunded', last_revision: 3 }),
    ])
  })

  test('the draw marks the winning entry, once', async () => {
    const events = recorded([
      created,
      ...[reserved(alice), allocated(alice, [1, 2]), reserved(bob, 'u-bob', 1), allocated(bob, [3], 'u-bob')],
      ...closedAndDrawn('c1', { entryId: bob, userId: 'u-bob', ticket: 3 }),
    ])
    await given(events)
    await given(events)
    expect((await rows()).map((r) => [r.user_id, r.won_at])).toEqual([
      ['u-alice', null],
      ['u-bob', new Date('2030-01-01T09:07:00.000Z')],
    ])
  })

  test('a second entry under a reference already shown is refused, and nothing of it is written', async () => {
    const [create, reserveAlice, allocateAlice, reserveBob, allocateBob] = recorded([
      created,
      reserved(alice),
      allocated(alice, [1, 2]),
      reserved(bob, 'u-bob', 1),
      allocated(bob, [3], 'u-bob', 'PRZ-2030-000001'),
    ])
    if (!create || !reserveAlice || !allocateAlice || !reserveBob || !allocateBob) throw new Error('fixture')
    await given([create, reserveAlice, allocateAlice, reserveBob])
    await expect(given([allocateBob])).rejects.toMatchObject({ constraint: 'entries_entry_reference_key' })
    expect((await rows()).map((r) => [r.user_id, r.status, r.entry_reference])).toEqual([
      ['u-alice', 'allocated', 'PRZ-2030-000001'],
      ['u-bob', 'reserved', null],
    ])
  })

  test('data that breaks its contract is refused and nothing is written', async () => {
    const [create, reserve] = recorded([created, reserved(alice)])
    if (!create || !reserve) throw new Error('fixture')
    await expect(
      given([create, { ...reserve, data: { competitionId: 'c1', entryId: 'x' } }]),
    ).rejects.toThrow(/userId/)
    expect(await rows()).toEqual([])
  })
})
