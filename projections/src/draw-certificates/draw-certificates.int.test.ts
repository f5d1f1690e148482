import type { EntryEvent } from '@prizes/contracts'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import { createKnex } from '@prizes/platform'
import { migrateReadModels } from '@prizes/read-models'
import type { Knex } from 'knex'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { applyEvents } from '../runner/apply-events'
import { type CompetitionStreamEvent, closedAndDrawn, recorded } from '../testing/fixtures'
import { drawCertificatesProjection } from './projection'

let db: TestDatabase
let knex: Knex

beforeAll(async () => {
  db = await createTestDatabase('draw_certificates_projection')
  knex = createKnex(db.url)
  await migrateReadModels(knex)
})
afterAll(async () => {
  await knex.destroy()
  await db.drop()
})
beforeEach(async () => {
  for (const table of ['draw_certificates', 'draw_certificate_entries', 'projection_checkpoints'])
    await knex(table).truncate()
})

const given = (events: readonly CompetitionStreamEvent[]) =>
  knex.transaction((trx) => applyEvents(trx, drawCertificatesProjection, recorded(events)))
const rows = async () => ({
  certificates: await knex('draw_certificates').orderBy('competition_id').select(),
  entries: await knex('draw_certificate_entries').orderBy(['competition_id', 'first_ticket']).select(),
})

const entryId = (i: number) => `00000000-0000-4000-8000-00000000000${i}`
function allocated(i: number, ticketNumbers: number[], answerCorrect: boolean): EntryEvent {
  return {
    type: 'TicketsAllocated',
    data: {
      competitionId: 'c1',
      entryId: entryId(i),
      userId: `user-${i}`,
      ticketNumbers,
      entryReference: `CMP-2030-00000${i}`,
      answer: answerCorrect ? 'Paris' : 'Rome',
      answerCorrect,
      amountPence: 299 * ticketNumbers.length,
      paymentIntentId: `pi_${i}`,
    },
  }
}
const refunded = (i: number): EntryEvent => ({
  type: 'EntryRefunded',
  data: {
    competitionId: 'c1',
    entryId: entryId(i),
    amountPence: 299,
    paymentIntentId: `pi_${i}`,
    refundId: `re_${i}`,
    reason: 'requested',
  },
})

const refundRequested = (i: number): EntryEvent => ({
  type: 'EntryRefundRequested',
  data: {
    competitionId: 'c1',
    entryId: entryId(i),
    amountPence: 299,
    paymentIntentId: `pi_${i}`,
    reason: 'asked',
  },
})

describe('the draw certificates read model', () => {
  const history: CompetitionStreamEvent[] = [
    { type: 'CompetitionPublished', data: { competitionId: 'c1', seedCommitment: 'd'.repeat(64) } },
    allocated(1, [1, 2], true),
    allocated(2, [3], false),
    allocated(3, [4], true),
    allocated(4, [5, 6], true),
    allocated(5, [7], true),
    refunded(3),
    // Requested before the close, recorded after it: never on the sealed list.
    refundRequested(5),
    ...closedAndDrawn('c1', { entryId: entryId(1), userId: 'user-1', ticket: 2 }),
    // Refunded after the close (only older streams hold this): the sealed list keeps it.
    refunded(4),
    refunded(5),
  ]

  test('keeps the sealed list by reference and the draw, without ids, amounts or answers; replays change nothing', async () => {
    await given(history)
    const once = await rows()
    await given(history)
    expect(await rows()).toEqual(once)
    expect(once.entries.map((row) => [row.entry_reference, row.ticket_numbers, row.eligible])).toEqual([
      ['CMP-2030-000001', [1, 2], true],
      ['CMP-2030-000002', [3], false],
      ['CMP-2030-000003', [4], false],
      ['CMP-2030-000004', [5, 6], true],
      ['CMP-2030-000005', [7], false],
    ])
    expect(once.certificates).toEqual([
      {
        competition_id: 'c1',
        seed_commitment: 'd'.repeat(64),
        list_version: 1,
        eligible_tickets: 2,
        list_hash: 'a'.repeat(64),
        randomness: { source: 'drand', round: 1000 },
        closed_at: expect.any(Date),
        seed: 'b'.repeat(64),
        public_randomness: { source: 'drand', round: 1000, value: 'c0ffee' },
        winning_ticket: 2,
        attempts: 1,
        drawn_at: expect.any(Date),
      },
    ])
    expect(JSON.stringify(once)).not.toMatch(/user-|pi_|Paris|Rome|299/)
  })

  test('writing a page at once leaves the rows that applying its events one by one leaves', async () => {
    await given(history)
    const batched = await rows()
    for (const table of ['draw_certificates', 'draw_certificate_entries']) await knex(table).truncate()
    await knex.transaction(async (trx) => {
      for (const event of recorded(history)) await drawCertificatesProjection.apply(trx, event)
    })
    expect(await rows()).toEqual(batched)
  })
})
