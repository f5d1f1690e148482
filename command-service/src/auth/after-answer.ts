import type { Logger } from '@prizes/platform'

/**
 * Work a request starts and does not wait for: asking for an emailed link answers at once, the
 * same for every email, and records the link (when there is an account) afterwards, so the
 * answer's timing cannot tell which emails have accounts.
 */
export interface AfterAnswer {
  /**
   * Starts `work` without waiting for it; its failure is logged. Waits only while `maxPending`
   * works are running already (a flood slows its own answers, and every email's alike).
   */
  start(name: string, work: () => Promise<unknown>): Promise<void>
  /** Settles once nothing started is still running: for a shutdown, and tests. */
  idle(): Promise<void>
}

export const defaultMaxPendingAfterAnswer = 200

export function createAfterAnswer(logger: Logger, maxPending = defaultMaxPendingAfterAnswer): AfterAnswer {
  const running = new Set<Promise<void>>()
  return {
    async start(name, work) {
      while (running.size >= maxPending) await Promise.race(running)
      const done: Promise<void> = Promise.resolve()
        .then(work)
        .then(
          () => undefined,
          (error: unknown) => logger.error({ err: error, work: name }, 'work after the answer failed'),
        )
        .finally(() => running.delete(done))
      running.add(done)
    },
    async idle() {
      while (running.size > 0) await Promise.all(running)
    },
  }
}
