import { z } from 'zod'

/** Money is whole pence in events; the HTTP layer shows pounds. */
const pence = z.number().int().nonnegative()

export const skillQuestion = z
  .object({
    question: z.string().min(1),
    options: z.array(z.string().min(1)).length(4),
    /** The correct option's text; one of `options`. */
    correct: z.string().min(1),
  })
  .refine((q) => new Set(q.options).size === q.options.length, {
    message: 'The four options must differ',
    path: ['options'],
  })
  .refine((q) => q.options.includes(q.correct), {
    message: 'The correct answer must be one of the options',
    path: ['correct'],
  })
export type SkillQuestion = z.infer<typeof skillQuestion>

/** The editable description of a competition, shared by creation and revision. */
export const competitionDetails = z.object({
  title: z.string().min(1),
  description: z.string().min(1),
  prize: z.string().min(1),
  prizeValuePence: pence,
  entryPricePence: pence,
  totalTickets: z.number().int().positive(),
  location: z.string().min(1),
  startDate: z.string().datetime(),
  endDate: z.string().datetime(),
  imageUrl: z.string().nullable(),
  skillQuestion,
})
export type CompetitionDetails = z.infer<typeof competitionDetails>

/** Lower-case hex of a sha256 digest. */
export const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/)

export const closeReason = z.enum(['end_date', 'sold_out', 'admin'])
export type CloseReason = z.infer<typeof closeReason>

/** The eligible list fixed at close: its size and sha256 (hex) of its canonical encoding. */
export const drawSeal = z.object({
  eligibleTickets: z.number().int().nonnegative(),
  listHash: sha256Hex,
})
export type DrawSeal = z.infer<typeof drawSeal>

/** The public randomness named at close (a drand round after the close), not yet known. */
export const sealedRandomness = z.object({
  source: z.literal('drand'),
  chainHash: z.string().optional(),
  round: z.number().int().positive(),
})
export type SealedRandomness = z.infer<typeof sealedRandomness>

/**
 * The public randomness as published by its source: drand's `randomness` (hex) and, when known,
 * its `signature` (hex), so anyone can check the value is drand's for the round (for quicknet,
 * a BLS signature on the round with `value = sha256(signature)`). Optional: draws recorded before
 * signatures were kept, and values an admin entered without one, have none; the verifier then
 * says the value could not be checked against drand.
 */
export const publicRandomness = z.object({
  source: z.literal('drand'),
  round: z.number().int().positive(),
  value: z.string().regex(/^[0-9a-f]+$/),
  signature: z
    .string()
    .regex(/^[0-9a-f]+$/)
    .optional(),
})
export type PublicRandomness = z.infer<typeof publicRandomness>

export const competitionEvents = {
  CompetitionCreated: z.object({
    competitionId: z.string(),
    details: competitionDetails,
    featured: z.boolean(),
  }),
  CompetitionRevised: z.object({ competitionId: z.string(), details: competitionDetails }),
  /**
   * `seedCommitment` is sha256 (hex) of the 32-byte draw seed, kept secret until the draw.
   * Optional only so streams published before the draw existed still parse; the decider
   * requires it on every new publication.
   */
  CompetitionPublished: z.object({ competitionId: z.string(), seedCommitment: sha256Hex.optional() }),
  CompetitionFeaturedSet: z.object({ competitionId: z.string(), featured: z.boolean() }),
  /**
   * Entries stop. The seal fixes the eligible list (correct answer, allocated, not refunded,
   * ordered by ticket number) and names the future public randomness the draw will use.
   */
  CompetitionClosed: z.object({
    competitionId: z.string(),
    reason: closeReason,
    seal: drawSeal,
    randomness: sealedRandomness,
  }),
  DrawStarted: z.object({ competitionId: z.string() }),
  /** The draw's outcome with the revealed seed, so anyone can recompute it. */
  DrawCompleted: z.object({
    competitionId: z.string(),
    /** The revealed 32-byte seed, hex; sha256 of its bytes equals the published commitment. */
    seed: z.string().regex(/^[0-9a-f]{64}$/),
    publicRandomness,
    winningTicket: z.number().int().positive(),
    winningEntryId: z.string(),
    winnerUserId: z.string(),
    /** How many 32-bit draws the rejection sampling took (1 in the usual case). */
    attempts: z.number().int().positive(),
  }),
  CompetitionCancelled: z.object({ competitionId: z.string(), reason: z.string().min(1) }),
  CompetitionDeleted: z.object({ competitionId: z.string() }),
} as const

export type CompetitionEventType = keyof typeof competitionEvents
export type CompetitionEvent = {
  [K in CompetitionEventType]: { type: K; data: z.infer<(typeof competitionEvents)[K]> }
}[CompetitionEventType]

export const competitionStreamPrefix = 'competition-'
export const competitionStream = (competitionId: string) => `${competitionStreamPrefix}${competitionId}`
