import { actor as actorSchema, eventMetadata, userStreamPrefix } from '@prizes/contracts'
import type { EventStore, RecordedEvent } from '@prizes/event-store'
import { PaymentProviderUnavailable } from '@prizes/payments'
import { userDeletedReason } from '../../users/delete-user'
import {
  type ErasureRefundDeps,
  ErasureRefundsRefused,
  planErasureRefunds,
  releaseErasedUserReservations,
  settleErasureRefunds,
} from '../../users/erasure-refunds'
import { CannotReact, type Reactor, type RunningReactor, startReactor } from '../runner'

export const erasureRefundsReactorName = 'user-erasure-refunds'

/**
 * Backs up a deletion's refunds: on UserErased it releases the user's open reservations and
 * plans their refunds (if the request died before it did) and settles every one still owed. The request usually settles them first and
 * this finds nothing to do; after a crash it finishes the job. A provider failure throws, and
 * the runner tries the erasure again: same keys, same refunds, each recorded once. A refund the
 * provider refuses (disputed) parks the erasure at once, the other refunds made.
 */
export function createErasureRefundsReactor(deps: ErasureRefundDeps): Reactor {
  const logger = deps.logger.child({ reactor: erasureRefundsReactorName })
  return {
    name: erasureRefundsReactorName,
    filter: { streamPrefixes: [userStreamPrefix], eventTypes: ['UserErased'] },
    async react(event: RecordedEvent) {
      const userId = event.streamId.slice(userStreamPrefix.length)
      const metadata = eventMetadata.safeParse(event.metadata)
      const actor = metadata.success ? metadata.data.actor : { system: erasureRefundsReactorName }
      const reason = (metadata.success ? metadata.data.reason : undefined) ?? userDeletedReason
      const by = { actor: actorSchema.parse(actor), reason }
      await releaseErasedUserReservations({ ...deps, logger }, userId, by)
      await planErasureRefunds(deps.knex, userId, by)
      const refunded = await settleErasureRefunds({ ...deps, logger }, userId).catch((error: unknown) => {
        throw error instanceof ErasureRefundsRefused
          ? new CannotReact(error.message, { cause: error })
          : error
      })
      logger.info({ userId, refunded }, 'erased user: refunds settled')
    },
    holdsOn: (error) => error instanceof PaymentProviderUnavailable,
  }
}

export function startErasureRefundsReactor(
  options: ErasureRefundDeps & { readonly store: EventStore; readonly retryDelayMs?: number },
): Promise<RunningReactor> {
  const { store, knex, logger } = options
  return startReactor({
    store,
    knex,
    logger,
    reactor: createErasureRefundsReactor(options),
    ...(options.retryDelayMs === undefined ? {} : { retryDelayMs: options.retryDelayMs }),
  })
}
