import {
  type CloseReason,
  competitionStream,
  drawErrorCodes,
  type PublicRandomness,
  type SealedRandomness,
} from '@prizes/contracts'
import {
  competitionDecider,
  DomainError,
  type DrandChain,
  drandRound,
  InvalidDrawInput,
  quicknet,
  RandomnessNotYetPublished,
  roundTime,
  sealedChain,
} from '@prizes/domain'
import type { CommandHandler } from '../command-handler'
import type { CommandContext } from '../event-metadata'
import { type CompetitionResult, run } from './commands'
import { fetchDrandRandomness } from './drand'
import type { DrawSeedStore } from './draw-seeds'

/** How long after the close the named drand round is published: beyond anyone's reach at sealing. */
export const drandMargin = 60_000

/**
 * Closes an active competition, sealing its eligible list. Without `randomness` it names the
 * round of `chain` (DRAND_CHAIN: quicknet unless the platform is in TEST MODE on the TEST
 * chain) published `drandMargin` after the close.
 */
export function closeCompetition(
  handler: CommandHandler,
  input: {
    readonly competitionId: string
    readonly reason: CloseReason
    readonly randomness?: SealedRandomness
  },
  context: CommandContext,
  chain: DrandChain = quicknet,
): Promise<CompetitionResult> {
  const randomness = input.randomness ?? {
    source: 'drand',
    chainHash: chain.chainHash,
    round: drandRound(new Date(context.now.getTime() + drandMargin), chain),
  }
  const data = { competitionId: input.competitionId, reason: input.reason, randomness }
  return run(handler, { type: 'CloseCompetition', data, metadata: { now: context.now } }, context)
}

/**
 * Starts the draw of a closed competition. `chain` is DRAND_CHAIN's (quicknet unless given): on
 * quicknet a competition sealed on the TEST chain is refused (`TestChainDrawRefused`).
 */
export async function startDraw(
  handler: CommandHandler,
  input: { readonly competitionId: string },
  context: CommandContext,
  chain: DrandChain = quicknet,
): Promise<CompetitionResult> {
  await refuseTestChainDraw(handler, input.competitionId, chain)
  const data = { competitionId: input.competitionId }
  return run(handler, { type: 'StartDraw', data, metadata: { now: context.now } }, context)
}

/**
 * A competition sealed on the TEST drand chain (closed in TEST MODE) asked to be drawn by a
 * platform on quicknet, which is what a real-money site runs (the config allows the TEST chain
 * only without Stripe keys). Anyone can know a TEST round's value in advance, so that draw
 * would be no fair draw; only a platform in TEST MODE may draw it.
 */
export class TestChainDrawRefused extends DomainError<typeof drawErrorCodes.testChainRefused> {
  readonly code = drawErrorCodes.testChainRefused
  constructor(readonly competitionId: string) {
    super(
      'This competition was sealed on the TEST drand chain in TEST MODE, whose randomness anyone can know in advance, so it cannot be drawn on a real-money site (DRAND_CHAIN=quicknet). Only a platform in TEST MODE (DRAND_CHAIN=test, no Stripe keys) can draw it.',
    )
  }
}

/** Refuses the draw of a competition sealed on the TEST chain unless `configured` is a test chain too. */
async function refuseTestChainDraw(
  handler: Pick<CommandHandler, 'load'>,
  competitionId: string,
  configured: DrandChain,
): Promise<void> {
  if (configured.testOnly) return
  const state = await handler.load(competitionStream(competitionId), competitionDecider)
  const sealed = state.exists ? state.sealed?.randomness : undefined
  if (sealed && sealedChain(sealed)?.testOnly) throw new TestChainDrawRefused(competitionId)
}

/** The seed of a competition published before seeds were kept, or whose seed was lost. */
export class DrawSeedMissing extends DomainError<typeof drawErrorCodes.seedMissing> {
  readonly code = drawErrorCodes.seedMissing
  constructor(readonly competitionId: string) {
    super('This competition has no stored draw seed, so its draw cannot be completed')
  }
}

/** Neither the caller nor drand gave the value of the sealed round. */
export class PublicRandomnessRequired extends DomainError<typeof drawErrorCodes.publicRandomnessRequired> {
  readonly code = drawErrorCodes.publicRandomnessRequired
  constructor(readonly round: number) {
    super(
      `Enter the value of drand round ${round}: the beacon could not be reached or gave no value it signed for that round`,
    )
  }
}

/**
 * A value without drand's signature, on a platform taking real payments (Stripe): nothing
 * would show it is drand's and not one chosen by hand. Only TEST MODE accepts one (UNVERIFIED).
 */
export class UnverifiedRandomnessRefused extends DomainError<
  typeof drawErrorCodes.unverifiedRandomnessRefused
> {
  readonly code = drawErrorCodes.unverifiedRandomnessRefused
  constructor(readonly round: number) {
    super(
      `This platform takes real payments, so a draw's randomness must carry drand's signature: enter drand's value and signature of round ${round}, or neither to fetch them from drand (DRAND_URL). A value without a signature is accepted only in TEST MODE.`,
    )
  }
}

export interface CompleteDrawDeps {
  readonly seeds: DrawSeedStore
  /** To find the sealed round when the caller gives no randomness. */
  readonly handler?: Pick<CommandHandler, 'load'>
  /**
   * `DRAND_URL`'s relays; when given, the sealed round's value and signature are fetched from
   * them in turn when the caller gives none, and kept only if the signature is the sealed
   * chain's on that round; a value the caller gives must carry drand's signature too.
   */
  readonly drandUrls?: readonly string[] | undefined
  /**
   * Real payments (Stripe) are taken: a value without drand's signature is refused
   * (`UnverifiedRandomnessRefused`), whether DRAND_URL is set or not.
   */
  readonly realPayments?: boolean | undefined
  /** DRAND_CHAIN's chain, quicknet unless given: on quicknet a TEST chain seal is not drawn. */
  readonly drandChain?: DrandChain | undefined
  readonly fetch?: typeof fetch
}

/**
 * Reveals the stored seed and completes the draw with the sealed round's public randomness:
 * the caller's (the admin's) when given, else drand's when one of `drandUrls` answers. The decider
 * checks the seed against the commitment, the round against the seal and its time against the
 * clock (a round not yet published is refused), a drand signature when there is one, and picks
 * the winner. Taking real payments, or with `drandUrls` given (the platform can check drand), a
 * value without drand's signature is refused; otherwise (TEST MODE without DRAND_URL) an
 * admin's value may come unsigned, and every verifier then says UNVERIFIED. A competition
 * sealed on the TEST chain is refused unless `drandChain` is it.
 */
export async function completeDraw(
  handler: CommandHandler,
  input: {
    readonly competitionId: string
    readonly publicRandomness?: PublicRandomness
  },
  context: CommandContext,
  deps: CompleteDrawDeps,
): Promise<CompetitionResult> {
  const { competitionId } = input
  await refuseTestChainDraw(handler, competitionId, deps.drandChain ?? quicknet)
  const seed = await committedSeed(handler, competitionId, deps.seeds)
  if (!seed) throw new DrawSeedMissing(competitionId)
  const publicRandomness =
    input.publicRandomness ?? (await fetchSealedRound(competitionId, context.now, deps))
  if (deps.realPayments && publicRandomness.signature === undefined) {
    throw new UnverifiedRandomnessRefused(publicRandomness.round)
  }
  if (hasRelays(deps.drandUrls) && publicRandomness.signature === undefined) {
    throw new InvalidDrawInput(
      'publicRandomness',
      `DRAND_URL is set, so the value of drand round ${publicRandomness.round} must come with drand's signature: enter both, or neither to fetch them from drand`,
    )
  }
  const data = { competitionId, seed: Buffer.from(seed).toString('hex'), publicRandomness }
  return run(handler, { type: 'CompleteDraw', data, metadata: { now: context.now } }, context)
}

const hasRelays = (urls: readonly string[] | undefined): urls is readonly string[] =>
  urls !== undefined && urls.length > 0

/** The kept seed the competition's publication committed to; the decider refuses the rest. */
async function committedSeed(
  handler: Pick<CommandHandler, 'load'>,
  competitionId: string,
  seeds: DrawSeedStore,
): Promise<Uint8Array | undefined> {
  const state = await handler.load(competitionStream(competitionId), competitionDecider)
  const commitment = state.exists ? state.seedCommitment : null
  return commitment ? seeds.load(competitionId, commitment) : undefined
}

/**
 * The sealed round's value from drand, or PublicRandomnessRequired when drand cannot give it.
 * A round not yet published is not asked for: the answer says when it will be.
 */
async function fetchSealedRound(
  competitionId: string,
  now: Date,
  deps: CompleteDrawDeps,
): Promise<PublicRandomness> {
  const state = deps.handler
    ? await deps.handler.load(competitionStream(competitionId), competitionDecider)
    : undefined
  // Without a seal the decider refuses anyway; 1 only gives the message a round to name.
  const sealed = state?.exists ? state.sealed?.randomness : undefined
  const round = sealed?.round ?? 1
  const chain = sealed ? sealedChain(sealed) : quicknet
  const publishedAt = chain && roundTime(round, chain)
  if (publishedAt && publishedAt.getTime() > now.getTime()) {
    throw new RandomnessNotYetPublished(round, publishedAt, now)
  }
  const fetched =
    hasRelays(deps.drandUrls) && chain
      ? await fetchDrandRandomness(deps.drandUrls, round, deps.fetch, chain)
      : undefined
  if (!fetched) throw new PublicRandomnessRequired(round)
  return fetched
}

export function cancelCompetition(
  handler: CommandHandler,
  input: { readonly competitionId: string; readonly reason: string },
  context: CommandContext,
): Promise<CompetitionResult> {
  const data = { competitionId: input.competitionId, reason: input.reason }
  return run(handler, { type: 'CancelCompetition', data, metadata: { now: context.now } }, context)
}

export function deleteCompetition(
  handler: CommandHandler,
  input: { readonly competitionId: string },
  context: CommandContext,
): Promise<CompetitionResult> {
  const data = { competitionId: input.competitionId }
  return run(handler, { type: 'DeleteCompetition', data, metadata: { now: context.now } }, context)
}

/** Reopens an undersold competition until `endDate` (ISO), once; entrants are emailed by a reactor. */
export function extendEndDate(
  handler: CommandHandler,
  input: { readonly competitionId: string; readonly endDate: string },
  context: CommandContext,
): Promise<CompetitionResult> {
  const data = { competitionId: input.competitionId, endDate: input.endDate }
  return run(handler, { type: 'ExtendEndDate', data, metadata: { now: context.now } }, context)
}
