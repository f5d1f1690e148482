import { competitionEvents } from '@prizes/contracts'
import type { Knex } from 'knex'
import { dispatch, on } from '../appliers'
import { eventTime, type Projection } from '../projection'

export const drawsTable = 'draws'

/** A completed draw, as stored. Titles and prizes are joined from the competitions model. */
export interface DrawRow {
  readonly competition_id: string
  readonly winning_ticket: number
  readonly winning_entry_id: string
  readonly winner_user_id: string
  readonly drawn_at: Date
}

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
