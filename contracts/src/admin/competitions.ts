import { z } from 'zod'
import {
  defaultMaxEntriesPerPerson,
  formatCount,
  formatPence,
  maxEntriesPerPersonLimit,
  maxEntryPricePence,
  maxLength,
  maxPrizeValuePence,
  maxSkillQuestions,
  maxTotalTickets,
  tooLongMessage,
} from '../bounds'
import { adminCompetition } from '../competition'
import { publicRandomnessInput } from '../events/competition'
import { text } from '../text'

/** SPEC section 5 "Admin competition form": the message of every refused form. */
export const adminFormMessage = 'Please fill in all required fields correctly'

/** Required text of at most `max` characters, named in the message: "The title must be at most 200 characters". */
const requiredText = (label: string, max: number) =>
  text(max, tooLongMessage(label, max)).trim().min(1, 'Required')

/** A number or a numeric string (multipart sends every field as text). */
const numeric = z.preprocess((value) => {
  if (typeof value === 'string' && value.trim() !== '') return Number(value)
  return value
}, z.number({ error: 'Must be a number' }).finite())

/** Pounds with at most two decimals, greater than 0. */
export const pounds = numeric
  .refine((value) => value > 0, 'Must be greater than 0')
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'At most 2 decimal places')

/** Pounds as `pounds`, at most `maxPence`, the message naming the field and the amount. */
const poundsUpTo = (label: string, maxPence: number) =>
  pounds.refine(
    (value) => Math.round(value * 100) <= maxPence,
    `${label} must be at most ${formatPence(maxPence)}`,
  )

/** An optional field of a form: empty text (a cleared input) is the same as absent. */
const optionalField = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional())

const flag = z.preprocess((value) => {
  if (value === 'true' || value === '1' || value === 'on') return true
  if (value === 'false' || value === '0' || value === '') return false
  return value
}, z.boolean())

/**
 * The latest date the form accepts: events hold dates as ISO 8601 with a four-digit year, and
 * a start this early still leaves room for the default 30-day run.
 */
const latestDate = Date.UTC(9999, 0, 1)

const date = text(maxLength.date, 'Must be a date')
  .trim()
  .refine((value) => !Number.isNaN(Date.parse(value)), { message: 'Must be a date', abort: true })
  .refine((value) => {
    const time = Date.parse(value)
    return time >= 0 && time < latestDate
  }, 'Must be a date between 1970 and 9998')

export const adminSkillQuestion = z
  .object({
    question: requiredText('The question', maxLength.question),
    options: z.array(requiredText('Each option', maxLength.option)).length(4, 'Four options are required'),
    correct: requiredText('The correct answer', maxLength.option),
  })
  .refine((q) => new Set(q.options).size === q.options.length, {
    message: 'The four options must differ',
    path: ['options'],
  })
  .refine((q) => q.options.includes(q.correct), {
    message: 'The correct answer must be one of the options',
    path: ['correct'],
  })

/** The skill question as an object, or as a JSON string (multipart). */
const skillQuestionField = z.preprocess((value) => {
  if (typeof value !== 'string') return value
  try {
    return JSON.parse(value)
  } catch {
    return value
  }
}, adminSkillQuestion)

/**
 * The rest of the pool (issue 24): up to nine more questions, each as the first; as an array, or
 * as a JSON string (multipart). Absent or empty: a pool of one.
 */
const extraSkillQuestionsField = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value
    try {
      return JSON.parse(value)
    } catch {
      return value
    }
  },
  z
    .array(adminSkillQuestion)
    .max(maxSkillQuestions - 1, `A competition has at most ${maxSkillQuestions} skill questions`),
)

/**
 * The admin competition form (create and update), snake_case, money in pounds. Numbers may come
 * as strings; `status` 'active' publishes, 'draft' or 'inactive' keeps a draft.
 */
export const adminCompetitionForm = z
  .object({
    title: requiredText('The title', maxLength.title),
    description: requiredText('The description', maxLength.description),
    prize: requiredText('The prize', maxLength.prize),
    prize_value: poundsUpTo('The prize value', maxPrizeValuePence),
    entry_price: poundsUpTo('The entry price', maxEntryPricePence),
    total_tickets: numeric
      .refine((value) => Number.isInteger(value) && value > 0, 'Must be a whole number greater than 0')
      .refine(
        (value) => value <= maxTotalTickets,
        `The total tickets must be at most ${formatCount(maxTotalTickets)}`,
      ),
    location: z.preprocess(
      (value) => (value === undefined || value === '' ? 'UK Wide' : value),
      requiredText('The location', maxLength.location),
    ),
    /** The most entries one person may hold, paid and postal together; 100 when left empty. */
    max_entries_per_person: z.preprocess(
      (value) => (value === undefined || value === '' ? defaultMaxEntriesPerPerson : value),
      numeric
        .refine((value) => Number.isInteger(value) && value > 0, 'Must be a whole number greater than 0')
        .refine(
          (value) => value <= maxEntriesPerPersonLimit,
          `The maximum entries per person must be at most ${formatCount(maxEntriesPerPersonLimit)}`,
        ),
    ),
    start_date: date.optional(),
    end_date: date.optional(),
    status: z.enum(['active', 'draft', 'inactive']).default('active'),
    featured: flag.default(false),
    skill_question: skillQuestionField,
    extra_skill_questions: extraSkillQuestionsField.optional(),
    /** Issue 14: below this many tickets sold at the end date, an admin decides (never above the total). */
    minimum_tickets: optionalField(
      numeric
        .refine((value) => Number.isInteger(value) && value > 0, 'Must be a whole number greater than 0')
        .refine(
          (value) => value <= maxTotalTickets,
          `The minimum tickets must be at most ${formatCount(maxTotalTickets)}`,
        ),
    ),
    /** Issue 14: pounds the winner may take instead of the prize. */
    cash_alternative: optionalField(poundsUpTo('The cash alternative', maxPrizeValuePence)),
  })
  .refine((form) => form.minimum_tickets === undefined || form.minimum_tickets <= form.total_tickets, {
    message: 'The minimum tickets must be at most the total tickets',
    path: ['minimum_tickets'],
  })
export type AdminCompetitionForm = z.infer<typeof adminCompetitionForm>

export const adminFeaturedRequest = z.object({ featured: z.boolean() })

export const adminStatusRequest = z.object({
  status: z.enum(['active', 'closed', 'drawing', 'completed', 'cancelled']),
  reason: text(maxLength.reason, tooLongMessage('The reason', maxLength.reason)).trim().min(1).optional(),
  publicRandomness: publicRandomnessInput.optional(),
})
export type AdminStatusRequest = z.infer<typeof adminStatusRequest>

/** How far an undersold competition's end date may move, from the moment it is extended. */
export const maxEndDateExtensionDays = 90

/** Extending an undersold competition's end date, once: the new date and why (audit trail). */
export const adminExtendRequest = z.object({
  end_date: date,
  reason: text(maxLength.reason, tooLongMessage('The reason', maxLength.reason)).trim().min(1).optional(),
})
export type AdminExtendRequest = z.infer<typeof adminExtendRequest>

export const adminCompetitionResponse = z.object({
  success: z.literal(true),
  competition: adminCompetition.optional(),
})
export type AdminCompetitionResponse = z.infer<typeof adminCompetitionResponse>
