import { competitionEvents } from '@prizes/contracts'
import { drawsTable } from '@prizes/read-models'
import type { Knex } from 'knex'
import { dispatch, on } from '../appliers'
import { eventTime, type Projection } from '../projection'

/** A competition is drawn once: a replayed DrawCompleted finds its row and changes nothing. */
const appliers = {
  DrawCompleted: on(competitionEvents.DrawCompleted, (trx: Knex.Transaction, event, data) =>
    trx(drawsTable)
      .insert({
        competition_id: data.competitionId,
        winning_ticket: data.winningTicket,
        winning_entry_id: data.winningEntryId,
        winner_user_id: data.winnerUserId,
        drawn_at: eventTime(event),
      })
      .onConflict('competition_id')
      .ignore(),
  ),
}

export const drawsProjection: Projection = {
  name: 'draws',
  handles: Object.keys(appliers),
  tables: [drawsTable],
  apply: dispatch(appliers),
}
