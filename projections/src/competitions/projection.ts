import {
  type CompetitionEventType,
  competitionEvents,
  type EntryEventType,
  entryEvents,
} from '@prizes/contracts'
import type { RecordedEvent } from '@prizes/event-store'
import { type Apply, dispatch, on } from '../appliers'
import { eventTime, type Projection } from '../projection'
import { competitionsTable, detailsColumns, insertCompetition, updateCompetition } from './sql'

const change = (event: RecordedEvent, id: string) => ({ id, revision: event.revision, at: eventTime(event) })

/**
 * One entry per event type this read model follows. Later events (a deletion, ...) are added
 * here and nowhere else.
 */
const appliers: { readonly [K in CompetitionEventType | EntryEventType]?: Apply } = {
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
    updateCompetition(trx, {
      ...change(event, data.competitionId),
      set: { status: 'active', seed_commitment: data.seedCommitment ?? null },
    }),
  ),
  CompetitionFeaturedSet: on(competitionEvents.CompetitionFeaturedSet, (trx, event, data) =>
    updateCompetition(trx, { ...change(event, data.competitionId), set: { featured: data.featured } }),
  ),
  CompetitionClosed: on(competitionEvents.CompetitionClosed, (trx, event, data) =>
    updateCompetition(trx, {
      ...change(event, data.competitionId),
      set: {
        status: 'closed',
        randomness_round: data.randomness.round,
        eligible_tickets: data.seal.eligibleTickets,
        list_hash: data.seal.listHash,
      },
    }),
  ),
  DrawStarted: on(competitionEvents.DrawStarted, (trx, event, data) =>
    updateCompetition(trx, { ...change(event, data.competitionId), set: { status: 'drawing' } }),
  ),
  DrawCompleted: on(competitionEvents.DrawCompleted, (trx, event, data) =>
    updateCompetition(trx, {
      ...change(event, data.competitionId),
      set: { status: 'completed', drawn_at: eventTime(event) },
    }),
  ),
  CompetitionCancelled: on(competitionEvents.CompetitionCancelled, (trx, event, data) =>
    updateCompetition(trx, { ...change(event, data.competitionId), set: { status: 'cancelled' } }),
  ),
  /** The row stays, flagged, so a replayed creation cannot bring it back; readers hide it. */
  CompetitionDeleted: on(competitionEvents.CompetitionDeleted, (trx, event, data) =>
    updateCompetition(trx, { ...change(event, data.competitionId), set: { deleted_at: eventTime(event) } }),
  ),
  /**
   * Reservations do not count as sold; allocations do. A refund never returns tickets to sale
   * (ticket numbers are never reused), so EntryRefunded is not followed here.
   */
  TicketsAllocated: on(entryEvents.TicketsAllocated, (trx, event, data) =>
    updateCompetition(trx, {
      ...change(event, data.competitionId),
      set: { sold_tickets: trx.raw('?? + ?', ['sold_tickets', data.ticketNumbers.length]) },
    }),
  ),
}

const handles = Object.keys(appliers)

export const competitionsProjection: Projection = {
  name: 'competitions',
  handles,
  tables: [competitionsTable],
  apply: dispatch(appliers),
}
