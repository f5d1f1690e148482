import type { CloseReason, PublicRandomness, SealedRandomness } from '@prizes/contracts'
import type { CommandMetadata } from '../command-metadata'
import { checkDrandBeacon } from '../draw/beacon'
import { type DrawCrypto, fromHex, jsDrawCrypto, toHex } from '../draw/crypto'
import { type DrandChain, roundTime, sealedChain } from '../draw/drand'
import { currentListVersion, eligibleFromEntries, listHash, listVersionOf } from '../draw/eligible'
import { drawIndex } from '../draw/winner'
import {
  EndDateAlreadyExtended,
  InvalidCompetitionDetails,
  InvalidDrawInput,
  InvalidTransition,
  NoEligibleTickets,
  RandomnessNotSealed,
  RandomnessNotYetPublished,
  SeedDoesNotMatchCommitment,
} from './errors'
import type { CompetitionEvent } from './events'
import type { Competition } from './state'

/**
 * The lifecycle commands after publication: close (sealing the draw), start and complete the
 * draw, cancel and delete. Each goes through the lifecycle machine (`assertAllowed`); the
 * decider in decide.ts dispatches to these.
 */
export interface CloseCompetition {
  readonly type: 'CloseCompetition'
  readonly data: {
    competitionId: string
    reason: CloseReason
    /**
     * The drand round whose value the draw will use: the caller names a round published
     * shortly after the close (`drandRound(new Date(now + margin))`), so nobody knows its
     * value when the list is sealed. A round already published, or of a chain the platform
     * cannot time, is refused.
     */
    randomness: SealedRandomness
  }
  readonly metadata: CommandMetadata
}

export interface StartDraw {
  readonly type: 'StartDraw'
  readonly data: { competitionId: string }
  readonly metadata: CommandMetadata
}

export interface CompleteDraw {
  readonly type: 'CompleteDraw'
  readonly data: { competitionId: string; seed: string; publicRandomness: PublicRandomness }
  readonly metadata: CommandMetadata
}

export interface CancelCompetition {
  readonly type: 'CancelCompetition'
  readonly data: { competitionId: string; reason: string }
  readonly metadata: CommandMetadata
}

/** Reopens an undersold competition until a later end date (issue 14); once per competition. */
export interface ExtendEndDate {
  readonly type: 'ExtendEndDate'
  readonly data: { competitionId: string; endDate: string }
  readonly metadata: CommandMetadata
}

/** How far the new end date may be from the moment of extending. */
export const maxExtensionMs = 90 * 24 * 60 * 60 * 1000

export interface DeleteCompetition {
  readonly type: 'DeleteCompetition'
  readonly data: { competitionId: string }
  readonly metadata: CommandMetadata
}

export type LifecycleCommand =
  | CloseCompetition
  | StartDraw
  | CompleteDraw
  | CancelCompetition
  | DeleteCompetition
  | ExtendEndDate

/** The hashing the decider uses: the plain implementation, the same code the browser runs. */
const crypto: DrawCrypto = jsDrawCrypto

const sha256HexPattern = /^[0-9a-f]{64}$/

export function assertSeedCommitment(seedCommitment: string): void {
  if (!sha256HexPattern.test(seedCommitment)) {
    throw new InvalidDrawInput(
      'seedCommitment',
      'The seed commitment must be a sha256 digest in lower-case hex',
    )
  }
}

/**
 * Whether closing now would leave the competition undersold: its end date came (not an admin's
 * close, nor a sell-out) with fewer tickets sold than its minimum.
 */
export function isUndersoldClose(command: CloseCompetition, competition: Competition): boolean {
  const { minimumTickets } = competition.details
  return (
    command.data.reason === 'end_date' &&
    competition.status === 'active' &&
    minimumTickets !== undefined &&
    competition.tickets.allocated < minimumTickets
  )
}

/**
 * Closes for the draw, sealing the eligible list; or, at the end date below the minimum of
 * tickets sold, records the competition undersold instead: entries stop, nothing is sealed and an
 * admin decides. Only an admin's close (draw anyway) seals an undersold competition.
 */
export function closeCompetition(command: CloseCompetition, competition: Competition): CompetitionEvent[] {
  const { competitionId, reason, randomness } = command.data
  const { now } = command.metadata
  const { minimumTickets } = competition.details
  if (isUndersoldClose(command, competition) && minimumTickets !== undefined) {
    const soldTickets = competition.tickets.allocated
    return [{ type: 'CompetitionUndersold', data: { competitionId, soldTickets, minimumTickets } }]
  }
  if (competition.status === 'undersold' && reason !== 'admin') {
    throw new InvalidTransition(competition.status, 'competition.close')
  }
  return [sealing(competition, reason, randomness, now)]
}

/**
 * The close that seals the eligible list as it stands on `randomness`, a drand round not yet
 * published at `now`. Entries refunded or disputed while already sealed stay on it, as the
 * first seal held them (the audit replays them so).
 */
function sealing(
  competition: Competition,
  reason: CloseReason,
  randomness: SealedRandomness,
  now: Date,
): CompetitionEvent {
  const publishedAt = roundTime(randomness.round, chainOf(randomness, 'randomness'))
  if (publishedAt.getTime() <= now.getTime()) {
    throw new InvalidDrawInput(
      'randomness',
      `drand round ${randomness.round} was published at ${publishedAt.toISOString()}, before this close: its value is already known, so the draw cannot be sealed on it`,
    )
  }
  const list = eligibleFromEntries(competition, (entryId) => competition.refundedWhileSealed.has(entryId))
  const seal = {
    eligibleTickets: list.length,
    listHash: listHash(list, currentListVersion, crypto),
    listVersion: currentListVersion,
  }
  const { competitionId } = competition
  return { type: 'CompetitionClosed', data: { competitionId, reason, seal, randomness } }
}

/**
 * Issue 24: a postal entry recorded after the close (its envelope arrived in time) joins the
 * sealed list, so the list is sealed again (`postal_entry`) on a round published after this
 * moment: nobody, the platform included, knows the randomness while the list can still change.
 * `after` is the competition with the entry recorded. Before the close, nothing is added.
 */
export function resealAfterPostalEntry(
  before: Competition,
  after: Competition,
  randomness: SealedRandomness | undefined,
  now: Date,
): CompetitionEvent[] {
  if (before.status !== 'closed') return []
  if (!randomness) {
    throw new InvalidDrawInput('randomness', 'A drand round is needed to seal the list again after the close')
  }
  return [sealing(after, 'postal_entry', randomness, now)]
}

/** The chain a round is sealed on; one the platform cannot time or check is refused. */
function chainOf(sealed: SealedRandomness, field: 'randomness' | 'publicRandomness'): DrandChain {
  const chain = sealedChain(sealed)
  if (!chain) {
    throw new InvalidDrawInput(
      field,
      `drand chain ${sealed.chainHash} is not one this platform knows: it cannot tell when its rounds are published nor check their signatures`,
    )
  }
  return chain
}

/**
 * An empty seal is refused here already, so a competition nobody can win stays closed rather
 * than stopping half-way in drawing: the machine has no way out of drawing but completion.
 */
export function startDraw(command: StartDraw, competition: Competition): CompetitionEvent[] {
  const { competitionId } = command.data
  if (!competition.sealed || competition.sealed.seal.eligibleTickets === 0) {
    throw new NoEligibleTickets(competitionId)
  }
  return [{ type: 'DrawStarted', data: { competitionId } }]
}

export function completeDraw(command: CompleteDraw, competition: Competition): CompetitionEvent[] {
  const { competitionId, seed, publicRandomness } = command.data
  if (!sha256HexPattern.test(seed)) {
    throw new InvalidDrawInput('seed', 'The seed must be 32 bytes in lower-case hex')
  }
  if (!/^(?:[0-9a-f]{2})+$/.test(publicRandomness.value)) {
    throw new InvalidDrawInput('publicRandomness', 'The public randomness value must be lower-case hex')
  }
  if (competition.seedCommitment !== toHex(crypto.sha256(fromHex(seed)))) {
    throw new SeedDoesNotMatchCommitment(competitionId)
  }
  const { sealed } = competition
  if (!sealed || sealed.seal.eligibleTickets === 0) throw new NoEligibleTickets(competitionId)
  if (publicRandomness.round !== sealed.randomness.round) {
    throw new RandomnessNotSealed(sealed.randomness.round, publicRandomness.round)
  }
  const chain = chainOf(sealed.randomness, 'publicRandomness')
  const publishedAt = roundTime(publicRandomness.round, chain)
  const { now } = command.metadata
  if (publishedAt.getTime() > now.getTime()) {
    throw new RandomnessNotYetPublished(publicRandomness.round, publishedAt, now)
  }
  assertDrandSignature(publicRandomness, chain)
  // The list as sealed: rebuilt from the entries, which cannot have changed it since (state.ts).
  const list = eligibleFromEntries(competition, (entryId) => competition.refundedWhileSealed.has(entryId))
  const version = listVersionOf(sealed.seal)
  if (
    list.length !== sealed.seal.eligibleTickets ||
    listHash(list, version, crypto) !== sealed.seal.listHash
  ) {
    throw new Error(`The sealed list of ${competitionId} does not match its seal: a corrupt stream`)
  }
  const drawn = drawIndex(
    { seed, randomness: publicRandomness.value, listHash: sealed.seal.listHash, size: list.length },
    crypto,
  )
  const ticket = list[drawn.index]
  if (!ticket) throw new NoEligibleTickets(competitionId)
  return [
    {
      type: 'DrawCompleted',
      data: {
        competitionId,
        seed,
        publicRandomness,
        winningTicket: ticket.ticketNumber,
        winningEntryId: ticket.entryId,
        winnerUserId: ticket.userId,
        attempts: drawn.attempts,
      },
    },
  ]
}

/**
 * A drand signature given with the value must be drand's: the sealed chain's BLS signature on the
 * round, with the value sha256 of it. Refused otherwise, so nothing unverifiable is recorded as
 * if it were drand's. Without a signature the value is taken as entered (the verifier then shows
 * it as unverified).
 */
function assertDrandSignature(publicRandomness: PublicRandomness, chain: DrandChain): void {
  const { round, value, signature } = publicRandomness
  if (signature === undefined) return
  const check = checkDrandBeacon({ round, signature, randomness: value }, chain, crypto)
  if (!check.ok) throw new InvalidDrawInput('publicRandomness', check.detail)
}

export function extendEndDate(command: ExtendEndDate, competition: Competition): CompetitionEvent[] {
  const { competitionId, endDate } = command.data
  if (competition.endDateExtended) throw new EndDateAlreadyExtended(competitionId)
  const end = Date.parse(endDate)
  const now = command.metadata.now.getTime()
  if (Number.isNaN(end) || end <= now) {
    throw new InvalidCompetitionDetails({ endDate: ['The new end date must be in the future'] })
  }
  if (end > now + maxExtensionMs) {
    throw new InvalidCompetitionDetails({
      endDate: ['The new end date must be at most 90 days from now'],
    })
  }
  const previousEndDate = competition.details.endDate
  return [
    {
      type: 'CompetitionEndDateExtended',
      data: { competitionId, previousEndDate, endDate: new Date(end).toISOString() },
    },
  ]
}

export function cancelCompetition(command: CancelCompetition): CompetitionEvent[] {
  const { competitionId, reason } = command.data
  if (reason.trim() === '') {
    throw new InvalidCompetitionDetails({ reason: ['Give a reason for cancelling'] })
  }
  return [{ type: 'CompetitionCancelled', data: { competitionId, reason } }]
}
