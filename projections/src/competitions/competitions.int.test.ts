import { randomUUID } from 'node:crypto'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import { createKnex } from '@prizes/platform'
import type { CompetitionRow } from '@prizes/read-models'
import { migrateReadModels } from '@prizes/read-models'
import type { Knex } from 'knex'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { readCheckpoint } from '../checkpoints'
import { applyEvents } from '../runner/apply-events'
import { closedAndDrawn, competitionDetails, recorded } from '../testing/fixtures'
import { competitionsProjection } from './projection'

let db: TestDatabase
let knex: Knex

beforeAll(async () => {
  db = await createTestDatabase('competitions_projection')
  knex = createKnex(db.url)
  await migrateReadModels(knex)
})
afterAll(async () => {
  await knex.destroy()
  await db.drop()
})
beforeEach(async () => {
  await knex('competitions').truncate()
  await knex('projection_checkpoints').truncate()
})

const given = (events: Parameters<typeof applyEvents>[2]) =>
  knex.transaction((trx) => applyEvents(trx, competitionsProjection, events))
const rows = () => knex<CompetitionRow>('competitions').orderBy('id').select()

const created = (id: string, featured = false) =>
  ({
    type: 'CompetitionCreated',
    data: { competitionId: id, details: competitionDetails(), featured },
  }) as const

describe('competitions projection', () => {
  test('a created competition is a draft row with its details in pence', async () => {
    await given(recorded([created('c1', true)]))

    expect(await rows()).toEqual([
      expect.objectContaining({
        id: 'c1',
        title: 'Win a Tesla Model 3',
        prize_value_pence: 4_500_000,
        entry_price_pence: 299,
        total_tickets: 1000,
        sold_tickets: 0,
        location: 'UK Wide',
        start_date: new Date('2030-01-01T00:00:00.000Z'),
        end_date: new Date('2030-02-01T00:00:00.000Z'),
        status: 'draft',
        featured: true,
        image_url: null,
        drawn_at: null,
        skill_question: {
          question: 'What is the capital of France?',
          options: ['London', 'Paris', 'Berlin', 'Madrid'],
          correct: 'Paris',
        },
        created_at: new Date('2030-01-01T09:00:00.000Z'),
        last_revision: 0,
      }),
    ])
  })

  test('revision, publication and featuring change the row; the checkpoint follows', async () => {
    const events = recorded([
      created('c1'),
      {
        type: 'CompetitionRevised',
        data: {
          competitionId: 'c1',
          details: competitionDetails({ title: 'Win a Porsche', entryPricePence: 500 }),
        },
      },
      { type: 'CompetitionPublished', data: { competitionId: 'c1' } },
      { type: 'CompetitionFeaturedSet', data: { competitionId: 'c1', featured: true } },
    ])
    await given(events)

    const [row] = await rows()
    expect(row).toMatchObject({
      title: 'Win a Porsche',
      entry_price_pence: 500,
      status: 'active',
      featured: true,
      last_revision: 3,
      created_at: new Date('2030-01-01T09:00:00.000Z'),
      updated_at: new Date('2030-01-01T09:03:00.000Z'),
    })
    expect(await readCheckpoint(knex, 'competitions')).toEqual(events.at(-1)?.position)
  })

  test('the same events delivered twice leave the same rows', async () => {
    const events = recorded([
      created('c1'),
      created('c2', true),
      { type: 'CompetitionPublished', data: { competitionId: 'c1' } },
      { type: 'CompetitionFeaturedSet', data: { competitionId: 'c1', featured: true } },
      { type: 'CompetitionFeaturedSet', data: { competitionId: 'c1', featured: false } },
    ])
    await given(events)
    const once = await rows()

    await given(events)
    expect(await rows()).toEqual(once)

    // One at a time, and out of a single batch, as a redelivery after a crash would be.
    for (const event of events) await given([event])
    expect(await rows()).toEqual(once)
    expect(once.map((r) => [r.id, r.status, r.featured])).toEqual([
      ['c1', 'active', false],
      ['c2', 'draft', true],
    ])
  })

  test('an older event arriving after a newer one does not undo it', async () => {
    const [create, featureOn, featureOff] = recorded([
      created('c1'),
      { type: 'CompetitionFeaturedSet', data: { competitionId: 'c1', featured: true } },
      { type: 'CompetitionFeaturedSet', data: { competitionId: 'c1', featured: false } },
    ])
    if (!create || !featureOn || !featureOff) throw new Error('fixture')
    await given([create, featureOff])
    await given([featureOn])

    expect((await rows())[0]).toMatchObject({ featured: false, last_revision: 2 })
  })

  test('allocated tickets count as sold, once; reservations and refunds do not change the count', async () => {
    const entryId = randomUUID()
    const ids = { competitionId: 'c1', entryId }
    const events = recorded([
      created('c1'),
      {
        type: 'TicketsReserved',
        data: {
          ...ids,
          userId: 'u1',
          quantity: 3,
          amountPence: 897,
          paymentIntentId: 'pi_1',
          answer: 'Paris',
          expiresAt: '2030-01-01T09:10:00.000Z',
        },
      },
      {
        type: 'TicketsAllocated',
        data: {
          ...ids,
          userId: 'u1',
          ticketNumbers: [1, 2, 3],
          entryReference: 'PRZ-2030-000001',
          answer: 'Paris',
          answerCorrect: true,
          amountPence: 897,
          paymentIntentId: 'pi_1',
        },
      },
      {
        type: 'EntryRefunded',
        data: { ...ids, amountPence: 897, paymentIntentId: 'pi_1', refundId: 're_1', reason: 'cancelled' },
      },
    ])
    await given(events)
    await given(events)
    for (const event of events) await given([event])

    expect((await rows())[0]).toMatchObject({ sold_tickets: 3, last_revision: 2 })
  })

  test('counts the free entries apart (postal, no money), once each, of the tickets sold (issue 24)', async () => {
    const allocation = (entryId: string, ticketNumbers: number[], amountPence: number) => ({
      competitionId: 'c1',
      entryId,
      userId: 'u1',
      ticketNumbers,
      entryReference: `PRZ-2030-00000${ticketNumbers[0]}`,
      answer: 'Paris',
      answerCorrect: true,
      amountPence,
    })
    const events = recorded([
      created('c1'),
      {
        type: 'TicketsAllocated',
        data: { ...allocation(randomUUID(), [1, 2], 598), paymentIntentId: 'pi_1' },
      },
      {
        type: 'PostalEntryRecorded',
        data: {
          ...allocation(randomUUID(), [3], 0),
          amountPence: 0,
          paymentIntentId: null,
          receivedAt: '2030-01-02T00:00:00.000Z',
          allocatedAt: '2030-01-03T00:00:00.000Z',
        },
      },
    ])
    await given(events)
    await given(events)

    expect((await rows())[0]).toMatchObject({ sold_tickets: 3, free_tickets: 1 })
  })

  test('closing, the draw and a cancellation move the status; the draw sets drawn_at', async () => {
    const drawn = recorded([
      created('c1'),
      { type: 'CompetitionPublished', data: { competitionId: 'c1' } },
      ...closedAndDrawn('c1', { entryId: randomUUID(), userId: 'u1', ticket: 7 }),
      created('c2'),
      { type: 'CompetitionCancelled', data: { competitionId: 'c2', reason: 'Prize unavailable' } },
    ])
    const statuses = async () => (await rows()).map((r) => [r.id, r.status, r.drawn_at])
    await given(drawn.slice(0, 3))
    expect(await statuses()).toEqual([['c1', 'closed', null]])
    await given(drawn.slice(3, 4))
    expect(await statuses()).toEqual([['c1', 'drawing', null]])

    await given(drawn)
    await given(drawn)
    expect(await statuses()).toEqual([
      ['c1', 'completed', new Date('2030-01-01T09:04:00.000Z')],
      ['c2', 'cancelled', null],
    ])
    // Drawn with a value and no drand signature: the page must say UNVERIFIED; not drawn: null.
    expect((await rows()).map((r) => [r.id, r.randomness_signed])).toEqual([
      ['c1', false],
      ['c2', null],
    ])
  })

  test("a draw whose randomness carries drand's signature is recorded as signed", async () => {
    const events = recorded([
      created('c1'),
      { type: 'CompetitionPublished', data: { competitionId: 'c1' } },
      ...closedAndDrawn('c1', { entryId: randomUUID(), userId: 'u1', ticket: 7 }),
    ]).map((event) =>
      event.type === 'DrawCompleted'
        ? {
            ...event,
            data: {
              ...(event.data as Record<string, unknown>),
              publicRandomness: { source: 'drand', round: 1000, value: 'c0ffee', signature: 'ab12' },
            },
          }
        : event,
    )
    await given(events)
    expect((await rows())[0]).toMatchObject({ status: 'completed', randomness_signed: true })
  })

  test('undersold, then extended once: the status and the end date follow; the minimum and cash alternative are kept', async () => {
    const events = recorded([
      {
        type: 'CompetitionCreated',
        data: {
          competitionId: 'c1',
          details: competitionDetails({ minimumTickets: 500, cashAlternativePence: 3_000_000 }),
          featured: false,
        },
      },
      { type: 'CompetitionPublished', data: { competitionId: 'c1' } },
      { type: 'CompetitionUndersold', data: { competitionId: 'c1', soldTickets: 0, minimumTickets: 500 } },
    ])
    await given(events)
    expect(await rows()).toEqual([
      expect.objectContaining({
        status: 'undersold',
        minimum_tickets: 500,
        cash_alternative_pence: 3_000_000,
        end_date_extended: false,
      }),
    ])
    const extended = recorded([
      ...events.map((e) => ({ type: e.type, data: e.data }) as never),
      {
        type: 'CompetitionEndDateExtended',
        data: {
          competitionId: 'c1',
          previousEndDate: '2030-02-01T00:00:00.000Z',
          endDate: '2030-03-01T00:00:00.000Z',
        },
      },
    ]).slice(3)
    await given(extended)
    await given(extended)
    expect(await rows()).toEqual([
      expect.objectContaining({
        status: 'active',
        end_date: new Date('2030-03-01T00:00:00.000Z'),
        end_date_extended: true,
      }),
    ])
  })

  test('events of other types are ignored and data that breaks its contract is refused', async () => {
    const [create] = recorded([created('c1')])
    if (!create) throw new Error('fixture')
    await given([{ ...create, type: 'SomethingElse' }])
    expect(await rows()).toEqual([])

    await expect(given([{ ...create, data: { competitionId: 'c1' } }])).rejects.toThrow(/details/)
    expect(await rows()).toEqual([])
  })
})
