import { comparePositions, type EventStore, type Position } from '@prizes/event-store'
import { PaymentIntentNotFound, type PaymentProvider } from '@prizes/payments'
import type { Logger } from '@prizes/platform'
import type { Knex } from 'knex'
import type { CommandContext } from '../../event-metadata'
import { realTimers, type TimerScheduler } from '../lifecycle/keyed-timers'
import { type Reactor, type RunningReactor, startReactor } from '../runner'
import { readReactorCheckpoint } from '../tables'
import {
  type DueReservation,
  DueReservations,
  reservationChangeOf,
  reservationFilter,
} from './due-reservations'
import type { EntryCommands } from './entry-commands'

export interface ReservationExpiryOptions {
  readonly store: EventStore
  readonly knex: Knex
  readonly logger: Logger
  readonly payments: PaymentProvider
  readonly commands: Pick<EntryCommands, 'releaseReservation'>
  /** The allocation of a succeeded intent (`allocatePaidEntry`), the webhook's too. */
  readonly onSucceeded: (paymentIntentId: string) => Promise<void>
  readonly now?: () => Date
  /** Where its timers run; the real ones unless a test moves a clock of its own. */
  readonly timers?: TimerScheduler
  /** First retry delay after a failure; it doubles up to `maxRetryDelayMs`. */
  readonly retryDelayMs?: number
  readonly maxRetryDelayMs?: number
  /** When the provider is still processing a payment, look again after this long. */
  readonly processingRecheckMs?: number
  /** At start, how many open reservations (the latest first) the provider is asked about; 500 unless given. */
  readonly startupCheckLimit?: number
}

export const reservationExpiryName = 'reservation-expiry'

/** setTimeout's longest delay; a later expiry is looked at again then. */
const maxTimerMs = 2 ** 31 - 1
const pageSize = 500
/** Provider calls at once when asking about open reservations at start. */
const startupConcurrency = 4

type Outcome = 'done' | 'later'

/**
 * Releases reservations that expire unpaid. The due list lives in memory, with a timer per
 * reservation; on start it is rebuilt from the log (every TicketsReserved up to the checkpoint
 * without a later TicketsAllocated or ReservationReleased) and the runner carries on from the
 * checkpoint, so a restart forgets nothing and a reservation past its time is dealt with at once.
 *
 * At expiry the provider is asked, never assumed: a payment authorised or succeeded meanwhile is
 * handed to `onSucceeded` (captured and allocated, owed back, or refused over the credit card limit); otherwise the intent is cancelled first, so nobody can
 * pay it any more, and only then, seen cancelled, is the reservation released.
 */
export async function startReservationExpiry(options: ReservationExpiryOptions): Promise<RunningReactor> {
  const { store, knex, payments, commands, onSucceeded } = options
  const logger = options.logger.child({ reactor: reservationExpiryName })
  const now = options.now ?? (() => new Date())
  const initialDelay = options.retryDelayMs ?? 1000
  const maxDelay = options.maxRetryDelayMs ?? 60_000
  const recheckMs = options.processingRecheckMs ?? 60_000
  const due = new DueReservations()
  const scheduler = options.timers ?? realTimers
  const timers = new Map<string, unknown>()
  const inFlight = new Set<Promise<void>>()
  let stopped = false

  function schedule(reservation: DueReservation, delayMs: number, attempt: number): void {
    if (stopped) return
    scheduler.clearTimeout(timers.get(reservation.entryId))
    const wait = Math.min(Math.max(0, delayMs), maxTimerMs)
    const timer = scheduler.setTimeout(() => {
      timers.delete(reservation.entryId)
      const work = settle(reservation, attempt).finally(() => inFlight.delete(work))
      inFlight.add(work)
      return work
    }, wait)
    timers.set(reservation.entryId, timer)
  }

  const scheduleAtExpiry = (reservation: DueReservation) =>
    schedule(reservation, reservation.expiresAt.getTime() - now().getTime(), 0)

  async function settle(reservation: DueReservation, attempt: number): Promise<void> {
    if (stopped || due.get(reservation.entryId) !== reservation) return
    if (reservation.expiresAt.getTime() > now().getTime()) return scheduleAtExpiry(reservation)
    const log = logger.child({ entryId: reservation.entryId, paymentIntentId: reservation.paymentIntentId })
    try {
      const outcome = await expire(reservation)
      if (outcome === 'later') {
        log.info('the payment is still processing; looking again later')
        return schedule(reservation, recheckMs, 0)
      }
      // The allocation or release arrives through the subscription too; nothing more to do here.
      due.apply({ kind: 'settled', entryId: reservation.entryId })
    } catch (error) {
      const delayMs = Math.min(maxDelay, initialDelay * 2 ** Math.min(attempt, 20))
      log.error({ err: error, attempt, delayMs }, 'expiring the reservation failed; retrying')
      schedule(reservation, delayMs, attempt + 1)
    }
  }

  async function expire(reservation: DueReservation): Promise<Outcome> {
    const { competitionId, entryId, paymentIntentId } = reservation
    const context: CommandContext = {
      actor: { system: reservationExpiryName },
      now: now(),
      causationId: reservation.eventId,
    }
    const release = async (): Promise<Outcome> => {
      await commands.releaseReservation({ competitionId, entryId, reason: 'expired' }, context)
      logger.info({ competitionId, entryId }, 'reservation expired unpaid; released')
      return 'done'
    }
    if (paymentIntentId === null) return release()
    const statusOf = async () => {
      try {
        return (await payments.retrieveIntent(paymentIntentId)).status
      } catch (error) {
        // An intent the provider never had cannot be paid.
        if (error instanceof PaymentIntentNotFound) return 'canceled'
        throw error
      }
    }
    const before = await statusOf()
    // Authorised: captured and allocated, or cancelled over the credit card limit, by onSucceeded.
    if (before === 'succeeded' || before === 'requires_capture') return paid(paymentIntentId)
    if (before === 'processing') return 'later'
    if (before !== 'canceled') await payments.cancelIntent(paymentIntentId)
    // Paid between the look and the cancel (which then changes nothing): that payment counts.
    const after = before === 'canceled' ? before : await statusOf()
    if (after === 'succeeded' || after === 'requires_capture') return paid(paymentIntentId)
    if (after !== 'canceled') return 'later'
    return release()
  }

  async function paid(paymentIntentId: string): Promise<Outcome> {
    await onSucceeded(paymentIntentId)
    logger.info({ paymentIntentId }, 'paid before its reservation was released; handed to allocation')
    return 'done'
  }

  await rebuild()
  for (const reservation of due.list()) scheduleAtExpiry(reservation)
  logger.info({ due: due.list().length }, 'reservations due rebuilt from the log')
  const startupWork = settlePaidAtStart().finally(() => inFlight.delete(startupWork))
  inFlight.add(startupWork)

  /**
   * A payment taken just before a crash (the card authorised, the confirmation and the webhook
   * lost with the process) is allocated now rather than at its reservation's expiry, up to
   * RESERVATION_MINUTES later: the open reservations this reactor holds (not the log, not every
   * entry) are asked about at start, the latest first, at most `startupCheckLimit` of them and a
   * few at a time. One the provider says is authorised or succeeded goes to `onSucceeded`, as at
   * expiry; one it cannot answer about is left to its expiry. Reservations already expired are
   * dealt with at once by their timers.
   */
  async function settlePaidAtStart(): Promise<void> {
    const at = now().getTime()
    const open = due
      .list()
      .filter((reservation) => reservation.paymentIntentId !== null && reservation.expiresAt.getTime() > at)
      .sort((a, b) => b.expiresAt.getTime() - a.expiresAt.getTime())
      .slice(0, options.startupCheckLimit ?? 500)
    let handed = 0
    for (let i = 0; i < open.length && !stopped; i += startupConcurrency) {
      const batch = open.slice(i, i + startupConcurrency)
      await Promise.all(
        batch.map(async (reservation) => {
          const { paymentIntentId } = reservation
          if (paymentIntentId === null || stopped || due.get(reservation.entryId) !== reservation) return
          try {
            const { status } = await payments.retrieveIntent(paymentIntentId)
            if (status !== 'requires_capture' && status !== 'succeeded') return
            await paid(paymentIntentId)
            handed += 1
          } catch (error) {
            logger.warn(
              { err: error, paymentIntentId },
              'could not settle a paid reservation at start; left to its expiry',
            )
          }
        }),
      )
    }
    logger.info({ asked: open.length, handed }, 'open reservations asked about at start')
  }

  /** Every reservation event up to the checkpoint; the runner delivers the ones after it. */
  async function rebuild(): Promise<void> {
    const checkpoint = await readReactorCheckpoint(knex, reservationExpiryName)
    if (checkpoint === 'start') return
    let from: Position | 'start' = 'start'
    for (;;) {
      const page = await store.readAll({ from, limit: pageSize, filter: reservationFilter })
      for (const event of page) {
        if (comparePositions(event.position, checkpoint) > 0) return
        const change = reservationChangeOf(event)
        if (change) due.apply(change)
      }
      const last = page.at(-1)
      if (!last || page.length < pageSize) return
      from = last.position
    }
  }

  const reactor: Reactor = {
    name: reservationExpiryName,
    filter: reservationFilter,
    async react(event) {
      const change = reservationChangeOf(event)
      const applied = change ? due.apply(change) : undefined
      if (applied?.kind === 'reserved') scheduleAtExpiry(applied.reservation)
      if (applied?.kind === 'settled') {
        scheduler.clearTimeout(timers.get(applied.entryId))
        timers.delete(applied.entryId)
      }
    },
  }
  const running = await startReactor({ store, knex, logger: options.logger, reactor })
  return {
    waitForPosition: (position, opts) => running.waitForPosition(position, opts),
    async stop() {
      stopped = true
      for (const timer of timers.values()) scheduler.clearTimeout(timer)
      timers.clear()
      await running.stop()
      await Promise.allSettled([...inFlight])
    },
  }
}
