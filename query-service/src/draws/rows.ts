import type { Knex } from 'knex'

export interface WinnerRow {
  readonly competition_id: string
  readonly winning_ticket: number
  readonly winner_user_id: string
  readonly drawn_at: Date
  readonly title: string
  readonly prize: string
}

export interface StoredCompetitionEvent {
  readonly revision: string | number
  readonly type: string
  readonly data: unknown
  readonly occurred_at: Date
}

/** Completed draws of competitions still listed, most recent first. */
export function listWinners(knex: Knex): Promise<WinnerRow[]> {
  return knex('draws as d')
    .join('competitions as c', 'c.id', 'd.competition_id')
    .whereNull('c.deleted_at')
    .select('d.competition_id', 'd.winning_ticket', 'd.winner_user_id', 'd.drawn_at', 'c.title', 'c.prize')
    .orderBy([
      { column: 'd.drawn_at', order: 'desc' },
      { column: 'd.competition_id', order: 'asc' },
    ])
}

/**
 * The competition's stream as copied into the `competition_events` read model, or undefined
 * until that copy holds its DrawCompleted: the certificate exists only for a completed draw.
 */
export async function drawnCompetitionEvents(
  knex: Knex,
  competitionId: string,
): Promise<StoredCompetitionEvent[] | undefined> {
  const events: StoredCompetitionEvent[] = await knex('competition_events')
    .where('competition_id', competitionId)
    .select('revision', 'type', 'data', 'occurred_at')
    .orderBy('revision')
  return events.some((e) => e.type === 'DrawCompleted') ? events : undefined
}
