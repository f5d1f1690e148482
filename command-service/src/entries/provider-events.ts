import { CompetitionNotFound, EntryNotFound } from '@prizes/domain'
import { PaymentIntentNotFound, type ProviderEvent } from '@prizes/payments'
import { giveCreditBack } from '../credit-limit'
import type { CommandContext } from '../event-metadata'
import type { EntryDeps } from './deps'
import { runEntryCommand } from './stream'

const followed = 'payment_provider_events'

/**
 * What following one provider event came to: `recorded` (events appended), `unchanged` (the
 * entry was there already), `duplicate` (this very notification was followed before) or
 * `unknown` (no entry of ours is paid by that intent: logged, and acknowledged so the provider
 * stops sending it).
 */
export type ProviderEventOutcome = 'recorded' | 'unchanged' | 'duplicate' | 'unknown'

/**
 * Follows the provider's own word about a payment (a refund at the provider, a chargeback opened
 * or closed): the intent's metadata names the competition and entry, and the competition
 * stream decides (RecordProviderChange). The actor is the provider (`{ system: 'stripe' }`).
 *
 * Once per notification: its id is kept once followed, so a redelivery changes nothing even
 * after a later notification moved the entry on. Two deliveries at the same moment both reach
 * the stream, whose decision records the change once.
 */
export async function followProviderEvent(
  deps: EntryDeps,
  event: ProviderEvent,
  context: Omit<CommandContext, 'actor'>,
): Promise<ProviderEventOutcome> {
  const { paymentIntentId } = event
  const log = deps.logger.child({ providerEventId: event.id, paymentIntentId, change: event.change.kind })
  const seen = await deps.knex(followed).where({ event_id: event.id }).first('event_id')
  if (seen) return 'duplicate'
  let metadata: Readonly<Record<string, string>>
  try {
    metadata = (await deps.payments.retrieveIntent(paymentIntentId)).metadata
  } catch (error) {
    if (!(error instanceof PaymentIntentNotFound)) throw error
    log.warn('provider event about an intent the provider does not know; ignored')
    return 'unknown'
  }
  const { competitionId, entryId } = metadata
  if (competitionId === undefined || entryId === undefined) {
    log.warn('provider event about a payment that is not an entry of ours; ignored')
    return 'unknown'
  }
  let appended: number
  try {
    const result = await runEntryCommand(
      deps.handler,
      {
        type: 'RecordProviderChange',
        data: { competitionId, entryId, paymentIntentId, change: event.change },
        metadata: { now: context.now },
      },
      { ...context, actor: { system: deps.payments.name }, causationId: event.id },
    )
    appended = result.events.length
  } catch (error) {
    if (!(error instanceof EntryNotFound || error instanceof CompetitionNotFound)) throw error
    log.warn({ competitionId, entryId }, 'provider event about an entry not found; ignored')
    return 'unknown'
  }
  const { change } = event
  const moneyBack =
    change.kind === 'refunded' || (change.kind === 'dispute_closed' && change.outcome === 'lost')
  // Money given back counts no more against the month's credit card limit (once per intent).
  if (appended > 0 && moneyBack) await giveCreditBack(deps.knex, paymentIntentId, 'refunded')
  await deps
    .knex(followed)
    .insert({ event_id: event.id, payment_intent_id: paymentIntentId })
    .onConflict()
    .ignore()
  log.info({ competitionId, entryId, appended }, 'provider event followed')
  return appended > 0 ? 'recorded' : 'unchanged'
}
