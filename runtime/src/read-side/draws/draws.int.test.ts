import {
  closeCompetition,
  completeDraw,
  createCommandHandler,
  createCompetition,
  createInMemoryDrawSeeds,
  migrateCommandTables,
  publishCompetition,
  startDraw,
} from '@prizes/command-service'
import { type CompetitionDetails, competitionStream, endpoints } from '@prizes/contracts'
import { jsDrawCrypto, roundTime, verifyPublicCertificate } from '@prizes/domain'
import { createLogger, sessionKeys } from '@prizes/platform'
import { type Served, serve } from '@prizes/platform/testing'
import { allProjections, type RunningProjections, startProjections } from '@prizes/projections'
import {
  type CompetitionStreamEvent,
  closedAndDrawn,
  competitionEvent,
  createReadSideTestDatabase,
  type ReadSideTestDatabase,
} from '@prizes/projections/testing'
import { createQueryApp } from '@prizes/query-service'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { created, purchase } from '../testing/test-events'

const logger = createLogger({ level: 'silent' })
let db: ReadSideTestDatabase
let projections: RunningProjections
let served: Served

beforeAll(async () => {
  db = await createReadSideTestDatabase('query_draws')
  // The winners list opens names with the users' keys, in the command side's table.
  await migrateCommandTables(db.knex)
  projections = await startProjections({
    store: db.store,
    knex: db.knex,
    logger,
    projections: allProjections,
  })
  // Public endpoints: the session secret is never used here.
  served = await serve(
    createQueryApp({ knex: db.knex, logger, secret: sessionKeys(Buffer.alloc(32)) }).callback(),
  )
})
afterAll(async () => {
  await served.close()
  await projections.stop()
  await db.drop()
})

const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`

let minute = 0
async function given(id: string, events: CompetitionStreamEvent[]) {
  const timed = events.map((e) => {
    minute += 1
    return competitionEvent(e, new Date(Date.UTC(2030, 0, 1, 9, minute)).toISOString())
  })
  const { position } = await db.store.append(competitionStream(id), timed, { expectedRevision: 'any' })
  await projections.waitForPosition(position, { timeoutMs: 10_000 })
}
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${served.url}${path}`, { headers })
const certificatePath = (id: string) => endpoints.drawCertificate.path.replace(':competitionId', id)
const winners = async () =>
  endpoints.listWinners.response.parse(await (await get(endpoints.listWinners.path)).json()).winners

describe('GET /api/winners', () => {
  test('completed draws, most recent first (winners without an account have no name); deleted ones hidden', async () => {
    for (const id of ['first', 'second', 'gone']) {
      await given(id, [
        created(id, '2030-06-01T00:00:00.000Z'),
        { type: 'CompetitionPublished', data: { competitionId: id } },
      ])
    }
    await given('first', [
      ...purchase('first', uuid(1), 'u-1', 1, [1]),
      ...closedAndDrawn('first', { entryId: uuid(1), userId: 'u-1', ticket: 1 }),
    ])
    await given('second', [
      ...purchase('second', uuid(2), 'u-2', 2, [1, 2]),
      ...closedAndDrawn('second', { entryId: uuid(2), userId: 'u-2', ticket: 2 }),
    ])
    await given('gone', [
      ...purchase('gone', uuid(3), 'u-3', 1, [1]),
      ...closedAndDrawn('gone', { entryId: uuid(3), userId: 'u-3', ticket: 1 }),
      { type: 'CompetitionDeleted', data: { competitionId: 'gone' } },
    ])
    const list = await winners()
    expect(list.map((w) => w.competitionId)).toEqual(['second', 'first'])
    expect(list[0]).toEqual({
      competitionId: 'second',
      prize: 'Tesla Model 3 Long Range',
      title: 'Win the second',
      ticketNumber: 2,
      drawnAt: expect.any(String),
      winnerName: null,
      town: null,
    })
    expect(Date.parse(list[0]?.drawnAt ?? '')).toBeGreaterThan(Date.parse(list[1]?.drawnAt ?? ''))
  })
})

const details: CompetitionDetails = {
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
const context = {
  actor: { userId: 'admin-1', role: 'admin' as const },
  now: new Date('2030-01-10T12:00:00.000Z'),
  correlationId: 'certificate-test',
}
const entry = (
  i: number,
  userId: string,
  answer: string,
  ticketNumbers: number[],
): CompetitionStreamEvent[] => {
  const ids = { competitionId: '', entryId: `00000000-0000-4000-8000-00000000000${i}`, userId, answer }
  const payment = { amountPence: 250 * ticketNumbers.length, paymentIntentId: `pi_${i}` }
  return [
    {
      type: 'TicketsReserved',
      data: { ...ids, ...payment, quantity: ticketNumbers.length, expiresAt: '2030-01-10T12:15:00.000Z' },
    },
    {
      type: 'TicketsAllocated',
      data: {
        ...ids,
        ...payment,
        ticketNumbers,
        entryReference: `CMP-2030-00000${i}`,
        answerCorrect: answer === details.skillQuestion.correct,
      },
    },
  ]
}

describe('GET /api/draws/:competitionId/certificate', () => {
  test("404 before the draw; after it, the sealed list by reference on which the verifier re-runs the draw, and no one's identity", async () => {
    const handler = createCommandHandler({ store: db.store, logger })
    const seeds = createInMemoryDrawSeeds()
    const { competitionId } = await createCompetition(handler, { details }, context)
    const published = await publishCompetition(handler, { competitionId }, context, seeds)
    if (published.position) await projections.waitForPosition(published.position, { timeoutMs: 10_000 })
    expect((await get(certificatePath(competitionId))).status).toBe(404)
    expect((await get(certificatePath(uuid(404)))).status).toBe(404)

    const sales = [
      ...entry(1, 'user-ada', '4', [1, 2]),
      ...entry(2, 'user-bob', '3', [3]),
      ...entry(3, 'user-cy', '4', [4]),
      ...entry(4, 'user-dee', '4', [5]),
      {
        type: 'EntryRefunded',
        data: {
          competitionId,
          entryId: '00000000-0000-4000-8000-000000000004',
          amountPence: 250,
          paymentIntentId: 'pi_4',
          refundId: 're_4',
          reason: 'requested',
        },
      },
    ]
    await given(
      competitionId,
      sales.map((e) => ({ ...e, data: { ...e.data, competitionId } }) as CompetitionStreamEvent),
    )
    const closed = await closeCompetition(handler, { competitionId, reason: 'admin' }, context)
    await startDraw(handler, { competitionId }, context)
    const round = closed.state.exists ? (closed.state.sealed?.randomness.round ?? 0) : 0
    // Entered by hand, without drand's signature, once the round is published.
    const publicRandomness = { source: 'drand' as const, round, value: 'ab'.repeat(32) }
    const drawContext = { ...context, now: new Date(roundTime(round).getTime() + 1000) }
    const completed = await completeDraw(handler, { competitionId, publicRandomness }, drawContext, { seeds })
    if (completed.position) await projections.waitForPosition(completed.position, { timeoutMs: 10_000 })

    const response = await get(certificatePath(competitionId))
    expect(response.status).toBe(200)
    const text = await response.text()
    // None of the entrants' user ids, entry ids, payment intent ids, amounts or answers.
    for (const secret of ['user-ada', 'user-bob', 'user-cy', 'user-dee', '00000000-0000-4000-8000', 'pi_']) {
      expect(text).not.toContain(secret)
    }
    expect(text).not.toMatch(/userId|entryId|paymentIntent|amount|answer|email|firstName|lastName|phone/i)

    const body = endpoints.drawCertificate.response.parse(JSON.parse(text))
    expect(body).toMatchObject({
      competitionId,
      seal: { listVersion: 2, eligibleTickets: 3, randomness: { round } },
      draw: { publicRandomness, drawnAt: drawContext.now.toISOString() },
    })
    // Each entrant finds their tickets by reference; a wrong answer and a refund are not on the list.
    expect(body.entries).toEqual([
      { entryReference: 'CMP-2030-000001', ticketNumbers: [1, 2] },
      { entryReference: 'CMP-2030-000003', ticketNumbers: [4] },
    ])

    const result = verifyPublicCertificate(body, jsDrawCrypto)
    expect(result.mismatch).toBeUndefined()
    expect(result.steps.find((step) => step.check === 'seal')).toMatchObject({ ok: true })
    expect(result.steps.find((step) => step.check === 'seal')?.unverified).toBeUndefined()
    // The value was entered without drand's signature: the headline is UNVERIFIED, not PASS.
    expect(result.verdict).toBe('UNVERIFIED')
    expect(result.drandSignature).toBe('unverified')
    expect(['CMP-2030-000001', 'CMP-2030-000003']).toContain(result.winner?.entryReference)

    // Built once: asked again, the same answer without reading the list (O(1) per request).
    const listReads: string[] = []
    const onQuery = (query: { sql: string }) => {
      if (query.sql.includes('draw_certificate_entries')) listReads.push(query.sql)
    }
    db.knex.on('query', onQuery)
    try {
      const again = await get(certificatePath(competitionId))
      expect(again.headers.get('etag')).toBe(response.headers.get('etag'))
      expect(await again.text()).toBe(text)
      const unchanged = await get(certificatePath(competitionId), {
        'If-None-Match': String(response.headers.get('etag')),
      })
      expect(unchanged.status).toBe(304)
    } finally {
      db.knex.off('query', onQuery)
    }
    expect(listReads).toEqual([])

    const winnersText = await (await get(endpoints.listWinners.path)).text()
    expect(winnersText).toContain(competitionId)
    for (const userId of ['user-ada', 'user-cy']) expect(winnersText).not.toContain(userId)
    const listed = await winners()
    expect(listed[0]).toMatchObject({ competitionId, prize: 'VW T2 campervan', title: 'Win a campervan' })
  })
})
