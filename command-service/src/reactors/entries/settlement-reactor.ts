import { competitionStreamPrefix, entryEvents } from '@prizes/contracts'
import type { EventStore } from '@prizes/event-store'
import { PaymentIntentNotCapturable, type PaymentProvider } from '@prizes/payments'
import type { Logger } from '@prizes/platform'
import type { Knex } from 'knex'
import { captureAllocated, voidUnallocated } from '../../entries/credit-card-limit'
import { type Reactor, type RunningReactor, startReactor } from '../runner'

export interface PaymentSettlementOptions {
  readonly store: EventStore
  readonly knex: Knex
  readonly logger: Logger
  readonly payments: PaymentProvider
  readonly retryDelayMs?: number
}

export const paymentSettlementName = 'payment-settlement'

/**
 * Makes sure an authorised card is settled as its entry was decided, whatever happened to the
 * process that decided it (DESIGN section 7, point 4): tickets allocated on an authorisation
 * (`TicketsAllocated` with `authorised`) are captured, and an authorisation that got no tickets
 * (`PaymentVoidDue`) is voided. confirm-payment does both at once; this covers a crash between
 * the append and the provider's call. Both are idempotent at the provider (a captured intent
 * answers as it is, a cancelled one is left alone), so doing them again takes nothing twice. A
 * provider that does not answer throws, and the runner retries the event.
 */
export function createPaymentSettlementReactor(options: PaymentSettlementOptions): Reactor {
  const logger = options.logger.child({ reactor: paymentSettlementName })
  const deps = { knex: options.knex, payments: options.payments }
  return {
    name: paymentSettlementName,
    filter: { streamPrefixes: [competitionStreamPrefix], eventTypes: ['TicketsAllocated', 'PaymentVoidDue'] },
    async react(event) {
      if (event.type === 'PaymentVoidDue') {
        const parsed = entryEvents.PaymentVoidDue.safeParse(event.data)
        if (!parsed.success)
          return void logger.error({ eventId: event.id }, 'unreadable PaymentVoidDue; nothing voided')
        await voidUnallocated(deps, parsed.data.paymentIntentId)
        return
      }
      const parsed = entryEvents.TicketsAllocated.safeParse(event.data)
      if (!parsed.success)
        return void logger.error({ eventId: event.id }, 'unreadable TicketsAllocated; nothing captured')
      const { authorised, paymentIntentId, competitionId, entryId } = parsed.data
      // Payments taken before allocation (and free entries) have nothing left to capture.
      if (authorised !== true || paymentIntentId === null) return
      try {
        await captureAllocated(deps, paymentIntentId)
      } catch (error) {
        if (!(error instanceof PaymentIntentNotCapturable)) throw error
        // Voided or lapsed after the allocation: nothing can be taken; an admin must look.
        logger.error(
          { err: error, competitionId, entryId, paymentIntentId },
          'tickets allocated but the payment could not be captured',
        )
      }
    },
  }
}

export function startPaymentSettlement(options: PaymentSettlementOptions): Promise<RunningReactor> {
  return startReactor({
    store: options.store,
    knex: options.knex,
    logger: options.logger,
    reactor: createPaymentSettlementReactor(options),
    ...(options.retryDelayMs === undefined ? {} : { retryDelayMs: options.retryDelayMs }),
  })
}
