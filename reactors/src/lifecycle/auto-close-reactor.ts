import type { CommandContext } from '@prizes/command-service/use-cases'
import { competitionStreamPrefix } from '@prizes/contracts'
import { comparePositions, type EventStore, type Position, type RecordedEvent } from '@prizes/event-store'
import type { Logger } from '@prizes/platform'
import type { Knex } from 'knex'
import { type Reactor, type RunningReactor, startReactor } from '../runner'
import { readReactorCheckpoint } from '../tables'
import type { LifecycleCommands } from './commands'
import { keyedTimers, type TimerScheduler } from './keyed-timers'
import { isSoldOut, type OpenCompetition, OpenCompetitions, openCompetitionFilter } from './open-competitions'

export interface AutoCloseOptions {
  readonly store: EventStore
  readonly knex: Knex
  readonly logger: Logger
  readonly commands: Pick<LifecycleCommands, 'close'>
  readonly now?: () => Date
  /** Where its timers run; the real ones unless a test moves a clock of its own. */
  readonly timers?: TimerScheduler
  /** First retry delay after a failed close at the end date; it doubles up to `maxRetryDelayMs`. */
  readonly retryDelayMs?: number
  readonly maxRetryDelayMs?: number
}

export const autoCloseName = 'competition-auto-close'

const pageSize = 500

/**
 * Closes an active competition at its end date (reason `end_date`) or as soon as its allocated
 * tickets reach the total (`sold_out`), as the system actor. The open competitions live in
 * memory with a timer each; on start they are rebuilt from the log up to the checkpoint and the
 * runner carries on from there, so a restart forgets nothing: an end date passed meanwhile, or a
 * competition sold out, closes at once. A close the domain refuses (already closed or cancelled)
 * is not an error: `commands.close` treats it as done.
 */
export async function startAutoClose(options: AutoCloseOptions): Promise<RunningReactor> {
  const { store, knex, commands } = options
  const logger = options.logger.child({ reactor: autoCloseName })
  const now = options.now ?? (() => new Date())
  const initialDelay = options.retryDelayMs ?? 1000
  const maxDelay = options.maxRetryDelayMs ?? 60_000
  const open = new OpenCompetitions()
  const timers = keyedTimers(now, options.timers)
  const inFlight = new Set<Promise<void>>()
  let stopped = false

  /** Runs `atEndDate` at `due`; the retry of a failed close uses it too. */
  function schedule(competitionId: string, due: Date, attempt: number): void {
    if (stopped) return
    timers.at(competitionId, due, () => {
      const work = atEndDate(competitionId, attempt).finally(() => inFlight.delete(work))
      inFlight.add(work)
      return work
    })
  }

  const scheduleAtEnd = (competition: OpenCompetition) =>
    schedule(competition.competitionId, competition.endDate, 0)

  async function close(competition: OpenCompetition, reason: 'end_date' | 'sold_out', cause?: string) {
    const context: CommandContext = {
      actor: { system: autoCloseName },
      now: now(),
      ...(cause === undefined ? {} : { causationId: cause }),
    }
    await commands.close({ competitionId: competition.competitionId, reason }, context)
    // The CompetitionClosed arrives through the subscription too; stop watching now.
    open.end(competition.competitionId)
    timers.cancel(competition.competitionId)
    logger.info({ competitionId: competition.competitionId, reason }, 'competition closed')
  }

  async function atEndDate(competitionId: string, attempt: number): Promise<void> {
    const competition = open.get(competitionId)
    if (stopped || !competition) return
    // Revised to a later end date since this timer (or retry) was set: wait for that one.
    if (!isSoldOut(competition) && competition.endDate.getTime() > now().getTime())
      return scheduleAtEnd(competition)
    try {
      await close(competition, isSoldOut(competition) ? 'sold_out' : 'end_date')
    } catch (error) {
      const delayMs = Math.min(maxDelay, initialDelay * 2 ** Math.min(attempt, 20))
      logger.error(
        { err: error, competitionId, attempt, delayMs },
        'closing at the end date failed; retrying',
      )
      schedule(competitionId, new Date(now().getTime() + delayMs), attempt + 1)
    }
  }

  /** Every event up to the checkpoint; the runner delivers the ones after it. */
  async function rebuild(): Promise<void> {
    const checkpoint = await readReactorCheckpoint(knex, autoCloseName)
    if (checkpoint === 'start') return
    let from: Position | 'start' = 'start'
    for (;;) {
      const page: RecordedEvent[] = await store.readAll({
        from,
        limit: pageSize,
        filter: openCompetitionFilter,
      })
      for (const event of page) {
        if (comparePositions(event.position, checkpoint) > 0) return
        open.apply(event)
      }
      const last = page.at(-1)
      if (!last || page.length < pageSize) return
      from = last.position
    }
  }

  await rebuild()
  const rebuilt = open.list()
  for (const competition of rebuilt) {
    // Sold out before the restart but not closed yet: the timer closes it at once.
    if (isSoldOut(competition)) schedule(competition.competitionId, now(), 0)
    else scheduleAtEnd(competition)
  }
  logger.info({ open: rebuilt.length }, 'open competitions rebuilt from the log')

  const reactor: Reactor = {
    name: autoCloseName,
    filter: openCompetitionFilter,
    async react(event) {
      const competitionId = open.apply(event)
      if (competitionId === undefined) {
        const id = event.streamId.slice(competitionStreamPrefix.length)
        if (!open.get(id)) timers.cancel(id)
        return
      }
      const competition = open.get(competitionId)
      if (!competition) return
      // Throwing leaves the event to the runner's retry, so a sell-out is never missed.
      if (isSoldOut(competition)) return close(competition, 'sold_out', event.id)
      scheduleAtEnd(competition)
    },
  }
  const running = await startReactor({ store, knex, logger: options.logger, reactor })
  return {
    waitForPosition: (position, opts) => running.waitForPosition(position, opts),
    async stop() {
      stopped = true
      timers.cancelAll()
      await running.stop()
      await Promise.allSettled([...inFlight])
    },
  }
}
