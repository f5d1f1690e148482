import type { CompetitionDetails, CompetitionStatus } from '@prizes/contracts'
import type { Knex } from 'knex'

export const competitionsTable = 'competitions'

/** A row as stored; the query service keeps its own copy of this shape for reading. */
export interface CompetitionRow {
  readonly id: string
  readonly title: string
  readonly description: string
  readonly prize: string
  readonly prize_value_pence: number
  readonly entry_price_pence: number
  readonly total_tickets: number
  readonly sold_tickets: number
  readonly location: string
  readonly start_date: Date
  readonly end_date: Date
  readonly status: CompetitionStatus
  readonly featured: boolean
  readonly image_url: string | null
  readonly drawn_at: Date | null
  /** Set by CompetitionDeleted; every reader hides such rows. */
  readonly deleted_at: Date | null
  /** The draw's commitments: from publication, then from close (null until then). */
  readonly seed_commitment: string | null
  readonly randomness_round: number | null
  readonly eligible_tickets: number | null
  readonly list_hash: string | null
  readonly skill_question: { question: string; options: string[]; correct: string }
  readonly created_at: Date
  readonly updated_at: Date
  readonly last_revision: number
}

type Columns = Omit<
  CompetitionRow,
  'id' | 'created_at' | 'updated_at' | 'last_revision' | 'skill_question'
> & {
  readonly skill_question: string
}

/** The columns a creation or a revision sets from the competition's details. */
export function detailsColumns(details: CompetitionDetails) {
  return {
    title: details.title,
    description: details.description,
    prize: details.prize,
    prize_value_pence: details.prizeValuePence,
    entry_price_pence: details.entryPricePence,
    total_tickets: details.totalTickets,
    location: details.location,
    start_date: details.startDate,
    end_date: details.endDate,
    image_url: details.imageUrl,
    skill_question: JSON.stringify(details.skillQuestion),
  } satisfies Partial<Record<keyof Columns, unknown>>
}

/** First sight of a competition. A replayed creation finds the row there and changes nothing. */
export async function insertCompetition(
  trx: Knex.Transaction,
  row: { id: string; revision: bigint; at: Date; featured: boolean; details: CompetitionDetails },
): Promise<void> {
  await trx(competitionsTable)
    .insert({
      id: row.id,
      ...detailsColumns(row.details),
      status: 'draft',
      featured: row.featured,
      created_at: row.at,
      updated_at: row.at,
      last_revision: row.revision.toString(),
    })
    .onConflict('id')
    .ignore()
}

/**
 * Applies a change made by the event at `revision` of the competition's stream, unless the row
 * already reflects that event or a later one. Returns whether a row changed.
 */
export async function updateCompetition(
  trx: Knex.Transaction,
  change: { id: string; revision: bigint; at: Date; set: Partial<Record<keyof Columns, unknown>> },
): Promise<boolean> {
  const updated = await trx(competitionsTable)
    .where('id', change.id)
    .andWhere('last_revision', '<', change.revision.toString())
    .update({ ...change.set, updated_at: change.at, last_revision: change.revision.toString() })
  return updated > 0
}
