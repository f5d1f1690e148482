import { DomainError } from '../domain-error'
import {
  type CompetitionLifecycleEventType,
  type CompetitionLifecycleStatus,
  targetStatus,
} from './competition.machine'

export class CompetitionAlreadyExists extends DomainError<'COMPETITION_ALREADY_EXISTS'> {
  readonly code = 'COMPETITION_ALREADY_EXISTS'
  constructor(readonly competitionId: string) {
    super(`A competition with id ${competitionId} already exists`)
  }
}

export class CompetitionNotFound extends DomainError<'COMPETITION_NOT_FOUND'> {
  readonly code = 'COMPETITION_NOT_FOUND'
  constructor(readonly competitionId: string) {
    super('Competition not found')
  }
}

/** How each lifecycle event reads in "Cannot … a competition that is …". */
const actionWords: Record<CompetitionLifecycleEventType, string> = {
  'competition.revise': 'edit',
  'competition.enter': 'enter',
  'competition.publish': 'publish',
  'competition.close': 'close',
  'competition.cancel': 'cancel',
  'competition.startDraw': 'start the draw for',
  'competition.completeDraw': 'complete the draw for',
  'competition.delete': 'delete',
}

/** The lifecycle machine refused an event from the competition's current status. */
export class InvalidTransition extends DomainError<'INVALID_TRANSITION'> {
  readonly code = 'INVALID_TRANSITION'
  /** Where the event would have taken the competition; undefined for edits, which keep status. */
  readonly to: CompetitionLifecycleStatus | undefined
  constructor(
    readonly from: CompetitionLifecycleStatus,
    readonly event: CompetitionLifecycleEventType,
  ) {
    super(`Cannot ${actionWords[event]} a competition that is ${from}`)
    this.to = targetStatus(event)
  }
}

/** The details break a rule; `fieldErrors` name each field (paths inside the details). */
export class InvalidCompetitionDetails extends DomainError<'INVALID_COMPETITION_DETAILS'> {
  readonly code = 'INVALID_COMPETITION_DETAILS'
  constructor(readonly fieldErrors: Readonly<Record<string, readonly string[]>>) {
    const first = Object.values(fieldErrors)[0]?.[0]
    super(first ?? 'The competition details are not valid')
  }
}

/** Publishing needs time left to enter: the end date must be after the moment of publishing. */
export class CompetitionEndDatePassed extends DomainError<'COMPETITION_END_DATE_PASSED'> {
  readonly code = 'COMPETITION_END_DATE_PASSED'
  constructor(
    readonly competitionId: string,
    readonly endDate: string,
  ) {
    super('Cannot publish a competition whose end date has passed')
  }
}

export type CompetitionError =
  | CompetitionAlreadyExists
  | CompetitionNotFound
  | InvalidTransition
  | InvalidCompetitionDetails
  | CompetitionEndDatePassed

export function isCompetitionError(error: unknown): error is CompetitionError {
  return (
    error instanceof CompetitionAlreadyExists ||
    error instanceof CompetitionNotFound ||
    error instanceof InvalidTransition ||
    error instanceof InvalidCompetitionDetails ||
    error instanceof CompetitionEndDatePassed
  )
}
