import type { EntryEvent } from '@prizes/contracts'
import { CompetitionNotFound } from '../competition/errors'
import type { Competition, CompetitionState } from '../competition/state'
import type { RecordProviderChange } from './commands'
import { EntryNotFound } from './errors'

/** The reason an entry refunded at the provider records (its actor is the provider). */
export const providerRefundReason = 'refunded at the payment provider'
/** The reason a lost chargeback's refund records. */
export const chargebackReason = 'chargeback'

/** Between the seal and the draw the list is fixed: it is checked against the seal at the draw. */
const sealedStatuses: ReadonlySet<Competition['status']> = new Set(['closed', 'drawing'])

/**
 * Whether a won dispute puts the entry back among the paid: always, except while the list is
 * sealed without it (the dispute opened before the close). The sealed list is committed and the
 * verifier checks the draw against it, so that entry stays out of this draw; its money is kept.
 */
function reinstatable(competition: Competition, entryId: string): boolean {
  return !sealedStatuses.has(competition.status) || competition.refundedWhileSealed.has(entryId)
}

/**
 * Follows the provider's own word about an entry's payment (DESIGN section 7, point 4). Each is
 * recorded once: a repeat (the provider delivers at least once) finds the entry moved already
 * and records nothing.
 *
 * - Refunded at the provider: a paid or disputed entry is refunded (EntryRefunded, nothing issued
 *   again by us).
 * - Dispute opened: a paid entry is disputed (EntryDisputed), off a draw list not yet sealed.
 * - Dispute closed: won, the entry is paid again (see `reinstatable`); lost, the money went back,
 *   so the entry is refunded with the reason `chargeback`.
 *
 * After the close the sealed list stands (the verifier checks the draw against it): an entry
 * refunded or disputed then stays on it, and the change is still recorded for the admin.
 */
export function recordProviderChange(command: RecordProviderChange, state: CompetitionState): EntryEvent[] {
  const { competitionId, entryId, paymentIntentId, change } = command.data
  if (!state.exists) throw new CompetitionNotFound(competitionId)
  const entry = state.entries.get(entryId)
  if (!entry || entry.paymentIntentId !== paymentIntentId) throw new EntryNotFound(entryId)
  const { amountPence } = entry
  const ids = { competitionId, entryId, amountPence, paymentIntentId }
  switch (change.kind) {
    case 'refunded': {
      // A refund of ours on its way (refundPending, refundDue) is the one the provider tells of:
      // ours records it, with its own reason. Anything not paid took no money to give back.
      if (entry.status !== 'paid' && entry.status !== 'disputed') return []
      return [
        { type: 'EntryRefunded', data: { ...ids, refundId: change.refundId, reason: providerRefundReason } },
      ]
    }
    case 'dispute_created':
      if (entry.status !== 'paid') return []
      return [{ type: 'EntryDisputed', data: { ...ids, disputeId: change.disputeId, reason: change.reason } }]
    case 'dispute_closed': {
      const { disputeId, outcome } = change
      const closed = { competitionId, entryId, paymentIntentId, disputeId, outcome }
      if (outcome === 'won') {
        if (entry.status !== 'disputed') return []
        const reinstated = reinstatable(state, entryId)
        return [{ type: 'EntryDisputeClosed', data: { ...closed, reinstated } }]
      }
      // Lost: the money went back through the bank, whether or not the opening was seen.
      if (entry.status !== 'disputed' && entry.status !== 'paid') return []
      return [
        { type: 'EntryDisputeClosed', data: { ...closed, reinstated: false } },
        { type: 'EntryRefunded', data: { ...ids, refundId: disputeId, reason: chargebackReason } },
      ]
    }
    default: {
      const unhandled: never = change
      throw new Error(`Unknown provider change ${JSON.stringify(unhandled)}`)
    }
  }
}
