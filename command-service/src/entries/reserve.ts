import { randomUUID } from 'node:crypto'
import {
  competitionStream,
  type EntrySubmission,
  entryMessages,
  skillQuestionPoolOf,
} from '@prizes/contracts'
import {
  AccountBanned,
  assertNotOnBreak,
  type Competition,
  competitionDecider,
  type Entry,
  InvalidEntry,
  limitAt,
  type QuoteEntry,
  UserNotFound,
} from '@prizes/domain'
import { conflict } from '@prizes/platform'
import type { CommandContext } from '../event-metadata'
import { dropHold, holdSpending, releaseReplacedHolds } from '../responsible-play/ledger'
import { assertPersonMayEnter } from '../responsible-play/people'
import { loadUserState } from '../users/user-stream'
import { defaultReservationMinutes, type EntryDeps } from './deps'
import { entryOwnersIndex } from './owners'
import { cancelQuietly, cancelReplacedIntent } from './replace'
import { accountEmail, competitionDetailsOf, questionForEmail } from './skill-question'
import { competitionOf, type EntryResult, entryIn, runEntryCommand } from './stream'

export interface Reservation {
  readonly competition: Competition
  readonly entry: Entry
  /** Null for a free competition, which needs no payment. */
  readonly intent: { readonly id: string; readonly clientSecret: string } | null
}

/**
 * A signed-in user may enter while the account stands (registered, not erased, not banned) and
 * they are not on a break, under this account or as a person (another account of the same
 * inbox, or held for review); answers the monthly spending limit in force.
 */
async function assertMayEnter(
  deps: EntryDeps,
  userId: string,
  context: CommandContext,
): Promise<number | null> {
  const { now } = context
  const user = await loadUserState(deps.store, userId)
  if (user.status !== 'registered') throw new UserNotFound(userId)
  if (user.banned) throw new AccountBanned()
  assertNotOnBreak(user.play, now)
  await assertPersonMayEnter(deps, user, context)
  return limitAt(user.play, now)
}

/**
 * Holds tickets for a new entry: checks the rules on the competition's stream (QuoteEntry,
 * which records nothing), creates the provider's intent for the server's price, then appends
 * `TicketsReserved`, with the user's previous unpaid reservation on this competition released
 * as replaced in the same append (its intent is then cancelled). The intent's idempotency key
 * comes from the new entry id, so a retried provider call never makes a second intent; if the
 * reservation is refused after all (the last tickets went in between), the intent is cancelled
 * so nobody can pay it.
 */
export async function reserveEntry(
  deps: EntryDeps,
  input: { readonly userId: string; readonly submission: EntrySubmission },
  context: CommandContext,
  options: { readonly paidOnly?: boolean } = {},
): Promise<Reservation> {
  const { userId, submission } = input
  const { competitionId, numberOfEntries: quantity, skillQuestionAnswer: answer } = submission
  const limitPence = await assertMayEnter(deps, userId, context)
  const questionIndex = await questionIndexOf(deps, userId, submission)
  const metadata = { now: context.now }
  const quoted = await quote(
    deps,
    { type: 'QuoteEntry', data: { competitionId, userId, quantity, answer, questionIndex }, metadata },
    context,
  )
  const amountPence = quantity * quoted.details.entryPricePence
  if (amountPence === 0 && options.paidOnly) {
    throw conflict('This competition is free to enter: submit the entry without a payment')
  }
  const entryId = randomUUID()
  const minutes = deps.reservationMinutes ?? defaultReservationMinutes
  const expiresAt = new Date(context.now.getTime() + minutes * 60_000).toISOString()
  // The monthly limit is checked and the amount held before any payment is asked for.
  if (amountPence > 0) {
    const hold = { userId, competitionId, entryId, amountPence, expiresAt, limitPence, now: context.now }
    await holdSpending(deps.knex, hold)
  }
  let intent: Reservation['intent'] = null
  let reserved: EntryResult
  try {
    intent =
      amountPence === 0
        ? null
        : await deps.payments.createIntent({
            amountPence,
            metadata: { competitionId, entryId, userId },
            idempotencyKey: `entry-${entryId}`,
          })
    reserved = await runEntryCommand(
      deps.handler,
      {
        type: 'ReserveTickets',
        data: {
          competitionId,
          entryId,
          userId,
          quantity,
          answer,
          questionIndex,
          paymentIntentId: intent?.id ?? null,
          expiresAt,
        },
        metadata,
      },
      context,
      { index: entryOwnersIndex(deps.knex) },
    )
  } catch (error) {
    if (intent) await cancelQuietly(deps, intent.id)
    await dropHold(deps.knex, entryId)
    throw error
  }
  const competition = competitionOf(reserved, competitionId)
  await releaseReplacedHolds(deps.knex, reserved.events)
  await cancelReplacedIntent(deps, competition, reserved.events)
  return { competition, entry: entryIn(competition, entryId), intent }
}

/**
 * The question of the pool the account is given (`skill-question.ts`), never the client's pick;
 * a form that showed another one (`skillQuestionIndex`) is refused rather than judged against a
 * question its entrant never saw.
 */
async function questionIndexOf(
  deps: EntryDeps,
  userId: string,
  submission: EntrySubmission,
): Promise<number> {
  const details = await competitionDetailsOf(deps, submission.competitionId)
  // A pool of one needs nobody's email: everyone is given its question.
  const email = skillQuestionPoolOf(details).length === 1 ? '' : await accountEmail(deps, userId)
  const given = questionForEmail(deps.secrets?.oneTimeTokens, submission.competitionId, details, email)
  const shown = submission.skillQuestionIndex
  if (shown !== undefined && shown !== given.index) {
    throw new InvalidEntry('skillQuestionAnswer', entryMessages.questionNotGiven)
  }
  return given.index
}

/**
 * Whether the tickets could be reserved now, and at what price. Asked of the state this process
 * already holds when it has one (no queue, no round trip: the reservation checks for real); a
 * refusal, which that state might give only for being behind, is asked again of the stream.
 */
async function quote(deps: EntryDeps, command: QuoteEntry, context: CommandContext): Promise<Competition> {
  const { competitionId } = command.data
  const known = deps.handler.peek(competitionStream(competitionId), competitionDecider)
  if (known?.exists) {
    try {
      competitionDecider.decide(command, known)
      return known
    } catch {
      // Fall through to the stream's own answer.
    }
  }
  return competitionOf(await runEntryCommand(deps.handler, command, context), competitionId)
}
