import { competitionStream } from '@prizes/contracts'
import { type CompetitionCommand, competitionDecider } from '@prizes/domain'
import { createPostgresEventStore, type PostgresEventStore } from '@prizes/event-store'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import { createKnex, type Logger } from '@prizes/platform'
import type { Knex } from 'knex'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CommandHandler, createCommandHandler, type StreamStore } from './command-handler'
import type { RowChanges } from './command-rows'
import { createCompetition } from './competitions/commands'
import { adminContext, details, silentLogger } from './testing/fixtures'

let database: TestDatabase
let store: PostgresEventStore
let knex: Knex

beforeAll(async () => {
  database = await createTestDatabase('command_rows')
  store = createPostgresEventStore({ connectionString: database.url, logger: silentLogger })
  await store.migrate()
  knex = createKnex(database.url)
  await knex.schema.createTable('marks', (t) => {
    t.text('competition_id').notNullable()
    t.boolean('featured').notNullable()
    t.primary(['competition_id', 'featured'])
  })
})

afterAll(async () => {
  await knex.destroy()
  await store.close()
  await database.drop()
})

function feature(
  handler: CommandHandler,
  competitionId: string,
  featured: boolean,
  rows?: RowChanges<unknown>,
) {
  const command: CompetitionCommand = {
    type: 'SetCompetitionFeatured',
    data: { competitionId, featured },
    metadata: { now: adminContext.now },
  }
  return handler.handle(
    competitionStream(competitionId),
    competitionDecider,
    command,
    adminContext,
    rows ? { rows } : {},
  )
}

/** A row saying which way the competition was last featured; a second one of the same kind fails. */
const mark =
  (competitionId: string, featured: boolean): RowChanges<unknown> =>
  (rows) =>
    rows.run(knex('marks').insert({ competition_id: competitionId, featured }))

const marks = async (competitionId: string) =>
  (await knex('marks').where({ competition_id: competitionId }).orderBy('featured')).map(
    (row: { featured: boolean }) => row.featured,
  )

const types = async (competitionId: string) =>
  (await store.readStream(competitionStream(competitionId))).map((event) => event.type)

describe('rows that change with a command, on PostgreSQL', () => {
  it('commit in the append transaction, with the state after the command', async () => {
    const handler = createCommandHandler({ store, logger: silentLogger })
    expect(handler.rowsCommitWithEvents).toBe(true)
    const { competitionId } = await createCompetition(handler, { details }, adminContext)
    let seen: unknown
    const result = await feature(handler, competitionId, true, async (rows, state) => {
      seen = state
      await mark(competitionId, true)(rows, state)
    })
    expect(seen).toBe(result.state)
    expect(await marks(competitionId)).toEqual([true])
    expect(await types(competitionId)).toEqual(['CompetitionCreated', 'CompetitionFeaturedSet'])
  })

  it('refuse the command when a statement fails, appending nothing', async () => {
    const handler = createCommandHandler({ store, logger: silentLogger })
    const { competitionId } = await createCompetition(handler, { details }, adminContext)
    await knex('marks').insert({ competition_id: competitionId, featured: true })

    await expect(feature(handler, competitionId, true, mark(competitionId, true))).rejects.toMatchObject({
      code: '23505',
    })
    expect(await types(competitionId)).toEqual(['CompetitionCreated'])
    // The handler still decides on what the store holds: the same command goes through.
    await feature(handler, competitionId, true)
    expect(await types(competitionId)).toEqual(['CompetitionCreated', 'CompetitionFeaturedSet'])
  })

  it('are appended on their own, so a failing statement refuses no other command', async () => {
    const handler = createCommandHandler({ store, logger: silentLogger })
    const { competitionId } = await createCompetition(handler, { details }, adminContext)
    await knex('marks').insert({ competition_id: competitionId, featured: false })
    // Queued in one tick: without the rule they would be decided and appended as one batch.
    const outcomes = await Promise.allSettled([
      feature(handler, competitionId, true),
      feature(handler, competitionId, false, mark(competitionId, false)),
      feature(handler, competitionId, false),
    ])
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    const stored = await store.readStream(competitionStream(competitionId))
    expect(stored.map((event) => event.data)).toEqual([
      expect.objectContaining({ competitionId }),
      { competitionId, featured: true },
      { competitionId, featured: false },
    ])
  })

  it('are not run when the command appends nothing', async () => {
    const handler = createCommandHandler({ store, logger: silentLogger })
    const { competitionId } = await createCompetition(handler, { details }, adminContext)
    const result = await feature(handler, competitionId, false, mark(competitionId, false))
    expect(result.events).toEqual([])
    expect(await marks(competitionId)).toEqual([])
  })
})

describe('rows that change with a command, where the store has no transactions', () => {
  /** The PostgreSQL store without its transactions stands for EventStoreDB. */
  const plain = (): StreamStore => ({
    append: (...args) => store.append(...args),
    readStream: (...args) => store.readStream(...args),
  })

  it('run right after the append; a failure there is logged and the command still stands', async () => {
    const errors: string[] = []
    const logger = {
      ...silentLogger,
      error: (_: unknown, message: string) => errors.push(message),
    } as unknown as Logger
    const handler = createCommandHandler({ store: plain(), knex, logger })
    expect(handler.rowsCommitWithEvents).toBe(false)
    const { competitionId } = await createCompetition(handler, { details }, adminContext)

    await feature(handler, competitionId, true, mark(competitionId, true))
    expect(await marks(competitionId)).toEqual([true])

    await knex('marks').insert({ competition_id: competitionId, featured: false })
    const unfeatured = await feature(handler, competitionId, false, mark(competitionId, false))
    expect(unfeatured.events.map((event) => event.type)).toEqual(['CompetitionFeaturedSet'])
    expect(errors).toEqual(['rows of an appended command failed; a reactor completes them'])
  })

  it('are refused without knex to run them', async () => {
    const handler = createCommandHandler({ store: plain(), logger: silentLogger })
    const { competitionId } = await createCompetition(handler, { details }, adminContext)
    await expect(feature(handler, competitionId, true, mark(competitionId, true))).rejects.toThrow(
      /give it knex/,
    )
    expect(await types(competitionId)).toEqual(['CompetitionCreated'])
  })
})
