import { entryCapMessage, entryErrorCodes, entryMessages, type FieldErrors } from '@prizes/contracts'
import { DomainError } from '../domain-error'

/** More tickets asked for than remain (allocated and live reservations count; expired do not). */
export class NotEnoughTickets extends DomainError<typeof entryErrorCodes.notEnoughTickets> {
  readonly code = entryErrorCodes.notEnoughTickets
  constructor(
    readonly requested: number,
    readonly remaining: number,
  ) {
    super(entryMessages.notEnoughTickets)
  }
}

/** More entries than the competition lets one person hold, paid and postal together. */
export class EntryCapReached extends DomainError<typeof entryErrorCodes.entryCapReached> {
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
export class InvalidPostalEntry extends DomainError<
  typeof entryErrorCodes.invalidPostalEntry | typeof entryErrorCodes.invalidPostalDate
> {
  /** A date that cannot be is the form's to correct; an entry id taken is a conflict. */
  readonly code: typeof entryErrorCodes.invalidPostalEntry | typeof entryErrorCodes.invalidPostalDate
  override readonly fieldErrors: FieldErrors | undefined
  constructor(
    readonly field: 'receivedAt' | 'entryId',
    message: string,
  ) {
    super(message)
    this.code =
      field === 'receivedAt' ? entryErrorCodes.invalidPostalDate : entryErrorCodes.invalidPostalEntry
    this.fieldErrors = field === 'receivedAt' ? { receivedAt: [message] } : undefined
  }
}

/**
 * An envelope that arrived at or after the close (the end date): the free route closes when the
 * paid one does, so it cannot be entered, however early it is keyed in.
 */
export class PostalEntryAfterClose extends DomainError<typeof entryErrorCodes.postalEntryAfterClose> {
  readonly code = entryErrorCodes.postalEntryAfterClose
  readonly field = 'receivedAt'
  override readonly fieldErrors: FieldErrors
  constructor(readonly endDate: string) {
    super('This envelope arrived after the competition closed, so it cannot be entered')
    this.fieldErrors = { receivedAt: [this.message] }
  }
}

/** Not accepting entries: not active, or the moment is outside its start and end dates. */
export class CompetitionNotActive extends DomainError<typeof entryErrorCodes.competitionNotActive> {
  readonly code = entryErrorCodes.competitionNotActive
  constructor(readonly competitionId: string) {
    super(entryMessages.competitionNotActive)
  }
}

export class EntryNotFound extends DomainError<typeof entryErrorCodes.entryNotFound> {
  readonly code = entryErrorCodes.entryNotFound
  constructor(readonly entryId: string) {
    super('Entry not found')
  }
}

/** The entry id is taken by a different entry; a repeat of the same reservation records nothing. */
export class EntryAlreadyExists extends DomainError<typeof entryErrorCodes.entryAlreadyExists> {
  readonly code = entryErrorCodes.entryAlreadyExists
  constructor(readonly entryId: string) {
    super('An entry with this id already exists')
  }
}

/** A rule of the entry form the contract also checks; commands may come from code, not HTTP. */
export class InvalidEntry extends DomainError<typeof entryErrorCodes.invalidEntry> {
  readonly code = entryErrorCodes.invalidEntry
  override readonly fieldErrors: FieldErrors
  constructor(
    readonly field: 'numberOfEntries' | 'skillQuestionAnswer',
    message: string,
  ) {
    super(message)
    this.fieldErrors = { [field]: [message] }
  }
}

/**
 * Only money that was taken can be given back (a paid entry, or a payment owed back), and a
 * paid entry's tickets not while they are sealed for the draw.
 */
export class EntryNotRefundable extends DomainError<typeof entryErrorCodes.entryNotRefundable> {
  readonly code = entryErrorCodes.entryNotRefundable
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
