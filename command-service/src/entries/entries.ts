import type { EntrySubmission, ReleaseReason, UserEntry } from '@prizes/contracts'
import type { CommandContext } from '../event-metadata'
import { allocateEntry } from './allocate'
import type { EntryDeps } from './deps'
import { once } from './idempotency'
import { reserveEntry } from './reserve'
import { type EntryResult, runEntryCommand, userEntryOf } from './stream'

export interface EntryRequest {
  readonly userId: string
  readonly submission: EntrySubmission
}

export interface PaymentToMake {
  readonly entryId: string
  readonly paymentIntentId: string
  readonly clientSecret: string
  /** Pence, as card providers count. */
  readonly amountPence: number
}

/**
 * create-payment-intent: reserve the tickets and hand the client its intent to pay, replacing
 * the user's earlier unpaid reservation on the competition (going back, or asking again). A
 * free competition has nothing to pay; its entries go through `submitEntry`. With an idempotency
 * key, the same key from the same user answers the first answer and reserves nothing more.
 */
export function requestEntry(
  deps: EntryDeps,
  input: EntryRequest & { readonly idempotencyKey?: string | undefined },
  context: CommandContext,
): Promise<PaymentToMake> {
  const { idempotencyKey } = input
  if (idempotencyKey === undefined) return reserveToPay(deps, input, context)
  const scope = `create-payment-intent:${input.userId}`
  return once(deps.knex, scope, idempotencyKey, () => reserveToPay(deps, input, context))
}

async function reserveToPay(
  deps: EntryDeps,
  input: EntryRequest,
  context: CommandContext,
): Promise<PaymentToMake> {
  const { entry, intent } = await reserveEntry(deps, input, context, { paidOnly: true })
  if (intent === null) throw new Error('A paid reservation came back without its intent')
  return {
    entryId: entry.entryId,
    paymentIntentId: intent.id,
    clientSecret: intent.clientSecret,
    amountPence: entry.amountPence,
  }
}

/**
 * POST /api/entries: the same rules. A free competition allocates at once (answering the paid,
 * numbered entry); otherwise the answer is the pending entry whose intent now awaits payment.
 */
export async function submitEntry(
  deps: EntryDeps,
  input: EntryRequest,
  context: CommandContext,
): Promise<UserEntry> {
  const { competition, entry, intent } = await reserveEntry(deps, input, context)
  if (intent === null) {
    return allocateEntry(deps, { competitionId: competition.competitionId, entryId: entry.entryId }, context)
  }
  return userEntryOf(competition, entry, context.now.toISOString())
}

/** For the expiry reactor: gives up a reservation; nothing when already allocated or released. */
export function releaseReservation(
  deps: Pick<EntryDeps, 'handler'>,
  input: {
    readonly competitionId: string
    readonly entryId: string
    readonly reason: ReleaseReason
  },
  context: CommandContext,
): Promise<EntryResult> {
  return runEntryCommand(
    deps.handler,
    { type: 'ReleaseReservation', data: { ...input }, metadata: { now: context.now } },
    context,
  )
}

/**
 * For the refund reactor and admin refunds, after the provider refunded: records it once per
 * entry. The refunded tickets are not sold again and never take part in a draw.
 */
export function recordRefund(
  deps: Pick<EntryDeps, 'handler'>,
  input: {
    readonly competitionId: string
    readonly entryId: string
    readonly refundId: string
    readonly reason: string
  },
  context: CommandContext,
): Promise<EntryResult> {
  return runEntryCommand(
    deps.handler,
    { type: 'RecordRefund', data: { ...input }, metadata: { now: context.now } },
    context,
  )
}
