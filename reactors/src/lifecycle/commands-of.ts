import type { EntryDeps } from '@prizes/command-service/use-cases'
import { closeCompetition, entryCommandsOf } from '@prizes/command-service/use-cases'
import { CompetitionNotFound, type DrandChain, InvalidTransition, quicknet } from '@prizes/domain'
import type { LifecycleCommands } from './commands'

/**
 * The real lifecycle commands: the competition slice's close (the seal and the drand round are
 * its business, on `drandChain`, DRAND_CHAIN's) and the entries slice's record-refund. A close
 * the domain refuses because the competition is no longer active (closed, drawn, cancelled,
 * deleted) is the outcome wanted.
 */
export function lifecycleCommandsOf(deps: EntryDeps, drandChain: DrandChain = quicknet): LifecycleCommands {
  return {
    async close(input, context) {
      try {
        await closeCompetition(deps.handler, input, context, drandChain)
      } catch (error) {
        if (error instanceof InvalidTransition || error instanceof CompetitionNotFound) return
        throw error
      }
    },
    recordRefund: entryCommandsOf(deps).recordRefund,
  }
}
