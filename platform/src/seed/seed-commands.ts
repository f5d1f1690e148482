import { type CommandHandler, createCompetition, publishCompetition } from '@prizes/command-service'
import { CompetitionAlreadyExists, InvalidTransition } from '@prizes/domain'
import type { SeedCommands } from './seed'

/** The seed's commands, run through the real command handler as the system actor `seed`. */
export function seedCommands(handler: CommandHandler, now: Date): SeedCommands {
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
        return (await publishCompetition(handler, { competitionId }, context)).position
      } catch (error) {
        if (error instanceof InvalidTransition) return undefined
        throw error
      }
    },
  }
}
