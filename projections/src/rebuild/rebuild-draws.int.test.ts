import { randomUUID } from 'node:crypto'
import { competitionStream } from '@prizes/contracts'
import { createLogger } from '@prizes/platform'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { allProjections } from '../projections'
import { startProjections } from '../runner'
import { createReadSideTestDatabase, type ReadSideTestDatabase } from '../testing/database'
import {
  type CompetitionStreamEvent,
  closedAndDrawn,
  competitionDetails,
  competitionEvent,
} from '../testing/fixtures'
import { rebuildProjections } from './rebuild'

let db: ReadSideTestDatabase
const logger = createLogger({ level: 'silent' })

beforeAll(async () => {
  db = await createReadSideTestDatabase('projection_rebuild_draws')
})
afterAll(async () => {
  await db.drop()
})

/** A competition sold to one entrant and drawn. */
function drawn(id: string): CompetitionStreamEvent[] {
  const entry = { competitionId: id, entryId: randomUUID(), userId: `u-${id}`, answer: 'Paris' }
  const intent = { amountPence: 299, paymentIntentId: `pi_${id}` }
  return [
    {
      type: 'CompetitionCreated',
      data: { competitionId: id, details: competitionDetails(), featured: false },
    },
    { type: 'CompetitionPublished', data: { competitionId: id } },
    {
      type: 'TicketsReserved',
      data: { ...entry, ...intent, quantity: 1, expiresAt: '2030-01-01T10:00:00.000Z' },
    },
    {
      type: 'TicketsAllocated',
      data: { ...entry, ...intent, ticketNumbers: [1], entryReference: `R-${id}`, answerCorrect: true },
    },
    ...closedAndDrawn(id, { entryId: entry.entryId, userId: entry.userId, ticket: 1 }),
  ]
}

const read = async () => ({
  competitions: await db.knex('competitions').orderBy('id').select(),
  draws: await db.knex('draws').orderBy('competition_id').select(),
  events: await db.knex('competition_events').orderBy(['competition_id', 'revision']).select(),
})

test('draws, competition events and deletion flags rebuild to what the live runner built', async () => {
  const live = await startProjections({ store: db.store, knex: db.knex, logger, projections: allProjections })
  let head = await db.store.append(
    competitionStream('a'),
    drawn('a').map((e) => competitionEvent(e)),
    {
      expectedRevision: 'noStream',
    },
  )
  head = await db.store.append(
    competitionStream('b'),
    drawn('b').map((e) => competitionEvent(e)),
    {
      expectedRevision: 'noStream',
    },
  )
  const deleted: CompetitionStreamEvent = { type: 'CompetitionDeleted', data: { competitionId: 'a' } }
  head = await db.store.append(competitionStream('a'), [competitionEvent(deleted)], {
    expectedRevision: 'any',
  })
  await live.waitForPosition(head.position, { timeoutMs: 10_000 })
  await live.stop()
  const built = await read()
  expect(built.draws.map((r) => r.competition_id)).toEqual(['a', 'b'])
  expect(built.events).toHaveLength(15)
  expect(built.competitions.find((r) => r.id === 'a')?.deleted_at).toBeInstanceOf(Date)

  await rebuildProjections({
    store: db.store,
    knex: db.knex,
    projections: allProjections,
    names: ['competitions', 'draws', 'competition_events'],
    pageSize: 4,
  })

  expect(await read()).toEqual(built)
})
