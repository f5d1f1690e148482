import { type CompetitionDetails, competitionDetails, skillQuestionPoolOf } from '@prizes/contracts'
import { InvalidCompetitionDetails } from './errors'

type FieldErrors = Record<string, string[]>

function add(errors: FieldErrors, field: string, message: string) {
  errors[field] = [...(errors[field] ?? []), message]
}

/**
 * Checks details against their contract schema and the rules a schema cannot express. The
 * schema runs here too because commands also arrive from code (the seed, reactors), not only
 * from HTTP, and the domain must not depend on its callers having validated.
 * `liveAt` is given for a competition that is already accepting entries: its end date may not
 * be moved into the past, which would close it without a close.
 */
export function assertValidDetails(details: CompetitionDetails, options: { liveAt?: Date } = {}): void {
  const errors: FieldErrors = {}
  const parsed = competitionDetails.safeParse(details)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) add(errors, issue.path.join('.') || 'details', issue.message)
    // The rules below read fields the schema has just rejected; report the schema's view alone.
    throw new InvalidCompetitionDetails(errors)
  }
  if (details.prizeValuePence <= 0) add(errors, 'prizeValuePence', 'The prize value must be greater than 0')
  if (details.entryPricePence <= 0) add(errors, 'entryPricePence', 'The entry price must be greater than 0')
  const start = Date.parse(details.startDate)
  const end = Date.parse(details.endDate)
  if (end <= start) add(errors, 'endDate', 'The end date must be after the start date')
  if (details.minimumTickets !== undefined && details.minimumTickets > details.totalTickets) {
    add(errors, 'minimumTickets', 'The minimum tickets must be at most the total tickets')
  }
  if (details.cashAlternativePence !== undefined && details.cashAlternativePence <= 0) {
    add(errors, 'cashAlternativePence', 'The cash alternative must be greater than 0')
  }
  const questions = skillQuestionPoolOf(details).map((q) => q.question.trim().toLowerCase())
  if (new Set(questions).size !== questions.length) {
    add(errors, 'extraSkillQuestions', 'Each skill question must differ from the others')
  }
  if (options.liveAt && end <= options.liveAt.getTime()) {
    add(errors, 'endDate', 'The end date of a live competition must be in the future')
  }
  if (Object.keys(errors).length > 0) throw new InvalidCompetitionDetails(errors)
}
