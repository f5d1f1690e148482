import {
  type CommandHandler,
  createCompetition,
  type DrawSeedStore,
  publishCompetition,
} from '@prizes/command-service'
import { CompetitionAlreadyExists, InvalidTransition } from '@prizes/domain'
import type { SeedCommands } from './seed'

/**
 * The seed's commands, run through the real command handler as the system actor `seed`.
 * Publishing keeps each competition's draw seed in `seeds`; pass the Postgres store
 * (`createDrawSeedStore`) so the demo competitions can be drawn later.
 */
export function seedCommands(handler: CommandHandler, now: Date, seeds: DrawSeedStore): SeedCommands {
  const context = { actor: { system: 'seed' }, now, reason: 'Demo data for a new platform' }
  return {
    async create(competitionId, details, featured) {
      try {
        await createCompetition(handler, { competitionId, details, featured }, context)
        return true
      } catch (error) {
        if (error instanceof CompetitionAlreadyExists) return false
        throw error
      }
    },
    async publish(competitionId) {
      try {
        return (await publishCompetition(handler, { competitionId }, context, seeds)).position
      } catch (error) {
        if (error instanceof InvalidTransition) return undefined
        throw error
      }
    },
  }
}
