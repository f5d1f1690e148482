import {
  type AdminCompetition,
  adminCompetitionForm,
  defaultMaxEntriesPerPerson,
  maxSkillQuestions,
} from '@prizes/contracts'
import { answersGivenAway, type Giveaway } from '@prizes/domain'
import type { ApiFieldErrors } from '../../../../lib/api-client'
import type { FieldErrors, ParseResult } from '../../../../lib/field-errors'

/**
 * SPEC section 5 "Admin competition form" as typed on screen: text as typed (numbers are parsed
 * when sent), dates from `datetime-local` inputs in the admin's time, four options and the
 * index of the correct one.
 */
export interface CompetitionFormValues {
  title: string
  description: string
  prize: string
  prize_value: string
  entry_price: string
  total_tickets: string
  /** The most entries one person may hold, paid and postal together. */
  max_entries_per_person: string
  location: string
  start_date: string
  end_date: string
  /** 'active' publishes on save; 'draft' keeps it unpublished. */
  status: 'active' | 'draft'
  featured: boolean
  question: string
  option0: string
  option1: string
  option2: string
  option3: string
  /** '0' to '3', or '' before one is chosen. */
  correct: string
  /** Issue 14, both optional: '' for none. */
  minimum_tickets: string
  cash_alternative: string
  /** Issue 24: the rest of the pool, up to nine more questions after the first. */
  extra_questions: ExtraQuestionValues[]
}

/** One more question of the pool as typed: its four options and the index of the correct one. */
export interface ExtraQuestionValues {
  readonly question: string
  readonly options: readonly [string, string, string, string]
  /** '0' to '3', or '' before one is chosen. */
  readonly correct: string
}

export const blankExtraQuestion: ExtraQuestionValues = {
  question: '',
  options: ['', '', '', ''],
  correct: '',
}
/** The first question and up to this many more. */
export const maxExtraQuestions = maxSkillQuestions - 1

/** Every field a message can be shown on; `options` is the four options together (they must differ). */
export type CompetitionFormField = Exclude<keyof CompetitionFormValues, 'featured'> | 'options' | 'form'
export type CompetitionFormErrors = FieldErrors<CompetitionFormField>

export const optionFields = ['option0', 'option1', 'option2', 'option3'] as const

/** SPEC section 9: a new competition runs 30 days. */
const defaultDays = 30
const dayMs = 86_400_000

const pad = (n: number) => String(n).padStart(2, '0')

/** A moment as a `datetime-local` input shows it: the admin's own time, to the minute. */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

/** A `datetime-local` value as an ISO instant, or '' when it is not a date. */
export function fromLocalInput(value: string): string {
  const date = new Date(value)
  return value.trim() === '' || Number.isNaN(date.getTime()) ? '' : date.toISOString()
}

/** SPEC section 9's defaults: £2.99, 1000 tickets, from now to 30 days later, published, UK Wide. */
export function newCompetitionValues(now: Date): CompetitionFormValues {
  return {
    title: '',
    description: '',
    prize: '',
    prize_value: '',
    entry_price: '2.99',
    total_tickets: '1000',
    max_entries_per_person: String(defaultMaxEntriesPerPerson),
    location: 'UK Wide',
    start_date: toLocalInput(now),
    end_date: toLocalInput(new Date(now.getTime() + defaultDays * dayMs)),
    status: 'active',
    featured: false,
    question: '',
    option0: '',
    option1: '',
    option2: '',
    option3: '',
    correct: '',
    minimum_tickets: '',
    cash_alternative: '',
    extra_questions: [],
  }
}

/** The form filled with a competition, for editing. */
export function competitionValues(competition: AdminCompetition): CompetitionFormValues {
  const { question, options, correct } = competition.skill_question
  const index = options.indexOf(correct)
  return {
    title: competition.title,
    description: competition.description,
    prize: competition.prize,
    prize_value: String(competition.prize_value),
    entry_price: String(competition.entry_price),
    total_tickets: String(competition.total_tickets),
    max_entries_per_person: String(competition.max_entries_per_person),
    location: competition.location,
    start_date: toLocalInput(new Date(competition.start_date)),
    end_date: toLocalInput(new Date(competition.end_date)),
    status: competition.status === 'draft' ? 'draft' : 'active',
    featured: competition.featured,
    question,
    option0: options[0] ?? '',
    option1: options[1] ?? '',
    option2: options[2] ?? '',
    option3: options[3] ?? '',
    correct: index >= 0 ? String(index) : '',
    minimum_tickets: competition.minimum_tickets === null ? '' : String(competition.minimum_tickets),
    cash_alternative: competition.cash_alternative === null ? '' : String(competition.cash_alternative),
    extra_questions: (competition.extra_skill_questions ?? []).map((q) => ({
      question: q.question,
      options: [q.options[0] ?? '', q.options[1] ?? '', q.options[2] ?? '', q.options[3] ?? ''],
      correct: q.options.includes(q.correct) ? String(q.options.indexOf(q.correct)) : '',
    })),
  }
}

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text))

const optionsOf = (values: CompetitionFormValues) => optionFields.map((field) => values[field])

const extraQuestionPayload = (q: ExtraQuestionValues) => ({
  question: q.question,
  options: [...q.options],
  correct: q.options[Number(q.correct)] ?? '',
})

/** The dates a competition was saved with, to the millisecond. */
export type SavedDates = Pick<AdminCompetition, 'start_date' | 'end_date'>

/**
 * A date field as an ISO instant: the saved one, exactly, while the input still shows it (an
 * input holds minutes, and a competition with entries refuses an end date moved even a second
 * earlier); else what was typed.
 */
function dateOf(values: CompetitionFormValues, field: keyof SavedDates, saved: SavedDates | null): string {
  const typed = values[field]
  if (saved && typed === toLocalInput(new Date(saved[field]))) return saved[field]
  return fromLocalInput(typed)
}

/**
 * What the server receives (`adminCompetitionForm`'s input): numbers parsed, dates as ISO
 * instants; an edited competition's dates the admin left alone are sent as they were saved.
 */
export function competitionPayload(values: CompetitionFormValues, saved: SavedDates | null = null) {
  const options = optionsOf(values)
  return {
    title: values.title,
    description: values.description,
    prize: values.prize,
    prize_value: numberOf(values.prize_value),
    entry_price: numberOf(values.entry_price),
    total_tickets: numberOf(values.total_tickets),
    max_entries_per_person: numberOf(values.max_entries_per_person),
    location: values.location,
    start_date: dateOf(values, 'start_date', saved),
    end_date: dateOf(values, 'end_date', saved),
    status: values.status,
    featured: values.featured,
    skill_question: {
      question: values.question,
      options,
      correct: options[Number(values.correct)] ?? '',
    },
    ...(values.extra_questions.length === 0
      ? {}
      : { extra_skill_questions: values.extra_questions.map(extraQuestionPayload) }),
    ...(values.minimum_tickets.trim() === '' ? {} : { minimum_tickets: numberOf(values.minimum_tickets) }),
    ...(values.cash_alternative.trim() === '' ? {} : { cash_alternative: numberOf(values.cash_alternative) }),
  }
}

/**
 * Issue 24: the questions whose correct answer the title, prize or description gives away, with
 * the question's number as the form shows it (1 is the first). A warning, never a refusal.
 */
export function answerGiveaways(
  values: CompetitionFormValues,
): Array<Giveaway & { readonly number: number }> {
  const first = { correct: optionsOf(values)[Number(values.correct)] ?? '' }
  const extra = values.extra_questions.map((q) => ({ correct: q.options[Number(q.correct)] ?? '' }))
  return answersGivenAway(
    values,
    values.correct === '' ? [{ correct: '' }, ...extra] : [first, ...extra],
  ).map((found) => ({ ...found, number: found.questionIndex + 1 }))
}
export type CompetitionPayload = ReturnType<typeof competitionPayload>

const fieldNames: Record<Exclude<CompetitionFormField, 'form'>, true> = {
  title: true,
  description: true,
  prize: true,
  prize_value: true,
  entry_price: true,
  total_tickets: true,
  max_entries_per_person: true,
  location: true,
  start_date: true,
  end_date: true,
  status: true,
  question: true,
  option0: true,
  option1: true,
  option2: true,
  option3: true,
  correct: true,
  options: true,
  minimum_tickets: true,
  cash_alternative: true,
  extra_questions: true,
}

const isField = (name: string): name is Exclude<CompetitionFormField, 'form'> =>
  Object.hasOwn(fieldNames, name)

/** The form field a message belongs to, from its path (`['skill_question', 'options', 1]` is option1). */
export function fieldOfPath(path: readonly PropertyKey[]): CompetitionFormField {
  const [first, second, third] = path.map(String)
  if (first === undefined || first === '' || first === '_') return 'form'
  if (first === 'extra_skill_questions' || first === 'extraSkillQuestions') return 'extra_questions'
  if (first !== 'skill_question') {
    return isField(first) ? first : 'form'
  }
  if (second === 'options') {
    const option = `option${third}`
    return third !== undefined && isField(option) ? option : 'options'
  }
  if (second === 'correct') return 'correct'
  return 'question'
}

function firstByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: CompetitionFormErrors = {}
  for (const issue of issues) errors[fieldOfPath(issue.path)] ??= issue.message
  return errors
}

const required = 'Required'

/** The server's rules (`adminCompetitionForm`, the end after the start) with its messages, by field. */
export function validateCompetitionForm(values: CompetitionFormValues): CompetitionFormErrors {
  const result: ParseResult = adminCompetitionForm.safeParse(competitionPayload(values))
  const errors = result.success ? {} : firstByField(result.error.issues)
  const requiredFields = [
    'prize_value',
    'entry_price',
    'total_tickets',
    'max_entries_per_person',
    'start_date',
    'end_date',
  ] as const
  for (const field of requiredFields) {
    if (values[field].trim() === '') errors[field] = required
  }
  if (values.correct === '') errors.correct = 'Choose the correct answer'
  if (values.extra_questions.some((q) => q.correct === '')) {
    errors.extra_questions ??= 'Choose the correct answer of every question'
  }
  const start = Date.parse(fromLocalInput(values.start_date))
  const end = Date.parse(fromLocalInput(values.end_date))
  if (!Number.isNaN(start) && !Number.isNaN(end) && end <= start) {
    errors.end_date ??= 'The end date must be after the start date'
  }
  const minimum = numberOf(values.minimum_tickets)
  if (minimum > numberOf(values.total_tickets)) {
    errors.minimum_tickets ??= 'The minimum tickets must be at most the total tickets'
  }
  return errors
}

/** The server's field errors (`skill_question.options.1`) on the form's fields, first message each. */
export function serverFieldErrors(fieldErrors: ApiFieldErrors): CompetitionFormErrors {
  return firstByField(
    Object.entries(fieldErrors).flatMap(([key, messages]) =>
      messages.slice(0, 1).map((message) => ({ path: key.split('.'), message })),
    ),
  )
}

/** The multipart body for a save with an image: every field as text, the question as JSON. */
export function competitionFormData(payload: CompetitionPayload, image: Blob, imageName: string): FormData {
  const form = new FormData()
  form.set('title', payload.title)
  form.set('description', payload.description)
  form.set('prize', payload.prize)
  form.set('prize_value', String(payload.prize_value))
  form.set('entry_price', String(payload.entry_price))
  form.set('total_tickets', String(payload.total_tickets))
  form.set('max_entries_per_person', String(payload.max_entries_per_person))
  form.set('location', payload.location)
  form.set('start_date', payload.start_date)
  form.set('end_date', payload.end_date)
  form.set('status', payload.status)
  form.set('featured', String(payload.featured))
  form.set('skill_question', JSON.stringify(payload.skill_question))
  if (payload.extra_skill_questions !== undefined) {
    form.set('extra_skill_questions', JSON.stringify(payload.extra_skill_questions))
  }
  if (payload.minimum_tickets !== undefined) form.set('minimum_tickets', String(payload.minimum_tickets))
  if (payload.cash_alternative !== undefined) form.set('cash_alternative', String(payload.cash_alternative))
  form.set('image', image, imageName)
  return form
}

/** SPEC section 5: JPG, PNG, GIF or WebP, at most 5 MB (the server checks the bytes again). */
export const acceptedImageTypes = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const
export const maxImageBytes = 5 * 1024 * 1024

/** Why a chosen file cannot be the image (the server's own sentences), or undefined when it can. */
export function imageProblem(file: { readonly type: string; readonly size: number }): string | undefined {
  if (!(acceptedImageTypes as readonly string[]).includes(file.type)) {
    return 'The image must be a JPG, PNG, GIF or WebP file'
  }
  if (file.size > maxImageBytes) return 'The image must be 5 MB or smaller'
  return undefined
}
