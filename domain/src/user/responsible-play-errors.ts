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

/**
 * The account matches a person on a break under another account (name, date of birth and
 * postcode) and may not pay until an admin has cleared it.
 */
export class AccountHeldForReview extends DomainError<typeof codes.heldForReview> {
  readonly code = codes.heldForReview
  constructor() {
    super(m.heldForReview)
  }
}

/** An admin recording a postal entry for a person on a break (by account, inbox or details). */
export class EntrantOnBreak extends DomainError<typeof codes.onBreak> {
  readonly code = codes.onBreak
  constructor() {
    super(m.entrantOnBreak)
  }
}

export type ResponsiblePlayError =
  | SpendingLimitReached
  | OnBreak
  | BreakCannotBeShortened
  | AccountHeldForReview
  | EntrantOnBreak
