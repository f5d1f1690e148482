import { authMessages, type EntrySubmission, entrySubmission, type SessionUser } from '@prizes/contracts'
import { dateOfBirthProblem } from '@prizes/domain'
import { maxEntriesFor } from '../../../lib/entry-limits'
import { type FieldErrors, firstErrors } from '../../../lib/field-errors'
import type { EntryTarget } from '../../../stores/ui-store'

/** SPEC section 3 "Entry form (client-side)". */
export interface EntryFormValues {
  answer: string
  /** Which question of the pool the server gave and the form shows; null until it is known. */
  questionIndex: number | null
  firstName: string
  lastName: string
  email: string
  phone: string
  address: string
  /** Asked only of someone entering signed out (issue 24); `YYYY-MM-DD`. */
  dateOfBirth: string
  numberOfEntries: number
  agreeTerms: boolean
  subscribeNewsletter: boolean
}
export type EntryField = keyof EntryFormValues

/** The entry slider's limit, the same number the competition's card shows. */
export { maxEntriesFor }

/** Signed in, the details come from the session user so nobody retypes them. */
export function initialEntryValues(user: SessionUser | null): EntryFormValues {
  return {
    answer: '',
    questionIndex: null,
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    address: user?.address ?? '',
    dateOfBirth: '',
    numberOfEntries: 1,
    agreeTerms: false,
    subscribeNewsletter: false,
  }
}

/** Pounds, to the penny, without floating-point crumbs. */
export const totalCost = (price: number, entries: number) => Math.round(price * 100 * entries) / 100

function submissionInput(values: EntryFormValues, c: EntryTarget) {
  return {
    competitionId: c.id,
    competitionTitle: c.title,
    competitionPrize: c.prize,
    entryPrice: c.price,
    numberOfEntries: values.numberOfEntries,
    skillQuestionAnswer: values.answer,
    ...(values.questionIndex === null ? {} : { skillQuestionIndex: values.questionIndex }),
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    phone: values.phone,
    address: values.address,
    ...(values.dateOfBirth === '' ? {} : { dateOfBirth: values.dateOfBirth }),
    agreedToTerms: values.agreeTerms,
    subscribedToNewsletter: values.subscribeNewsletter,
    drawDate: c.endDate,
  }
}

/** The submission's field names back to the form's. */
const formField: Partial<Record<string, EntryField>> = {
  skillQuestionAnswer: 'answer',
  agreedToTerms: 'agreeTerms',
  subscribedToNewsletter: 'subscribeNewsletter',
}

/**
 * SPEC section 5, entry form: the contract's rules and sentences, plus this competition's limit.
 * A `guest` (entering signed out) gives a date of birth, held to registration's 18-and-over rule.
 */
export function validateEntry(
  values: EntryFormValues,
  c: EntryTarget,
  { guest = false, now = new Date() }: { readonly guest?: boolean; readonly now?: Date } = {},
): FieldErrors<EntryField> {
  const raw = firstErrors<string>(entrySubmission.safeParse(submissionInput(values, c)))
  const errors: FieldErrors<EntryField> = {}
  for (const [field, message] of Object.entries(raw)) {
    const name = formField[field] ?? field
    if (message !== undefined && name in values) errors[name as EntryField] ??= message
  }
  if (guest && errors.dateOfBirth === undefined) {
    const problem =
      values.dateOfBirth === ''
        ? authMessages.dateOfBirthRequired
        : dateOfBirthProblem(values.dateOfBirth, now)
    if (problem !== undefined) errors.dateOfBirth = problem
  }
  const max = maxEntriesFor(c)
  if (errors.numberOfEntries === undefined && values.numberOfEntries > max) {
    errors.numberOfEntries = `Choose between 1 and ${max} entries`
  }
  return errors
}

/** The submission to send, or null while the form has a mistake. */
export function toSubmission(values: EntryFormValues, c: EntryTarget): EntrySubmission | null {
  const parsed = entrySubmission.safeParse(submissionInput(values, c))
  return parsed.success && values.numberOfEntries <= maxEntriesFor(c) ? parsed.data : null
}
