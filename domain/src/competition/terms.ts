import { type CompetitionDetails, entryCapOf, type SkillQuestion } from '@prizes/contracts'
import { CompetitionTermsFixed, type FixedTerm } from './errors'
import type { Competition } from './state'

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, i) => value === b[i])

const sameQuestion = (a: SkillQuestion, b: SkillQuestion) =>
  a.question === b.question && a.correct === b.correct && sameList(a.options, b.options)

/** The questions after the first: each entrant was given one of the pool, so all of it stays. */
const sameExtraQuestions = (before: CompetitionDetails, after: CompetitionDetails) => {
  const a = before.extraSkillQuestions ?? []
  const b = after.extraSkillQuestions ?? []
  return a.length === b.length && a.every((question, i) => b[i] !== undefined && sameQuestion(question, b[i]))
}

/**
 * What a revision may not change once the competition has entries, each with its reason. A
 * competition "has entries" from its first reservation on, paid or not: every entrant paid (or
 * is paying, or may still pay a lapsed intent, which is allocated late) the price they were
 * shown, for an answer to the question and options they were shown, on odds out of the total
 * they were shown, until the end date they were shown. So the price, question, options and
 * answer stay, the total may only rise (the odds shown can only have been too good to be true
 * if it fell, and sold tickets could exceed it) and the end date only move later. The cap on
 * entries per person may only rise too: below what someone already holds it would cap nobody
 * who has entered and refuse the rest, and knowing the highest holding would cost a scan.
 */
const terms: ReadonlyArray<{
  readonly field: FixedTerm
  readonly message: string
  readonly keeps: (before: CompetitionDetails, after: CompetitionDetails) => boolean
}> = [
  {
    field: 'entryPricePence',
    message: 'The entry price cannot change once the competition has entries',
    keeps: (before, after) => after.entryPricePence === before.entryPricePence,
  },
  {
    field: 'totalTickets',
    message: 'The total tickets can only be raised once the competition has entries',
    keeps: (before, after) => after.totalTickets >= before.totalTickets,
  },
  {
    field: 'endDate',
    message: 'The end date can only move later once the competition has entries',
    keeps: (before, after) => Date.parse(after.endDate) >= Date.parse(before.endDate),
  },
  {
    // Issue 14: a higher minimum would make a draw less likely than entrants were told.
    field: 'minimumTickets',
    message: 'The minimum tickets can only be lowered or removed once the competition has entries',
    keeps: (before, after) =>
      after.minimumTickets === undefined ||
      (before.minimumTickets !== undefined && after.minimumTickets <= before.minimumTickets),
  },
  {
    field: 'cashAlternativePence',
    message: 'The cash alternative can only be raised once the competition has entries',
    keeps: (before, after) =>
      before.cashAlternativePence === undefined ||
      (after.cashAlternativePence !== undefined && after.cashAlternativePence >= before.cashAlternativePence),
  },
  {
    // Issue 23: lowered after entries, a person could already hold more than the new cap.
    field: 'maxEntriesPerPerson',
    message: 'The maximum entries per person can only be raised once the competition has entries',
    keeps: (before, after) => entryCapOf(after) >= entryCapOf(before),
  },
  {
    field: 'skillQuestion.question',
    message: 'The skill question cannot change once the competition has entries',
    keeps: (before, after) => after.skillQuestion.question === before.skillQuestion.question,
  },
  {
    field: 'skillQuestion.options',
    message: 'The answer options cannot change once the competition has entries',
    keeps: (before, after) => sameList(after.skillQuestion.options, before.skillQuestion.options),
  },
  {
    field: 'skillQuestion.correct',
    message: 'The correct answer cannot change once the competition has entries',
    keeps: (before, after) => after.skillQuestion.correct === before.skillQuestion.correct,
  },
  {
    field: 'extraSkillQuestions',
    message: 'The skill questions cannot change once the competition has entries',
    keeps: sameExtraQuestions,
  },
]

/** Refuses a revision that changes a term its entrants entered on; names every such field. */
export function assertTermsKept(competition: Competition, details: CompetitionDetails): void {
  if (competition.entries.size === 0) return
  const broken = terms.filter((term) => !term.keeps(competition.details, details))
  if (broken.length === 0) return
  throw new CompetitionTermsFixed(
    competition.competitionId,
    Object.fromEntries(broken.map((term) => [term.field, [term.message]])),
  )
}
