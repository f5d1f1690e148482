import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import { createKnex } from '@prizes/platform'
import { migrateReadModels } from '@prizes/read-models'
import type { Knex } from 'knex'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { competitionEventsProjection } from '../competition-events/projection'
import { competitionsProjection } from '../competitions/projection'
import type { Projection } from '../projection'
import { applyEvents } from '../runner/apply-events'
import {
  type CompetitionStreamEvent,
  closedAndDrawn,
  competitionDetails,
  recorded,
} from '../testing/fixtures'
import { drawsProjection } from './projection'

let db: TestDatabase
let knex: Knex

beforeAll(async () => {
  db = await createTestDatabase('draws_projection')
  knex = createKnex(db.url)
  await migrateReadModels(knex)
})
afterAll(async () => {
  await knex.destroy()
  await db.drop()
})
beforeEach(async () => {
  for (const table of ['competitions', 'draws', 'competition_events', 'projection_checkpoints'])
    await knex(table).truncate()
})

const projections = [competitionsProjection, drawsProjection, competitionEventsProjection]
const given = (events: ReturnType<typeof recorded>, only: readonly Projection[] = projections) =>
  knex.transaction(async (trx) => {
    for (const projection of only) await applyEvents(trx, projection, events)
  })
const snapshot = async () => ({
  competitions: await knex('competitions').orderBy('id').select(),
  draws: await knex('draws').orderBy('competition_id').select(),
  events: await knex('competition_events').orderBy(['competition_id', 'revision']).select(),
})

const history: CompetitionStreamEvent[] = [
  {
    type: 'CompetitionCreated',
    data: { competitionId: 'c1', details: competitionDetails(), featured: false },
  },
  {
    type: 'CompetitionCreated',
    data: { competitionId: 'gone', details: competitionDetails(), featured: false },
  },
  { type: 'CompetitionPublished', data: { competitionId: 'c1' } },
  { type: 'CompetitionDeleted', data: { competitionId: 'gone' } },
  ...closedAndDrawn('c1', { entryId: 'e1', userId: 'u1', ticket: 7 }),
]

describe('deletions, draws and competition events', () => {
  test('a deleted competition keeps its row, flagged; a replayed creation does not bring it back', async () => {
    const events = recorded(history)
    await given(events)
    await given(events)
    const gone = await knex('competitions').where('id', 'gone').first()
    expect(gone).toMatchObject({ status: 'draft', deleted_at: new Date('2030-01-01T09:03:00.000Z') })
    const c1 = await knex('competitions').where('id', 'c1').first()
    expect(c1).toMatchObject({ status: 'completed', deleted_at: null })
  })

  test('a completed draw is one row, replays change nothing', async () => {
    const events = recorded(history)
    await given(events)
    const once = await snapshot()
    await given(events)
    expect(await snapshot()).toEqual(once)
    expect(once.draws).toEqual([
      {
        competition_id: 'c1',
        winning_ticket: 7,
        winning_entry_id: 'e1',
        winner_user_id: 'u1',
        drawn_at: new Date('2030-01-01T09:06:00.000Z'),
      },
    ])
  })

  test('every event of a competition stream is kept with its revision, type, data and time', async () => {
    await given(recorded(history))
    const rows = await knex('competition_events').where('competition_id', 'c1').orderBy('revision')
    expect(rows.map((r) => [Number(r.revision), r.type])).toEqual([
      [0, 'CompetitionCreated'],
      [1, 'CompetitionPublished'],
      [2, 'CompetitionClosed'],
      [3, 'DrawStarted'],
      [4, 'DrawCompleted'],
    ])
    expect(rows[4]?.data).toEqual(history[6]?.data)
    expect(rows[4]?.occurred_at).toEqual(new Date('2030-01-01T09:06:00.000Z'))
  })

  test('events delivered one at a time build the same rows as one batch (a rebuild)', async () => {
    const events = recorded(history)
    await given(events)
    const batch = await snapshot()
    await knex.transaction(async (trx) => {
      for (const table of ['competitions', 'draws', 'competition_events']) await trx(table).truncate()
    })
    for (const event of events) await given([event])
    const live = await snapshot()
    expect(live.draws).toEqual(batch.draws)
    expect(live.events).toEqual(batch.events)
    expect(live.competitions).toEqual(batch.competitions)
  })
})
