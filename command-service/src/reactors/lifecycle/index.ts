import type { EventStore } from '@prizes/event-store'
import type { Logger } from '@prizes/platform'
import type { Knex } from 'knex'
import type { MailOutbox } from '../../mail/outbox'
import type { PaymentProvider } from '../../payments/port'
import type { RunningReactor } from '../runner'
import type { UserKeyReader } from '../user-keys'
import { startAutoClose } from './auto-close-reactor'
import { startCancellationRefunds } from './cancellation-refunds'
import type { LifecycleCommands } from './commands'
import { startWinnerEmail } from './winner-email'

export interface LifecycleReactorsOptions {
  readonly store: EventStore
  /** The command-side database (`migrateCommandTables` and `migrateReactorTables` have run). */
  readonly knex: Knex
  readonly logger: Logger
  readonly payments: PaymentProvider
  /** Where their emails are queued; a sender (`startMailSender`) sends them. */
  readonly outbox: MailOutbox
  readonly publicUrl: string
  readonly commands: LifecycleCommands
  readonly userKeys?: UserKeyReader
  readonly now?: () => Date
}

export interface RunningLifecycleReactors {
  readonly autoClose: RunningReactor
  readonly cancellations: RunningReactor
  readonly winnerEmail: RunningReactor
  stop(): Promise<void>
}

/**
 * The lifecycle reactors, each on its own subscription and checkpoint: auto-close, cancellation
 * refunds, the winner's email.
 */
export async function startLifecycleReactors(
  options: LifecycleReactorsOptions,
): Promise<RunningLifecycleReactors> {
  const { store, knex, logger, commands } = options
  const clock = options.now === undefined ? {} : { now: options.now }
  const keys = options.userKeys === undefined ? {} : { userKeys: options.userKeys }
  const started: RunningReactor[] = []
  const stopStarted = () => Promise.all(started.map((reactor) => reactor.stop()))
  try {
    const autoClose = await startAutoClose({ store, knex, logger, commands, ...clock })
    started.push(autoClose)
    const cancellations = await startCancellationRefunds({
      store,
      knex,
      logger,
      commands,
      payments: options.payments,
      outbox: options.outbox,
      publicUrl: options.publicUrl,
      ...clock,
      ...keys,
    })
    started.push(cancellations)
    const winnerEmail = await startWinnerEmail({
      store,
      knex,
      logger,
      outbox: options.outbox,
      publicUrl: options.publicUrl,
      ...keys,
    })
    started.push(winnerEmail)
    return {
      autoClose,
      cancellations,
      winnerEmail,
      async stop() {
        await stopStarted()
      },
    }
  } catch (error) {
    await stopStarted()
    throw error
  }
}

export { type AutoCloseOptions, autoCloseName, startAutoClose } from './auto-close-reactor'
export {
  type CancellationRefundOptions,
  cancellationEmailKey,
  cancellationRefundReason,
  cancellationRefundsName,
  competitionCancelledTemplate,
  createCancellationRefundReactor,
  startCancellationRefunds,
} from './cancellation-refunds'
export type { LifecycleCommands } from './commands'
export { lifecycleCommandsOf } from './commands-of'
export { maxTimerMs } from './keyed-timers'
export {
  createWinnerEmailReactor,
  startWinnerEmail,
  type WinnerEmailOptions,
  winnerEmailName,
} from './winner-email'
