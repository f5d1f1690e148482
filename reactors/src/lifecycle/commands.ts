import type { CommandContext, EntryCommands } from '@prizes/command-service/use-cases'

/**
 * The commands the lifecycle reactors send, as small callbacks so they are tested without the
 * competition slice. `close` resolves when the competition is closed, by this call or already:
 * a refusal because it is no longer active (closed, cancelled, deleted) is not an error.
 */
export interface LifecycleCommands {
  close(
    input: { readonly competitionId: string; readonly reason: 'end_date' | 'sold_out' },
    context: CommandContext,
  ): Promise<void>
  /** Records a refund the provider made; once per entry (`entryCommandsOf(deps).recordRefund`). */
  readonly recordRefund: EntryCommands['recordRefund']
}
