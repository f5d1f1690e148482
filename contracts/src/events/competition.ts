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

export const competitionEvents = {
  CompetitionCreated: z.object({
    competitionId: z.string(),
    details: competitionDetails,
    featured: z.boolean(),
  }),
  CompetitionRevised: z.object({ competitionId: z.string(), details: competitionDetails }),
  CompetitionPublished: z.object({ competitionId: z.string() }),
  CompetitionFeaturedSet: z.object({ competitionId: z.string(), featured: z.boolean() }),
} as const

export type CompetitionEventType = keyof typeof competitionEvents
export type CompetitionEvent = {
  [K in CompetitionEventType]: { type: K; data: z.infer<(typeof competitionEvents)[K]> }
}[CompetitionEventType]

export const competitionStreamPrefix = 'competition-'
export const competitionStream = (competitionId: string) => `${competitionStreamPrefix}${competitionId}`
