import { entryCapMessage, entryErrorCodes, entryMessages } from '@prizes/contracts'
import { DomainError } from '../domain-error'

/** More tickets asked for than remain (allocated and live reservations count; expired do not). */
export class NotEnoughTickets extends DomainError<'NOT_ENOUGH_TICKETS'> {
  readonly code = entryErrorCodes.notEnoughTickets
  constructor(
    readonly requested: number,
    readonly remaining: number,
  ) {
    super(entryMessages.notEnoughTickets)
  }
}

/** More entries than the competition lets one person hold, paid and postal together. */
export class EntryCapReached extends DomainError<'ENTRY_CAP_REACHED'> {
  readonly code = entryErrorCodes.entryCapReached
  constructor(
    readonly cap: number,
    readonly remaining: number,
  ) {
    super(entryCapMessage(cap, remaining))
  }
}

/**
 * A postal entry that cannot be recorded as given: received before the opening or in the future,
 * or an entry id already used by a different entry.
 */
export class InvalidPostalEntry extends DomainError<'INVALID_POSTAL_ENTRY'> {
  readonly code = 'INVALID_POSTAL_ENTRY'
  constructor(
    readonly field: 'receivedAt' | 'entryId',
    message: string,
  ) {
    super(message)
  }
}

/**
 * An envelope that arrived at or after the close (the end date): the free route closes when the
 * paid one does, so it cannot be entered, however early it is keyed in.
 */
export class PostalEntryAfterClose extends DomainError<'POSTAL_ENTRY_AFTER_CLOSE'> {
  readonly code = 'POSTAL_ENTRY_AFTER_CLOSE'
  readonly field = 'receivedAt'
  constructor(readonly endDate: string) {
    super('This envelope arrived after the competition closed, so it cannot be entered')
  }
}

/** Not accepting entries: not active, or the moment is outside its start and end dates. */
export class CompetitionNotActive extends DomainError<'COMPETITION_NOT_ACTIVE'> {
  readonly code = entryErrorCodes.competitionNotActive
  constructor(readonly competitionId: string) {
    super(entryMessages.competitionNotActive)
  }
}

export class EntryNotFound extends DomainError<'ENTRY_NOT_FOUND'> {
  readonly code = 'ENTRY_NOT_FOUND'
  constructor(readonly entryId: string) {
    super('Entry not found')
  }
}

/** The entry id is taken by a different entry; a repeat of the same reservation records nothing. */
export class EntryAlreadyExists extends DomainError<'ENTRY_ALREADY_EXISTS'> {
  readonly code = 'ENTRY_ALREADY_EXISTS'
  constructor(readonly entryId: string) {
    super('An entry with this id already exists')
  }
}

/** A rule of the entry form the contract also checks; commands may come from code, not HTTP. */
export class InvalidEntry extends DomainError<'INVALID_ENTRY'> {
  readonly code = 'INVALID_ENTRY'
  constructor(
    readonly field: 'numberOfEntries' | 'skillQuestionAnswer',
    message: string,
  ) {
    super(message)
  }
}

/**
 * Only money that was taken can be given back (a paid entry, or a payment owed back), and a
 * paid entry's tickets not while they are sealed for the draw.
 */
export class EntryNotRefundable extends DomainError<'ENTRY_NOT_REFUNDABLE'> {
  readonly code = 'ENTRY_NOT_REFUNDABLE'
  constructor(
    readonly entryId: string,
    readonly status: string,
    message = `An entry that is ${status} cannot be refunded`,
    /** Why, for a caller that answers each refusal in its own words. */
    readonly refusal: RefundRefusal = status === 'refunded' ? 'already_refunded' : 'not_paid',
  ) {
    super(message)
  }
}

export type RefundRefusal = 'not_paid' | 'already_refunded' | 'competition_not_open'

export type EntryError =
  | NotEnoughTickets
  | EntryCapReached
  | InvalidPostalEntry
  | PostalEntryAfterClose
  | CompetitionNotActive
  | EntryNotFound
  | EntryAlreadyExists
  | InvalidEntry
  | EntryNotRefundable

export function isEntryError(error: unknown): error is EntryError {
  return (
    error instanceof NotEnoughTickets ||
    error instanceof EntryCapReached ||
    error instanceof InvalidPostalEntry ||
    error instanceof PostalEntryAfterClose ||
    error instanceof CompetitionNotActive ||
    error instanceof EntryNotFound ||
    error instanceof EntryAlreadyExists ||
    error instanceof InvalidEntry ||
    error instanceof EntryNotRefundable
  )
}
