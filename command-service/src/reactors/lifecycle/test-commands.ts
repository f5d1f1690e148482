import { competitionStream } from '@prizes/contracts'
import {
  type CompetitionEvent,
  type CompetitionState,
  competitionDecider,
  InvalidTransition,
  type StreamDecider,
} from '@prizes/domain'
import type { CommandHandler } from '../../command-handler'
import type { CommandContext } from '../../event-metadata'

/**
 * Tests' stand-in for the competition slice's close and cancel use cases: the real handler,
 * the real state and events, a decide that only checks the competition is active (the real one
 * also computes the seal). Swapped for `closeCompetition`/`cancelCompetition` once they land.
 */
type TestCommand =
  | {
      readonly type: 'close'
      readonly competitionId: string
      readonly reason: 'end_date' | 'sold_out' | 'admin'
    }
  | { readonly type: 'cancel'; readonly competitionId: string; readonly reason: string }

const decider: StreamDecider<TestCommand, CompetitionState, CompetitionEvent> = {
  ...competitionDecider,
  decide(command, state) {
    const status = state.exists ? state.status : 'draft'
    if (command.type === 'close') {
      if (!state.exists || status !== 'active') throw new InvalidTransition(status, 'competition.close')
      return [
        {
          type: 'CompetitionClosed',
          data: {
            competitionId: command.competitionId,
            reason: command.reason,
            seal: { eligibleTickets: state.tickets.allocated, listHash: '0'.repeat(64) },
            randomness: { source: 'drand', round: 1 },
          },
        },
      ]
    }
    if (!state.exists || (status !== 'active' && status !== 'closed'))
      throw new InvalidTransition(status, 'competition.cancel')
    return [
      {
        type: 'CompetitionCancelled',
        data: { competitionId: command.competitionId, reason: command.reason },
      },
    ]
  },
}

export function testCompetitionCommands(handler: CommandHandler) {
  const run = (command: TestCommand, context: CommandContext) =>
    handler.handle(competitionStream(command.competitionId), decider, command, context)
  return {
    close: (competitionId: string, reason: 'end_date' | 'sold_out' | 'admin', context: CommandContext) =>
      run({ type: 'close', competitionId, reason }, context),
    cancel: (competitionId: string, reason: string, context: CommandContext) =>
      run({ type: 'cancel', competitionId, reason }, context),
  }
}

/** `LifecycleCommands.close` over the stand-in: a refusal (no longer active) counts as done. */
export function testClose(handler: CommandHandler) {
  const commands = testCompetitionCommands(handler)
  return async (
    input: { readonly competitionId: string; readonly reason: 'end_date' | 'sold_out' },
    context: CommandContext,
  ): Promise<void> => {
    try {
      await commands.close(input.competitionId, input.reason, context)
    } catch (error) {
      if (!(error instanceof InvalidTransition)) throw error
    }
  }
}
