import type { AdminCompetition, PublicCompetition, PublicCompetitionDetail } from '@prizes/contracts'
import type { CompetitionReadRow } from './rows'

/** Whole pence to pounds with two decimals: 299 → 2.99. */
export function penceToPounds(pence: number | string): number {
  return Math.round(Number(pence)) / 100
}

const iso = (date: Date) => date.toISOString()

function common(row: CompetitionReadRow) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    prize: row.prize,
    prize_value: penceToPounds(row.prize_value_pence),
    entry_price: penceToPounds(row.entry_price_pence),
    total_tickets: row.total_tickets,
    sold_tickets: row.sold_tickets,
    max_entries_per_person: row.max_entries_per_person,
    location: row.location,
    start_date: iso(row.start_date),
    end_date: iso(row.end_date),
    status: row.status,
    featured: row.featured,
    image_url: row.image_url,
    drawn_at: row.drawn_at ? iso(row.drawn_at) : null,
    minimum_tickets: row.minimum_tickets,
    cash_alternative: row.cash_alternative_pence === null ? null : penceToPounds(row.cash_alternative_pence),
  }
}

/** What anyone may see: the skill question without its answer. */
export function toPublicCompetition(row: CompetitionReadRow): PublicCompetition {
  const { question, options } = row.skill_question
  // Entries have stopped while an admin decides what an undersold competition does: closed, as the
  // public sees it.
  const status = row.status === 'undersold' ? 'closed' : row.status
  return {
    ...common(row),
    status,
    paid_entries: Math.max(0, row.sold_tickets - row.free_tickets),
    free_entries: row.free_tickets,
    skill_question: { question, options: [...options] },
  }
}

/** The competition's own page: the commitments are public from the moment they are made. */
export function toPublicCompetitionDetail(row: CompetitionReadRow): PublicCompetitionDetail {
  const pool = [row.skill_question, ...(row.extra_skill_questions ?? [])]
  return {
    ...toPublicCompetition(row),
    skill_questions: pool.map(({ question, options }) => ({ question, options: [...options] })),
    draw: {
      seed_commitment: row.seed_commitment,
      randomness_round: row.randomness_round,
      randomness_verified: row.randomness_signed,
      draw_date: iso(row.drawn_at ?? row.end_date),
    },
  }
}

/** For admin endpoints only: includes the correct answer. */
export function toAdminCompetition(row: CompetitionReadRow): AdminCompetition {
  const { question, options, correct } = row.skill_question
  return {
    ...common(row),
    skill_question: { question, options: [...options], correct },
    extra_skill_questions: (row.extra_skill_questions ?? []).map((q) => ({
      question: q.question,
      options: [...q.options],
      correct: q.correct,
    })),
    end_date_extended: row.end_date_extended,
    draw: {
      seed_commitment: row.seed_commitment,
      randomness_round: row.randomness_round,
      eligible_tickets: row.eligible_tickets,
      list_hash: row.list_hash,
    },
  }
}
