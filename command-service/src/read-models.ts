import type { Position } from '@prizes/event-store'
import type { CheckpointWatcher, Logger } from '@prizes/platform'

/**
 * Read-your-writes for the admin screens: an admin command answers only once the read models
 * show its events (or a bounded wait passes), so the list the screen fetches next is never
 * older than the change the admin just made. The all-in-one launcher passes its projections'
 * `waitForPosition`; a command service on its own waits on the checkpoint table instead
 * (`checkpointReadModels`), wherever the projections run.
 */
export interface ReadModels {
  caughtUp(position: Position): Promise<void>
}

/** `ReadModels` on the process's checkpoint watcher: waits at most `timeoutMs`, then answers anyway. */
export function checkpointReadModels(
  checkpoints: CheckpointWatcher,
  timeoutMs: number,
  logger: Logger,
): ReadModels {
  return {
    async caughtUp(position) {
      const outcome = await checkpoints.waitFor(position, timeoutMs)
      if (outcome !== 'reached') logger.warn({ outcome }, 'read models are behind; answering without them')
    },
  }
}
