import { responsiblePlayErrorCodes as codes, responsiblePlayMessages as m } from '@prizes/contracts'
import { DomainError } from '../domain-error'

/** A purchase would take this month's spending over the user's own limit. */
export class SpendingLimitReached extends DomainError<typeof codes.spendingLimitReached> {
  readonly code = codes.spendingLimitReached
  constructor(
    readonly limitPence: number,
    readonly leftPence: number,
  ) {
    super(m.overLimit(limitPence, leftPence))
  }
}

/** The user is on a break (or excluded for good) and may not enter until it ends. */
export class OnBreak extends DomainError<typeof codes.onBreak> {
  readonly code = codes.onBreak
  constructor(readonly endsAt: string | null) {
    super(m.onBreak(endsAt))
  }
}

/** A break is never ended or shortened: only a longer one may follow. */
export class BreakCannotBeShortened extends DomainError<typeof codes.breakCannotBeShortened> {
  readonly code = codes.breakCannotBeShortened
  constructor(readonly endsAt: string | null) {
    super(m.breakCannotBeShortened(endsAt))
  }
}

export type ResponsiblePlayError = SpendingLimitReached | OnBreak | BreakCannotBeShortened

export function isResponsiblePlayError(error: unknown): error is ResponsiblePlayError {
  return (
    error instanceof SpendingLimitReached ||
    error instanceof OnBreak ||
    error instanceof BreakCannotBeShortened
  )
}
