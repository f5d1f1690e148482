import { type CompetitionEventType, competitionEvents } from '@prizes/contracts'
import type { RecordedEvent } from '@prizes/event-store'
import type { Knex } from 'knex'
import { eventTime, type Projection } from '../projection'
import { competitionsTable, detailsColumns, insertCompetition, updateCompetition } from './sql'

type Apply = (trx: Knex.Transaction, event: RecordedEvent) => Promise<void>

/** Parses the event's data with its contract schema, then hands the typed data on. */
function on<S extends { parse(data: unknown): unknown }>(
  schema: S,
  handle: (trx: Knex.Transaction, event: RecordedEvent, data: ReturnType<S['parse']>) => Promise<unknown>,
): Apply {
  return async (trx, event) => {
    await handle(trx, event, schema.parse(event.data) as ReturnType<S['parse']>)
  }
}

const change = (event: RecordedEvent, id: string) => ({ id, revision: event.revision, at: eventTime(event) })

/**
 * One entry per event type this read model follows. Later lifecycle events (closed, drawn,
 * cancelled, deleted, tickets allocated, ...) are added here and nowhere else.
 */
const appliers: { readonly [K in CompetitionEventType]?: Apply } = {
  CompetitionCreated: on(competitionEvents.CompetitionCreated, (trx, event, data) =>
    insertCompetition(trx, {
      ...change(event, data.competitionId),
      featured: data.featured,
      details: data.details,
    }),
  ),
  CompetitionRevised: on(competitionEvents.CompetitionRevised, (trx, event, data) =>
    updateCompetition(trx, { ...change(event, data.competitionId), set: detailsColumns(data.details) }),
  ),
  CompetitionPublished: on(competitionEvents.CompetitionPublished, (trx, event, data) =>
    updateCompetition(trx, { ...change(event, data.competitionId), set: { status: 'active' } }),
  ),
  CompetitionFeaturedSet: on(competitionEvents.CompetitionFeaturedSet, (trx, event, data) =>
    updateCompetition(trx, { ...change(event, data.competitionId), set: { featured: data.featured } }),
  ),
}

const handles = Object.keys(appliers)

export const competitionsProjection: Projection = {
  name: 'competitions',
  handles,
  tables: [competitionsTable],
  async apply(trx, event) {
    const apply = (appliers as Readonly<Record<string, Apply | undefined>>)[event.type]
    if (apply) await apply(trx, event)
  },
}
