import { z } from 'zod'

/**
 * SPEC's six, and `undersold` (issue 14): the end date came below the competition's minimum of
 * tickets sold, entries stopped and an admin must choose what happens.
 */
export const competitionStatuses = [
  'draft',
  'active',
  'undersold',
  'closed',
  'drawing',
  'completed',
  'cancelled',
] as const
export const competitionStatus = z.enum(competitionStatuses)
export type CompetitionStatus = z.infer<typeof competitionStatus>

const competitionBase = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  prize: z.string(),
  /** Pounds, two decimals. */
  prize_value: z.number(),
  entry_price: z.number(),
  total_tickets: z.number().int(),
  sold_tickets: z.number().int(),
  /** The most entries (tickets) one person may hold, paid and postal together. */
  max_entries_per_person: z.number().int().positive(),
  location: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  status: competitionStatus,
  featured: z.boolean(),
  image_url: z.string().nullable(),
  drawn_at: z.string().nullable(),
  /** Tickets that must sell for the draw to go ahead at the end date; null: no minimum. */
  minimum_tickets: z.number().int().positive().nullable(),
  /** Pounds the winner may take instead of the prize; null: none offered. */
  cash_alternative: z.number().nullable(),
})

/** SPEC section 3 "Competition (API, snake_case)" as the public sees it: no correct answer. */
export const publicCompetition = competitionBase.extend({
  /** Issue 24: of the entries (tickets) sold, those paid for and those free (by post). */
  paid_entries: z.number().int().nonnegative(),
  free_entries: z.number().int().nonnegative(),
  skill_question: z.object({ question: z.string(), options: z.array(z.string()) }).strict(),
})
export type PublicCompetition = z.infer<typeof publicCompetition>

/** The drawn winner, for admins ("view winner"); personal fields are null once erased. */
export const adminWinner = z.object({
  ticket_number: z.number().int().positive(),
  entry_reference: z.string().nullable(),
  user_id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
})
export type AdminWinner = z.infer<typeof adminWinner>

/**
 * What the draw is bound to, as far as it is fixed yet: the seed's commitment from publication;
 * from close, the drand round named and the sealed list's size and hash. Null until then.
 */
export const adminDrawCommitments = z.object({
  seed_commitment: z.string().nullable(),
  randomness_round: z.number().int().positive().nullable(),
  eligible_tickets: z.number().int().nonnegative().nullable(),
  list_hash: z.string().nullable(),
})
export type AdminDrawCommitments = z.infer<typeof adminDrawCommitments>

/**
 * The same with the correct answer, for admin endpoints only. The admin list adds the winner
 * (null until drawn); a command's answer leaves it out (the command side reads no read models).
 */
const adminQuestion = z.object({ question: z.string(), options: z.array(z.string()), correct: z.string() })

export const adminCompetition = competitionBase.extend({
  skill_question: adminQuestion,
  /** The rest of the pool of questions (issue 24); empty for a pool of one. */
  extra_skill_questions: z.array(adminQuestion).optional(),
  draw: adminDrawCommitments,
  /** Whether the end date was already extended once (an undersold competition may be, once). */
  end_date_extended: z.boolean(),
  winner: adminWinner.nullable().optional(),
})
export type AdminCompetition = z.infer<typeof adminCompetition>

/**
 * One competition's own page: the public shape with what the draw is already bound to (the
 * seed's commitment from publication, the drand round from close) and when it is drawn (the
 * time it was drawn, else the close).
 */
export const publicCompetitionDetail = publicCompetition.extend({
  /**
   * The whole pool of questions without their answers (issue 24), first to last: entering online
   * each entrant is given one; by post, an envelope answers one and says which. Optional for
   * answers made before pools.
   */
  skill_questions: z
    .array(z.object({ question: z.string(), options: z.array(z.string()) }).strict())
    .optional(),
  draw: z.object({
    seed_commitment: z.string().nullable(),
    randomness_round: z.number().int().positive().nullable(),
    /**
     * Once drawn: whether the randomness carried drand's signature (checked when the draw was
     * recorded), else it is UNVERIFIED; null until drawn. Optional for answers made before it.
     */
    randomness_verified: z.boolean().nullable().optional(),
    draw_date: z.string(),
  }),
  /**
   * Issue 24: once drawn, the winner as the public sees them (display name and place, null once
   * erased) and the winning ticket; null before. Optional for answers made before it.
   */
  winner: z
    .object({
      name: z.string().nullable(),
      town: z.string().nullable(),
      ticket_number: z.number().int().positive(),
    })
    .nullable()
    .optional(),
  /**
   * A cancelled competition's refunds: `complete` once no paid entry is left unrefunded, else
   * `in_progress`; null unless cancelled.
   */
  cancellation: z
    .object({ refunds: z.enum(['complete', 'in_progress']) })
    .nullable()
    .optional(),
})
export type PublicCompetitionDetail = z.infer<typeof publicCompetitionDetail>

export const competitionDetailResponse = z.object({
  success: z.literal(true),
  competition: publicCompetitionDetail,
})
export type CompetitionDetailResponse = z.infer<typeof competitionDetailResponse>

export const competitionList = z.object({
  success: z.literal(true),
  competitions: z.array(publicCompetition),
})
export type CompetitionList = z.infer<typeof competitionList>
