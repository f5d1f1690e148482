import { competitionEvents, entryEvents } from '@prizes/contracts'
import type { RecordedEvent } from '@prizes/event-store'
import { drawCertificateEntriesTable, drawCertificatesTable } from '@prizes/read-models'
import type { Knex } from 'knex'
import { dispatch, on } from '../appliers'
import { eventTime, type Projection } from '../projection'

const certificate = (trx: Knex.Transaction, competitionId: string, fields: Record<string, unknown>) =>
  trx(drawCertificatesTable)
    .insert({ competition_id: competitionId, ...fields })
    .onConflict('competition_id')
    .merge(Object.keys(fields))

const entryColumns = 'competition_id, entry_id, entry_reference, ticket_numbers, first_ticket, eligible'

/** Allocations' rows in one statement (one JSON parameter); a replay hits the key and adds nothing. */
async function insertEntries(trx: Knex.Transaction, events: readonly RecordedEvent[]): Promise<void> {
  const rows = events.map((event) => {
    const data = entryEvents.TicketsAllocated.parse(event.data)
    return {
      competition_id: data.competitionId,
      entry_id: data.entryId,
      entry_reference: data.entryReference,
      ticket_numbers: data.ticketNumbers,
      first_ticket: Math.min(...data.ticketNumbers),
      eligible: data.answerCorrect,
    }
  })
  await trx.raw(
    `insert into ?? (${entryColumns})
     select ${entryColumns} from jsonb_populate_recordset(null::??, ?::jsonb)
     on conflict (competition_id, entry_id) do nothing`,
    [drawCertificateEntriesTable, drawCertificateEntriesTable, JSON.stringify(rows)],
  )
}

/** An entry refunded (or with its refund requested) before the close is not on the sealed list. */
const offTheList = (trx: Knex.Transaction, data: { competitionId: string; entryId: string }) =>
  trx(drawCertificateEntriesTable)
    .where({ competition_id: data.competitionId, entry_id: data.entryId })
    .whereNotExists(
      trx(drawCertificatesTable)
        .where({ competition_id: data.competitionId })
        .whereNotNull('closed_at')
        .select(trx.raw('1')),
    )
    .update({ eligible: false })

/**
 * Each field is set by one event, so a replay writes what is already there. An entry is on the
 * sealed list when its answer was correct and neither its refund was requested nor it was
 * refunded before the close: a refund requested before the close and recorded after it, or a
 * refund after the close (only older streams hold one) of an entry still listed, leaves the
 * sealed list as the close made it, as the decider and the verifier have it.
 */
const appliers = {
  CompetitionPublished: on(competitionEvents.CompetitionPublished, (trx: Knex.Transaction, _event, data) =>
    certificate(trx, data.competitionId, { seed_commitment: data.seedCommitment ?? null }),
  ),
  TicketsAllocated: (trx: Knex.Transaction, event: RecordedEvent) => insertEntries(trx, [event]),
  /** A postal entry is listed as a paid one is (its data carries every field of an allocation). */
  PostalEntryRecorded: (trx: Knex.Transaction, event: RecordedEvent) => insertEntries(trx, [event]),
  EntryRefundRequested: on(entryEvents.EntryRefundRequested, (trx: Knex.Transaction, _event, data) =>
    offTheList(trx, data),
  ),
  EntryRefunded: on(entryEvents.EntryRefunded, (trx: Knex.Transaction, _event, data) =>
    offTheList(trx, data),
  ),
  CompetitionClosed: on(competitionEvents.CompetitionClosed, (trx: Knex.Transaction, event, data) =>
    certificate(trx, data.competitionId, {
      list_version: data.seal.listVersion ?? 1,
      eligible_tickets: data.seal.eligibleTickets,
      list_hash: data.seal.listHash,
      randomness: JSON.stringify(data.randomness),
      closed_at: eventTime(event),
    }),
  ),
  DrawCompleted: on(competitionEvents.DrawCompleted, (trx: Knex.Transaction, event, data) =>
    certificate(trx, data.competitionId, {
      seed: data.seed,
      public_randomness: JSON.stringify(data.publicRandomness),
      winning_ticket: data.winningTicket,
      attempts: data.attempts,
      drawn_at: eventTime(event),
    }),
  ),
}

/**
 * The public draw certificate's read model: the sealed list by entry reference, and the facts
 * of the draw, with no user, entry or payment ids, amounts or answers (those stay in the log
 * and the admin's read models).
 */
const apply = dispatch(appliers)

/**
 * A page as `apply` would write it, event by event, except that each run of allocations (nearly
 * every event of a sale) is one statement: a refund or a close is applied only after the
 * allocations before it.
 */
async function applyBatch(trx: Knex.Transaction, events: readonly RecordedEvent[]): Promise<void> {
  let run: RecordedEvent[] = []
  for (const event of events) {
    if (event.type === 'TicketsAllocated' || event.type === 'PostalEntryRecorded') {
      run.push(event)
      continue
    }
    if (run.length > 0) await insertEntries(trx, run)
    run = []
    await apply(trx, event)
  }
  if (run.length > 0) await insertEntries(trx, run)
}

export const drawCertificatesProjection: Projection = {
  name: 'draw_certificates',
  handles: Object.keys(appliers),
  tables: [drawCertificatesTable, drawCertificateEntriesTable],
  apply,
  applyBatch,
}
