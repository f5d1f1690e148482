import { type CompetitionDetails, entryCapOf } from '@prizes/contracts'
import { createdStatus } from '@prizes/domain'
import { type CompetitionRow, competitionsTable } from '@prizes/read-models'
import { type FoldedTable, isNewer, type RowStep, type StoredRow } from '../fold'

type Columns = Omit<CompetitionRow, 'id' | 'created_at' | 'updated_at' | 'last_revision'>

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
    skill_question: details.skillQuestion,
    extra_skill_questions: details.extraSkillQuestions ?? [],
    minimum_tickets: details.minimumTickets ?? null,
    cash_alternative_pence: details.cashAlternativePence ?? null,
    max_entries_per_person: entryCapOf(details),
  } satisfies Partial<Record<keyof Columns, unknown>>
}

/** Every column, for the batch upsert. */
const columns = [
  'id',
  'title',
  'description',
  'prize',
  'prize_value_pence',
  'entry_price_pence',
  'total_tickets',
  'sold_tickets',
  'free_tickets',
  'location',
  'start_date',
  'end_date',
  'status',
  'featured',
  'image_url',
  'drawn_at',
  'deleted_at',
  'published_at',
  'seed_commitment',
  'randomness_round',
  'eligible_tickets',
  'list_hash',
  'randomness_signed',
  'skill_question',
  'extra_skill_questions',
  'minimum_tickets',
  'cash_alternative_pence',
  'end_date_extended',
  'max_entries_per_person',
  'created_at',
  'updated_at',
  'last_revision',
] as const satisfies readonly (keyof CompetitionRow)[]

/** The columns' defaults, for a row a creation makes. */
const blank = {
  sold_tickets: 0,
  free_tickets: 0,
  drawn_at: null,
  deleted_at: null,
  published_at: null,
  seed_commitment: null,
  randomness_round: null,
  eligible_tickets: null,
  list_hash: null,
  randomness_signed: null,
  end_date_extended: false,
}

type Settable = Partial<Record<keyof Columns, unknown>>

/** First sight of a competition. A replayed creation finds the row there and changes nothing. */
export function insertCompetition(row: {
  id: string
  revision: bigint
  at: Date
  featured: boolean
  details: CompetitionDetails
}): RowStep {
  return {
    key: row.id,
    apply: (existing) =>
      existing
        ? undefined
        : {
            ...blank,
            id: row.id,
            ...detailsColumns(row.details),
            status: createdStatus(),
            featured: row.featured,
            created_at: row.at,
            updated_at: row.at,
            last_revision: Number(row.revision),
          },
  }
}

/**
 * Applies a change made by the event at `revision` of the competition's stream, unless the row
 * already reflects that event or a later one. `set` may be worked out from the row (a count).
 */
export function updateCompetition(change: {
  id: string
  revision: bigint
  at: Date
  set: Settable | ((row: StoredRow) => Settable)
}): RowStep {
  return {
    key: change.id,
    apply: (existing) => {
      if (!existing || !isNewer(existing, change.revision)) return undefined
      Object.assign(existing, typeof change.set === 'function' ? change.set(existing) : change.set)
      existing.updated_at = change.at
      existing.last_revision = Number(change.revision)
      return existing
    },
  }
}

/** The competitions table for `foldIntoRows`, given the steps its events make. */
export const competitionRows = (step: FoldedTable['step']): FoldedTable => ({
  table: competitionsTable,
  key: 'id',
  columns,
  step,
})
