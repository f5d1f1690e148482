import { z } from 'zod'
import {
  defaultMaxEntriesPerPerson,
  formatCount,
  formatPence,
  int32Max,
  maxEntriesPerPersonLimit,
  maxEntryPricePence,
  maxLength,
  maxPrizeValuePence,
  maxSkillQuestions,
  maxTotalTickets,
  tooLongMessage,
} from '../bounds'

/** Money is whole pence in events; the HTTP layer shows pounds. */
const pence = z.number().int().nonnegative()

/**
 * A count, price or ticket number as the log may hold it: whatever a read model's `integer`
 * column can store (see `bounds.ts` for the two tiers).
 */
export const storableInteger = z.number().int().max(int32Max)

const text = (label: string, max: number) => z.string().min(1).max(max, tooLongMessage(label, max))

function skillQuestionOf(question: z.ZodString, option: z.ZodString) {
  return z
    .object({
      question,
      options: z.array(option).length(4),
      /** The correct option's text; one of `options`. */
      correct: option,
    })
    .refine((q) => new Set(q.options).size === q.options.length, {
      message: 'The four options must differ',
      path: ['options'],
    })
    .refine((q) => q.options.includes(q.correct), {
      message: 'The correct answer must be one of the options',
      path: ['correct'],
    })
}

/** The skill question a command may write: its texts bounded. */
export const skillQuestion = skillQuestionOf(
  text('The question', maxLength.question),
  text('Each option', maxLength.option),
)
export type SkillQuestion = z.infer<typeof skillQuestion>

/**
 * A competition's details as the log may hold them: every number fits the column that stores it
 * (`prize_value_pence` is a `bigint`, read into a JavaScript number). Texts are stored as `text`.
 */
export const storedCompetitionDetails = z.object({
  title: z.string().min(1),
  description: z.string().min(1),
  prize: z.string().min(1),
  prizeValuePence: pence.max(Number.MAX_SAFE_INTEGER),
  entryPricePence: pence.max(int32Max),
  totalTickets: storableInteger.positive(),
  location: z.string().min(1),
  startDate: z.string().datetime(),
  endDate: z.string().datetime(),
  imageUrl: z.string().nullable(),
  skillQuestion: skillQuestionOf(z.string().min(1), z.string().min(1)),
  /**
   * The rest of the pool of skill questions (issue 24): each entrant is given one of
   * `[skillQuestion, ...extraSkillQuestions]` (`skillQuestionPoolOf`). Absent on competitions
   * created before pools: a pool of one, read as it was written.
   */
  extraSkillQuestions: z
    .array(skillQuestionOf(z.string().min(1), z.string().min(1)))
    .max(maxSkillQuestions - 1)
    .optional(),
  /** Tickets that must be sold by the end date for an automatic close; absent: no minimum. */
  minimumTickets: storableInteger.positive().optional(),
  /** The cash the winner may take instead of the prize; absent: none offered. */
  cashAlternativePence: pence.max(Number.MAX_SAFE_INTEGER).optional(),
  /**
   * The most entries (tickets) one person may hold, paid and postal together. Absent on
   * competitions created before caps: `entryCapOf` reads those as the default.
   */
  maxEntriesPerPerson: storableInteger.positive().optional(),
})

/** The per-person cap a competition enforces. */
export const entryCapOf = (details: Pick<StoredCompetitionDetails, 'maxEntriesPerPerson'>) =>
  details.maxEntriesPerPerson ?? defaultMaxEntriesPerPerson
type StoredCompetitionDetails = z.infer<typeof storedCompetitionDetails>

/** A competition's pool of skill questions, first to last; a competition made before pools has one. */
export const skillQuestionPoolOf = (
  details: Pick<StoredCompetitionDetails, 'skillQuestion' | 'extraSkillQuestions'>,
): readonly SkillQuestion[] => [details.skillQuestion, ...(details.extraSkillQuestions ?? [])]

/**
 * The editable description of a competition, shared by creation and revision, as a command may
 * write it: the domain checks every new or revised competition against this, whoever calls.
 */
export const competitionDetails = storedCompetitionDetails.extend({
  title: text('The title', maxLength.title),
  description: text('The description', maxLength.description),
  prize: text('The prize', maxLength.prize),
  prizeValuePence: pence.max(
    maxPrizeValuePence,
    `The prize value must be at most ${formatPence(maxPrizeValuePence)}`,
  ),
  entryPricePence: pence.max(
    maxEntryPricePence,
    `The entry price must be at most ${formatPence(maxEntryPricePence)}`,
  ),
  totalTickets: z
    .number()
    .int()
    .positive()
    .max(maxTotalTickets, `The total tickets must be at most ${formatCount(maxTotalTickets)}`),
  location: text('The location', maxLength.location),
  imageUrl: z.string().max(2048).nullable(),
  skillQuestion,
  extraSkillQuestions: z
    .array(skillQuestion)
    .max(maxSkillQuestions - 1, `A competition has at most ${maxSkillQuestions} skill questions`)
    .optional(),
  minimumTickets: z
    .number()
    .int()
    .positive()
    .max(maxTotalTickets, `The minimum tickets must be at most ${formatCount(maxTotalTickets)}`)
    .optional(),
  cashAlternativePence: pence
    .max(maxPrizeValuePence, `The cash alternative must be at most ${formatPence(maxPrizeValuePence)}`)
    .optional(),
  maxEntriesPerPerson: z
    .number()
    .int()
    .min(1, 'The maximum entries per person must be at least 1')
    .max(
      maxEntriesPerPersonLimit,
      `The maximum entries per person must be at most ${formatCount(maxEntriesPerPersonLimit)}`,
    )
    .optional(),
})
export type CompetitionDetails = z.infer<typeof competitionDetails>

/** Lower-case hex of a sha256 digest. */
export const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/)

/** `postal_entry`: sealed again after the close, for an envelope that arrived before it (issue 24). */
export const closeReason = z.enum(['end_date', 'sold_out', 'admin', 'postal_entry'])
export type CloseReason = z.infer<typeof closeReason>

/**
 * The eligible list fixed at close: its size and sha256 (hex) of its canonical encoding.
 * `listVersion` says which encoding (domain `ListVersion`): absent on seals made before version
 * 2, whose lines named each ticket's entry and user ids; 2 for `<ticket> <entryReference>`
 * lines, which the public certificate can show.
 */
export const drawSeal = z.object({
  eligibleTickets: storableInteger.nonnegative(),
  listHash: sha256Hex,
  listVersion: z.literal(2).optional(),
})
export type DrawSeal = z.infer<typeof drawSeal>

/** The public randomness named at close (a drand round after the close), not yet known. */
export const sealedRandomness = z.object({
  source: z.literal('drand'),
  chainHash: z.string().optional(),
  round: storableInteger.positive(),
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
  round: storableInteger.positive(),
  value: z.string().regex(/^[0-9a-f]+$/),
  signature: z
    .string()
    .regex(/^[0-9a-f]+$/)
    .optional(),
})
export type PublicRandomness = z.infer<typeof publicRandomness>

/**
 * The same as an admin may enter it: drand's randomness is a sha256 (64 hex digits) and its
 * signatures are at most 96 bytes, so longer text cannot be drand's and is refused.
 */
export const publicRandomnessInput = publicRandomness.extend({
  value: publicRandomness.shape.value.max(128, 'The randomness must be at most 128 hexadecimal digits'),
  signature: z
    .string()
    .regex(/^[0-9a-f]+$/)
    .max(512, 'The signature must be at most 512 hexadecimal digits')
    .optional(),
})

export const competitionEvents = {
  CompetitionCreated: z.object({
    competitionId: z.string(),
    details: storedCompetitionDetails,
    featured: z.boolean(),
  }),
  CompetitionRevised: z.object({ competitionId: z.string(), details: storedCompetitionDetails }),
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
    winningTicket: storableInteger.positive(),
    winningEntryId: z.string(),
    winnerUserId: z.string(),
    /** How many 32-bit draws the rejection sampling took (1 in the usual case). */
    attempts: storableInteger.positive(),
  }),
  CompetitionCancelled: z.object({ competitionId: z.string(), reason: z.string().min(1) }),
  /**
   * The end date came with fewer tickets sold than the competition's minimum: entries stop,
   * nothing is sealed, and an admin chooses to draw anyway (close), extend once, or cancel.
   */
  CompetitionUndersold: z.object({
    competitionId: z.string(),
    soldTickets: storableInteger.nonnegative(),
    minimumTickets: storableInteger.positive(),
  }),
  /** An undersold competition reopened until a later end date; allowed once per competition. */
  CompetitionEndDateExtended: z.object({
    competitionId: z.string(),
    previousEndDate: z.string().datetime(),
    endDate: z.string().datetime(),
  }),
  CompetitionDeleted: z.object({ competitionId: z.string() }),
} as const

export type CompetitionEventType = keyof typeof competitionEvents
export type CompetitionEvent = {
  [K in CompetitionEventType]: { type: K; data: z.infer<(typeof competitionEvents)[K]> }
}[CompetitionEventType]

export const competitionStreamPrefix = 'competition-'
export const competitionStream = (competitionId: string) => `${competitionStreamPrefix}${competitionId}`
