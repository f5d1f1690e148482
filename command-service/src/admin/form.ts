import {
  type AdminCompetitionForm,
  adminCompetitionForm,
  adminFormMessage,
  type CompetitionDetails,
  errorCodes,
  Refusal,
} from '@prizes/contracts'

/** SPEC section 9: a new competition ends 30 days after it starts. */
const defaultDurationMs = 30 * 24 * 60 * 60 * 1000

/** Pounds (at most two decimals, checked by the schema) to whole pence, half up. */
export function toPence(pounds: number): number {
  return Math.round(pounds * 100 + 1e-9)
}

/** The form, parsed, or 400 with SPEC section 5's message and the fields named (snake_case). */
export function parseAdminForm(input: unknown): AdminCompetitionForm {
  const result = adminCompetitionForm.safeParse(input ?? {})
  if (result.success) return result.data
  const fieldErrors: Record<string, string[]> = {}
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_'
    fieldErrors[key] = [...(fieldErrors[key] ?? []), issue.message]
  }
  throw new Refusal(errorCodes.validation, adminFormMessage, { fieldErrors: fieldErrors })
}

function isoDate(value: string): string {
  return new Date(value).toISOString()
}

/** The event's details from the form: pence, ISO dates (today and 30 days later by default). */
export function detailsFromForm(
  form: AdminCompetitionForm,
  imageUrl: string | null,
  now: Date,
): CompetitionDetails {
  const startDate = form.start_date ? isoDate(form.start_date) : now.toISOString()
  const endDate = form.end_date
    ? isoDate(form.end_date)
    : new Date(Date.parse(startDate) + defaultDurationMs).toISOString()
  if (Date.parse(endDate) <= Date.parse(startDate)) {
    throw new Refusal(errorCodes.validation, adminFormMessage, {
      fieldErrors: {
        end_date: ['The end date must be after the start date'],
      },
    })
  }
  return {
    title: form.title,
    description: form.description,
    prize: form.prize,
    prizeValuePence: toPence(form.prize_value),
    entryPricePence: toPence(form.entry_price),
    totalTickets: form.total_tickets,
    maxEntriesPerPerson: form.max_entries_per_person,
    location: form.location,
    startDate,
    endDate,
    imageUrl,
    skillQuestion: {
      question: form.skill_question.question,
      options: [...form.skill_question.options],
      correct: form.skill_question.correct,
    },
    ...(form.extra_skill_questions?.length
      ? {
          extraSkillQuestions: form.extra_skill_questions.map((q) => ({
            question: q.question,
            options: [...q.options],
            correct: q.correct,
          })),
        }
      : {}),
    ...(form.minimum_tickets === undefined ? {} : { minimumTickets: form.minimum_tickets }),
    ...(form.cash_alternative === undefined ? {} : { cashAlternativePence: toPence(form.cash_alternative) }),
  }
}
