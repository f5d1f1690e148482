import { competitionErrorCodes, drawErrorCodes, type FieldErrors } from '@prizes/contracts'
import { DomainError } from '../domain-error'
import {
  type CompetitionLifecycleEventType,
  type CompetitionLifecycleStatus,
  targetStatus,
} from './competition.machine'

export class CompetitionAlreadyExists extends DomainError<typeof competitionErrorCodes.alreadyExists> {
  readonly code = competitionErrorCodes.alreadyExists
  constructor(readonly competitionId: string) {
    super(`A competition with id ${competitionId} already exists`)
  }
}

export class CompetitionNotFound extends DomainError<typeof competitionErrorCodes.notFound> {
  readonly code = competitionErrorCodes.notFound
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
  'competition.markUndersold': 'mark as undersold',
  'competition.extend': 'extend the end date of',
  'competition.enterByPost': 'record a postal entry for',
}

/** The lifecycle machine refused an event from the competition's current status. */
export class InvalidTransition extends DomainError<typeof competitionErrorCodes.invalidTransition> {
  readonly code = competitionErrorCodes.invalidTransition
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
export class InvalidCompetitionDetails extends DomainError<typeof competitionErrorCodes.invalidDetails> {
  readonly code = competitionErrorCodes.invalidDetails
  constructor(override readonly fieldErrors: Readonly<Record<string, readonly string[]>>) {
    const first = Object.values(fieldErrors)[0]?.[0]
    super(first ?? 'The competition details are not valid')
  }
}

/** The terms entrants entered on, which a revision may not change once there are entries. */
export type FixedTerm =
  | 'entryPricePence'
  | 'totalTickets'
  | 'endDate'
  | 'minimumTickets'
  | 'cashAlternativePence'
  | 'maxEntriesPerPerson'
  | 'skillQuestion.question'
  | 'skillQuestion.options'
  | 'skillQuestion.correct'
  | 'extraSkillQuestions'

/**
 * A revision would change what entrants entered on (see `terms.ts`); `fieldErrors` names each
 * such field with its reason, and the message is the first reason.
 */
export class CompetitionTermsFixed extends DomainError<typeof competitionErrorCodes.termsFixed> {
  readonly code = competitionErrorCodes.termsFixed
  constructor(
    readonly competitionId: string,
    override readonly fieldErrors: Readonly<Partial<Record<FixedTerm, readonly string[]>>>,
  ) {
    super(Object.values(fieldErrors)[0]?.[0] ?? 'The terms of a competition with entries cannot change')
  }
}

/** Publishing needs time left to enter: the end date must be after the moment of publishing. */
export class CompetitionEndDatePassed extends DomainError<typeof competitionErrorCodes.endDatePassed> {
  readonly code = competitionErrorCodes.endDatePassed
  constructor(
    readonly competitionId: string,
    readonly endDate: string,
  ) {
    super('Cannot publish a competition whose end date has passed')
  }
}

/** A seed, commitment or randomness value that is not the hex it must be. */
export class InvalidDrawInput extends DomainError<typeof drawErrorCodes.invalidInput> {
  readonly code = drawErrorCodes.invalidInput
  override readonly fieldErrors: FieldErrors
  constructor(
    readonly field: 'seedCommitment' | 'seed' | 'randomness' | 'publicRandomness',
    message: string,
  ) {
    super(message)
    this.fieldErrors = { [field]: [message] }
  }
}

/** The revealed seed does not hash to the commitment published with the competition. */
export class SeedDoesNotMatchCommitment extends DomainError<
  typeof drawErrorCodes.seedDoesNotMatchCommitment
> {
  readonly code = drawErrorCodes.seedDoesNotMatchCommitment
  constructor(readonly competitionId: string) {
    super('The revealed seed does not match the commitment published for this competition')
  }
}

/** The draw must use the public randomness named when the competition closed. */
export class RandomnessNotSealed extends DomainError<typeof drawErrorCodes.randomnessNotSealed> {
  readonly code = drawErrorCodes.randomnessNotSealed
  constructor(
    readonly sealedRound: number,
    readonly givenRound: number,
  ) {
    super(`The draw must use drand round ${sealedRound}, the round named at close, not ${givenRound}`)
  }
}

/**
 * The sealed drand round is not published yet, so nobody can know its value: one given now was
 * made up, and whoever could read the seed could have chosen it to pick the winner.
 */
export class RandomnessNotYetPublished extends DomainError<typeof drawErrorCodes.randomnessNotYetPublished> {
  readonly code = drawErrorCodes.randomnessNotYetPublished
  constructor(
    readonly round: number,
    readonly publishedAt: Date,
    readonly now: Date,
  ) {
    super(
      `drand round ${round} is published at ${publishedAt.toISOString()}, so its value cannot be known yet (it is ${now.toISOString()}): complete the draw after that time`,
    )
  }
}

/**
 * Nobody can win: the sealed list is empty (no entries, or none answered correctly and kept
 * their tickets). The competition stays closed; see the lifecycle commands.
 */
export class NoEligibleTickets extends DomainError<typeof drawErrorCodes.noEligibleTickets> {
  readonly code = drawErrorCodes.noEligibleTickets
  constructor(readonly competitionId: string) {
    super('No eligible tickets: nobody entered with a correct answer, so there is no draw')
  }
}

/** An undersold competition's end date may be extended once only. */
export class EndDateAlreadyExtended extends DomainError<typeof competitionErrorCodes.endDateAlreadyExtended> {
  readonly code = competitionErrorCodes.endDateAlreadyExtended
  constructor(readonly competitionId: string) {
    super('The end date of this competition was already extended once: draw it anyway or cancel it')
  }
}

export type CompetitionError =
  | CompetitionAlreadyExists
  | CompetitionNotFound
  | InvalidTransition
  | InvalidCompetitionDetails
  | CompetitionTermsFixed
  | CompetitionEndDatePassed
  | InvalidDrawInput
  | SeedDoesNotMatchCommitment
  | RandomnessNotSealed
  | RandomnessNotYetPublished
  | NoEligibleTickets
  | EndDateAlreadyExtended
