import {
  type CompetitionEventType,
  competitionEvents,
  type EntryEventType,
  entryEvents,
} from '@prizes/contracts'
import { type CompetitionEvent, competitionLifecycleStatuses, statusAfter } from '@prizes/domain'
import { positionToString, type RecordedEvent } from '@prizes/event-store'
import { competitionsTable } from '@prizes/read-models'
import {
  type FoldedTable,
  foldIntoFreshRows,
  foldIntoRows,
  onRow,
  type RowStep,
  type StoredRow,
  stepsByType,
} from '../fold'
import { eventTime, type Projection } from '../projection'
import { announceChanges } from './announce'
import { competitionRows, detailsColumns, insertCompetition, updateCompetition } from './sql'

const change = (event: RecordedEvent, id: string) => ({ id, revision: event.revision, at: eventTime(event) })

/**
 * The status a lifecycle event leaves a row in, asked of the domain's lifecycle machine from the
 * row's status (the one `evolve` takes too): no target is written here.
 */
function statusAfterEvent(row: StoredRow, event: CompetitionEvent): string {
  const status = competitionLifecycleStatuses.find((known) => known === row.status)
  if (status === undefined)
    throw new Error(`Competition ${String(row.id)} has an unknown status ${String(row.status)}`)
  return statusAfter(status, event)
}

/**
 * One entry per event type this read model follows. Later events (a deletion, ...) are added
 * here and nowhere else.
 */
const ticketsTaken = onRow(entryEvents.TicketsAllocated, (event, data) =>
  updateCompetition({
    ...change(event, data.competitionId),
    set: (row) => ({
      sold_tickets: Number(row.sold_tickets) + data.ticketNumbers.length,
      // Issue 24: the public count of free entries (postal ones, and any that took no money).
      ...(data.amountPence === 0
        ? { free_tickets: Number(row.free_tickets) + data.ticketNumbers.length }
        : {}),
    }),
  }),
)

const steps: { readonly [K in CompetitionEventType | EntryEventType]?: (event: RecordedEvent) => RowStep } = {
  CompetitionCreated: onRow(competitionEvents.CompetitionCreated, (event, data) =>
    insertCompetition({
      ...change(event, data.competitionId),
      featured: data.featured,
      details: data.details,
    }),
  ),
  CompetitionRevised: onRow(competitionEvents.CompetitionRevised, (event, data) =>
    updateCompetition({ ...change(event, data.competitionId), set: detailsColumns(data.details) }),
  ),
  CompetitionPublished: onRow(competitionEvents.CompetitionPublished, (event, data) =>
    updateCompetition({
      ...change(event, data.competitionId),
      set: (row) => ({
        status: statusAfterEvent(row, { type: 'CompetitionPublished', data }),
        seed_commitment: data.seedCommitment ?? null,
        published_at: eventTime(event),
      }),
    }),
  ),
  CompetitionFeaturedSet: onRow(competitionEvents.CompetitionFeaturedSet, (event, data) =>
    updateCompetition({ ...change(event, data.competitionId), set: { featured: data.featured } }),
  ),
  CompetitionClosed: onRow(competitionEvents.CompetitionClosed, (event, data) =>
    updateCompetition({
      ...change(event, data.competitionId),
      set: (row) => ({
        status: statusAfterEvent(row, { type: 'CompetitionClosed', data }),
        randomness_round: data.randomness.round,
        eligible_tickets: data.seal.eligibleTickets,
        list_hash: data.seal.listHash,
      }),
    }),
  ),
  CompetitionUndersold: onRow(competitionEvents.CompetitionUndersold, (event, data) =>
    updateCompetition({
      ...change(event, data.competitionId),
      set: (row) => ({ status: statusAfterEvent(row, { type: 'CompetitionUndersold', data }) }),
    }),
  ),
  CompetitionEndDateExtended: onRow(competitionEvents.CompetitionEndDateExtended, (event, data) =>
    updateCompetition({
      ...change(event, data.competitionId),
      set: (row) => ({
        status: statusAfterEvent(row, { type: 'CompetitionEndDateExtended', data }),
        end_date: data.endDate,
        end_date_extended: true,
      }),
    }),
  ),
  DrawStarted: onRow(competitionEvents.DrawStarted, (event, data) =>
    updateCompetition({
      ...change(event, data.competitionId),
      set: (row) => ({ status: statusAfterEvent(row, { type: 'DrawStarted', data }) }),
    }),
  ),
  DrawCompleted: onRow(competitionEvents.DrawCompleted, (event, data) =>
    updateCompetition({
      ...change(event, data.competitionId),
      set: (row) => ({
        status: statusAfterEvent(row, { type: 'DrawCompleted', data }),
        drawn_at: eventTime(event),
        randomness_signed: data.publicRandomness.signature !== undefined,
      }),
    }),
  ),
  CompetitionCancelled: onRow(competitionEvents.CompetitionCancelled, (event, data) =>
    updateCompetition({
      ...change(event, data.competitionId),
      set: (row) => ({ status: statusAfterEvent(row, { type: 'CompetitionCancelled', data }) }),
    }),
  ),
  /** The row stays, flagged, so a replayed creation cannot bring it back; readers hide it. */
  CompetitionDeleted: onRow(competitionEvents.CompetitionDeleted, (event, data) =>
    updateCompetition({ ...change(event, data.competitionId), set: { deleted_at: eventTime(event) } }),
  ),
  /**
   * Reservations do not count as sold; allocations do. A refund never returns tickets to sale
   * (ticket numbers are never reused), so EntryRefunded is not followed here.
   */
  TicketsAllocated: ticketsTaken,
  /** A postal entry's ticket is taken from the same total. */
  PostalEntryRecorded: ticketsTaken,
}

/** The competitions table as `foldIntoRows` sees it (exported for tests of its steps). */
export const competitionFold = competitionRows(stepsByType(steps))

/** The rows of a live page, whose changes are announced to the query services' streams. */
function announcedRows(events: readonly RecordedEvent[]): FoldedTable {
  const last = events.at(-1)
  if (!last) return competitionFold
  const position = positionToString(last.position)
  return { ...competitionFold, changed: (trx, changes) => announceChanges(trx, changes, position) }
}

/**
 * Each page is folded into its rows in memory and written in two round trips (see `foldIntoRows`),
 * and its changes to what cards show are announced (see `announceChanges`); a rebuild keeps its
 * rows in memory and reads nothing back (`foldIntoFreshRows`), and announces nothing: its tables
 * are not read until they are swapped in.
 */
export const competitionsProjection: Projection = {
  name: 'competitions',
  handles: Object.keys(steps),
  tables: [competitionsTable],
  apply: (trx, event) => foldIntoRows(trx, announcedRows([event]), [event]),
  applyBatch: (trx, events) => foldIntoRows(trx, announcedRows(events), events),
  rebuildWriter: () => foldIntoFreshRows(competitionFold),
}
