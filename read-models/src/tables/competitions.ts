import type { CompetitionStatus } from '@prizes/contracts'

export const competitionsTable = 'competitions'

interface SkillQuestionColumn {
  readonly question: string
  readonly options: readonly string[]
  readonly correct: string
}

/**
 * A row of `competitions` as pg returns it through the platform's knex (`createKnex` reads int8
 * as a number, so `bigint` pence and revisions are numbers here).
 */
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
  readonly skill_question: SkillQuestionColumn
  /** The rest of the pool (issue 24); null on rows written before pools. */
  readonly extra_skill_questions: readonly SkillQuestionColumn[] | null
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
