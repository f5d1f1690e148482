import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { type CompetitionDetails, competitionStream } from '@prizes/contracts'
import {
  type CompetitionCommand,
  type CompetitionEvent,
  type CompetitionState,
  competitionDecider,
} from '@prizes/domain'
import type { CommandHandler, HandleResult } from '../command-handler'
import type { CommandContext } from '../event-metadata'
import type { DrawSeedStore } from './draw-seeds'

/**
 * The competition use cases, as HTTP routes and the seed call them: each builds the command
 * (time from the context), and runs it on the competition's stream through the one handler.
 */
export type CompetitionResult = HandleResult<CompetitionState, CompetitionEvent>

export function run(handler: CommandHandler, command: CompetitionCommand, context: CommandContext) {
  return handler.handle(competitionStream(command.data.competitionId), competitionDecider, command, context)
}

export async function createCompetition(
  handler: CommandHandler,
  input: {
    readonly details: CompetitionDetails
    readonly featured?: boolean
    /** Only for callers that need a known id (the demo seed); new ids are random UUIDs. */
    readonly competitionId?: string
  },
  context: CommandContext,
): Promise<CompetitionResult & { readonly competitionId: string }> {
  const competitionId = input.competitionId ?? randomUUID()
  const result = await run(
    handler,
    {
      type: 'CreateCompetition',
      data: { competitionId, details: input.details, featured: input.featured ?? false },
      metadata: { now: context.now },
    },
    context,
  )
  return { ...result, competitionId }
}

export function reviseCompetition(
  handler: CommandHandler,
  input: { readonly competitionId: string; readonly details: CompetitionDetails },
  context: CommandContext,
): Promise<CompetitionResult> {
  return run(
    handler,
    { type: 'ReviseCompetition', data: { ...input }, metadata: { now: context.now } },
    context,
  )
}

/** For callers that never draw (tests, benchmarks); see `createInMemoryDrawSeeds`. */

/**
 * Publishes with a fresh secret 32-byte seed: the seed is stored first, then the publication
 * commits to its sha256; if the append fails the seed is discarded again (unless another
 * attempt stored it first, whose publication may yet succeed). The seed store is required:
 * a service passes the Postgres store (`createDrawSeedStore`), or a restart would lose the seed
 * and the competition could never be drawn; tests may pass `createInMemoryDrawSeeds()`.
 */
export async function publishCompetition(
  handler: CommandHandler,
  input: { readonly competitionId: string },
  context: CommandContext,
  seeds: DrawSeedStore,
): Promise<CompetitionResult> {
  const { competitionId } = input
  const kept = await seeds.keep(competitionId, new Uint8Array(randomBytes(32)))
  const seedCommitment = createHash('sha256').update(kept.seed).digest('hex')
  try {
    return await run(
      handler,
      { type: 'PublishCompetition', data: { competitionId, seedCommitment }, metadata: { now: context.now } },
      context,
    )
  } catch (error) {
    if (kept.stored) await seeds.discard(competitionId, kept.seed)
    throw error
  }
}

export function setCompetitionFeatured(
  handler: CommandHandler,
  input: { readonly competitionId: string; readonly featured: boolean },
  context: CommandContext,
): Promise<CompetitionResult> {
  return run(
    handler,
    { type: 'SetCompetitionFeatured', data: { ...input }, metadata: { now: context.now } },
    context,
  )
}
