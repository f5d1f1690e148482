import type { ReleaseReason, SealedRandomness } from '@prizes/contracts'
import type { CommandMetadata } from '../command-metadata'

/**
 * The entry commands of the competition stream. Ids, references, expiry and the moment all
 * arrive inside the command, so `decide` stays pure.
 */
export interface ReserveTickets {
  readonly type: 'ReserveTickets'
  readonly data: {
    readonly competitionId: string
    readonly entryId: string
    readonly userId: string
    readonly quantity: number
    readonly answer: string
    /**
     * Which question of the pool the entrant was given (issue 24); absent: the first, as for a
     * competition with one question.
     */
    readonly questionIndex?: number
    /** The provider's intent; null for a free competition. */
    readonly paymentIntentId: string | null
    readonly expiresAt: string
  }
  readonly metadata: CommandMetadata
}

/**
 * Asks whether these tickets could be reserved now, refusing exactly as `ReserveTickets`
 * would, and records nothing. The command side runs it before creating a payment intent, so a
 * sold-out rush is refused without touching the provider, and it learns the price from the
 * state the handler answers with.
 */
export interface QuoteEntry {
  readonly type: 'QuoteEntry'
  readonly data: {
    readonly competitionId: string
    /** Their own reservation, which the new one would replace, does not count against them. */
    readonly userId: string
    readonly quantity: number
    readonly answer: string
    /**
     * Which question of the pool the entrant was given (issue 24); absent: the first, as for a
     * competition with one question.
     */
    readonly questionIndex?: number
  }
  readonly metadata: CommandMetadata
}

/** Issued once the provider says the payment succeeded (or at once for a free entry). */
export interface AllocateTickets {
  readonly type: 'AllocateTickets'
  readonly data: {
    readonly competitionId: string
    readonly entryId: string
    readonly entryReference: string
    /** When given, must be the entry's own intent: a payment cannot pay for someone else's entry. */
    readonly paymentIntentId?: string
    /**
     * The entrant was erased (the command side found UserErased on their stream): the payment
     * is owed back, never allocated. An entry released for the erasure is owed back anyway.
     */
    readonly userErased?: boolean
    /**
     * The card is authorised, not charged (manual capture): tickets are allocated first and
     * captured after (`authorised` on TicketsAllocated); when none can be given, the
     * authorisation is voided (PaymentVoidDue) instead of a charge owed back.
     */
    readonly authorised?: boolean
  }
  readonly metadata: CommandMetadata
}

export interface ReleaseReservation {
  readonly type: 'ReleaseReservation'
  readonly data: {
    readonly competitionId: string
    readonly entryId: string
    readonly reason: ReleaseReason
  }
  readonly metadata: CommandMetadata
}

export interface RecordRefund {
  readonly type: 'RecordRefund'
  readonly data: {
    readonly competitionId: string
    readonly entryId: string
    readonly refundId: string
    readonly reason: string
  }
  readonly metadata: CommandMetadata
}

/**
 * An admin's refund of a paid entry, asked for before the provider is: it takes the entry off
 * the draw list, so it is decided against the competition as it stands (open or cancelled).
 */
export interface RequestRefund {
  readonly type: 'RequestRefund'
  readonly data: {
    readonly competitionId: string
    readonly entryId: string
    readonly reason: string
  }
  readonly metadata: CommandMetadata
}

/**
 * A free entry by post, from the envelope an admin holds: one ticket for `userId` (the account
 * the entrant's email names). `entryId` comes from the admin's form, so a second submission of
 * the same envelope is answered by the entry the first one made.
 */
export interface RecordPostalEntry {
  readonly type: 'RecordPostalEntry'
  readonly data: {
    readonly competitionId: string
    readonly entryId: string
    readonly userId: string
    readonly answer: string
    /** Which question of the pool the envelope answered, as the admin read it; absent: the first. */
    readonly questionIndex?: number
    readonly receivedAt: string
    readonly entryReference: string
    /**
     * The drand round to seal the list again on when the competition has already closed (an
     * envelope that arrived in time, keyed in after the close): one published after now.
     */
    readonly randomness?: SealedRandomness
  }
  readonly metadata: CommandMetadata
}

/**
 * What the card provider says happened to an entry's payment, outside our own refunds: a refund
 * made at the provider (its Dashboard), a chargeback opened, a chargeback closed. The command
 * side found the entry through the intent's metadata; `paymentIntentId` must be the entry's own.
 */
export interface RecordProviderChange {
  readonly type: 'RecordProviderChange'
  readonly data: {
    readonly competitionId: string
    readonly entryId: string
    readonly paymentIntentId: string
    readonly change:
      | { readonly kind: 'refunded'; readonly refundId: string }
      | { readonly kind: 'dispute_created'; readonly disputeId: string; readonly reason: string }
      | { readonly kind: 'dispute_closed'; readonly disputeId: string; readonly outcome: 'won' | 'lost' }
  }
  readonly metadata: CommandMetadata
}

export type EntryCommand =
  | RecordProviderChange
  | RecordPostalEntry
  | QuoteEntry
  | ReserveTickets
  | AllocateTickets
  | ReleaseReservation
  | RequestRefund
  | RecordRefund
