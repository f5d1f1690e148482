import { type CompetitionDetails, type CompetitionStatus, entryCapOf } from '@prizes/contracts'
import { createdStatus } from '@prizes/domain'
import { type FoldedTable, isNewer, type RowStep, type StoredRow } from '../fold'

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
  /** Of `sold_tickets`, those that took no money: postal entries (issue 24). */
  readonly free_tickets: number
  readonly location: string
  readonly start_date: Date
  readonly end_date: Date
  readonly status: CompetitionStatus
  readonly featured: boolean
  readonly image_url: string | null
  readonly drawn_at: Date | null
  /** Set by CompetitionDeleted; every reader hides such rows. */
  readonly deleted_at: Date | null
  /** When it was published; a cancelled competition keeps its public page only if it was (issue 24). */
  readonly published_at: Date | null
  /** The draw's commitments: from publication, then from close (null until then). */
  readonly seed_commitment: string | null
  readonly randomness_round: number | null
  readonly eligible_tickets: number | null
  readonly list_hash: string | null
  /** Whether the drawn randomness carried drand's signature; null until drawn. */
  readonly randomness_signed: boolean | null
  readonly skill_question: { question: string; options: string[]; correct: string }
  /** The rest of the pool (issue 24); null on rows written before pools. */
  readonly extra_skill_questions: Array<{ question: string; options: string[]; correct: string }> | null
  /** Issue 14: the minimum of tickets sold, the cash alternative, and whether extended once. */
  readonly minimum_tickets: number | null
  readonly cash_alternative_pence: number | null
  readonly end_date_extended: boolean
  /** The most entries one person may hold (paid and postal together). */
  readonly max_entries_per_person: number
  readonly created_at: Date
  readonly updated_at: Date
  readonly last_revision: number
}

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
