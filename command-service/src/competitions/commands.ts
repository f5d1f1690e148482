import { randomBytes, randomUUID } from 'node:crypto'
import { type CompetitionDetails, competitionStream } from '@prizes/contracts'
import {
  type CompetitionCommand,
  type CompetitionEvent,
  type CompetitionState,
  competitionDecider,
} from '@prizes/domain'
import type { CommandHandler, HandleResult } from '../command-handler'
import type { CommandContext } from '../event-metadata'
import { type DrawSeedStore, seedCommitment } from './draw-seeds'

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

/**
 * Publishes with a fresh secret 32-byte seed, committing to its sha256. Where the handler's rows
 * commit with its events (PostgreSQL) the seed's row is written in the publication's own
 * transaction: a refused or failed publication leaves no seed, and a published one always has
 * its seed. Elsewhere the seed is kept before the append and never removed (see `DrawSeedStore`).
 * Publishing a competition that is already active records nothing and answers as done (a double
 * click, or two admins at once), so the first publication's commitment and seed stand.
 * The seed store is required: a service passes the Postgres store (`createDrawSeedStore`), or a
 * restart would lose the seed; tests may pass `createInMemoryDrawSeeds()`.
 */
export async function publishCompetition(
  handler: CommandHandler,
  input: { readonly competitionId: string },
  context: CommandContext,
  seeds: DrawSeedStore,
): Promise<CompetitionResult> {
  const { competitionId } = input
  const seed = new Uint8Array(randomBytes(32))
  const commitment = seedCommitment(seed)
  const command: CompetitionCommand = {
    type: 'PublishCompetition',
    data: { competitionId, seedCommitment: commitment },
    metadata: { now: context.now },
  }
  const { insert } = seeds
  if (insert && handler.rowsCommitWithEvents) {
    return handler.handle(competitionStream(competitionId), competitionDecider, command, context, {
      rows: (rows) => rows.run(insert(competitionId, commitment, seed)),
    })
  }
  await seeds.keep(competitionId, commitment, seed)
  return run(handler, command, context)
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
