import { z } from 'zod'
import { int32Max, maxEntriesPerPurchase, maxSkillQuestions } from '../bounds'
import { storableInteger } from './competition'

/**
 * Entries are sub-entities of the competition stream, the consistency boundary for tickets
 * (DESIGN section 5): reserving, allocating, releasing and refunding are events on it, so sold
 * tickets can never exceed the total. No personal data here: entries refer to user ids.
 */
/** Whole pence, as the `amount_pence` columns (read model and offline provider) hold them. */
const pence = z.number().int().nonnegative().max(int32Max)

/**
 * `user_erased`: an admin deleted the entrant, whose unpaid reservations are released and their
 * intents cancelled; a payment that arrives anyway is owed back, never allocated.
 * `credit_card_limit`: the card was a credit card and its payment would have passed the monthly
 * credit card limit; the authorisation was cancelled (nothing taken) before the release.
 */
export const releaseReasons = [
  'expired',
  'payment_failed',
  'competition_closed',
  'replaced',
  'user_erased',
  'credit_card_limit',
] as const
export type ReleaseReason = (typeof releaseReasons)[number]
const ids = { competitionId: z.string(), entryId: z.string().uuid() }
/**
 * Which question of the competition's pool (`skillQuestionPoolOf`) the entrant was given and
 * answered. Absent on entries made before pools, which answered the only question: 0.
 */
const questionIndex = z
  .number()
  .int()
  .nonnegative()
  .max(maxSkillQuestions - 1)
  .optional()
/** A provider's own id or word (a dispute id, a bank's reason): short, printable. */
const providerId = z.string().min(1).max(255)

export const entryEvents = {
  /** Tickets held for a payment; they count against availability until allocated or released. */
  TicketsReserved: z.object({
    ...ids,
    userId: z.string(),
    quantity: z.number().int().min(1).max(maxEntriesPerPurchase),
    amountPence: pence,
    /** The provider's intent; null for a free competition. */
    paymentIntentId: z.string().nullable(),
    /** The option the entrant chose. Any answer is accepted; only correct ones are drawn. */
    answer: z.string(),
    questionIndex,
    expiresAt: z.string().datetime(),
  }),
  /**
   * A reservation given up: it expired unpaid, its payment failed, the competition ended, or the
   * entrant went back, changed their details and started a new payment (its intent cancelled).
   */
  ReservationReleased: z.object({
    ...ids,
    reason: z.enum(releaseReasons),
  }),
  /** Paid (or free) tickets, numbered: each number is allocated once. */
  TicketsAllocated: z.object({
    ...ids,
    userId: z.string(),
    ticketNumbers: z.array(storableInteger.positive()).min(1).max(maxEntriesPerPurchase),
    entryReference: z.string(),
    answer: z.string(),
    questionIndex,
    /** Decided against the question as it stood; wrong answers never take part in the draw. */
    answerCorrect: z.boolean(),
    amountPence: pence,
    paymentIntentId: z.string().nullable(),
    /**
     * When the tickets were allocated (the command's time), so a repeated confirmation answers
     * the same entry date without searching the stream. Absent on events written before it.
     */
    allocatedAt: z.string().datetime().optional(),
    /**
     * The card was authorised, not yet charged: the tickets were allocated first, and the
     * payment is captured now (a reactor makes sure of it after a crash). Absent on payments
     * taken before allocation (events written before manual capture, and free entries).
     */
    authorised: z.literal(true).optional(),
  }),
  /**
   * A free entry by post, recorded by an admin from the envelope: one ticket, under the same
   * limits and answer rule as a paid entry, and drawn with the same chance. It carries every
   * field of `TicketsAllocated` (no money, no intent), so a reader of allocations reads it alike.
   * No personal data: the entrant is a user id (an account found or created by email).
   */
  PostalEntryRecorded: z.object({
    ...ids,
    userId: z.string(),
    ticketNumbers: z.array(storableInteger.positive()).length(1),
    entryReference: z.string(),
    answer: z.string(),
    /** The question of the pool the envelope answered, as the admin recorded it. */
    questionIndex,
    /** Decided against the question as it stood; wrong answers never take part in the draw. */
    answerCorrect: z.boolean(),
    amountPence: z.literal(0),
    paymentIntentId: z.null(),
    /** When the envelope arrived (the admin's date); never after the close. */
    receivedAt: z.string().datetime(),
    allocatedAt: z.string().datetime(),
  }),
  /**
   * A payment that arrived when its tickets could no longer be given (reservation expired and
   * the competition sold out meanwhile), or for an entrant erased meanwhile (`user_erased`):
   * money taken, no tickets. A reactor refunds it.
   */
  PaymentRefundDue: z.object({
    ...ids,
    userId: z.string(),
    amountPence: pence,
    paymentIntentId: z.string(),
    /** `entry_cap`: paying it would take the entrant past the competition's per-person cap. */
    reason: z.enum(['sold_out', 'competition_closed', 'user_erased', 'entry_cap']),
  }),
  /**
   * A card authorised for an entry whose tickets could no longer be given (sold out, closed, the
   * entrant's cap, or an erased entrant): nothing was taken, so the authorisation is voided (the
   * hold on the card released) rather than captured and refunded. A reactor makes sure of it.
   */
  PaymentVoidDue: z.object({
    ...ids,
    userId: z.string(),
    amountPence: pence,
    paymentIntentId: z.string(),
    reason: z.enum(['sold_out', 'competition_closed', 'user_erased', 'entry_cap']),
  }),
  /**
   * An admin's refund of a paid entry, decided on the competition's stream (so against its close:
   * an entry with a refund requested before the close is never on the sealed list). The money
   * goes back through the provider under the entry's refund key and EntryRefunded follows; if the
   * process dies in between, the refund reactor completes it under the same key.
   */
  EntryRefundRequested: z.object({
    ...ids,
    amountPence: pence,
    paymentIntentId: z.string(),
    reason: z.string(),
  }),
  /**
   * The entrant disputed the card payment with their bank (a chargeback opened at the provider):
   * the money is held by the bank until the dispute closes. A disputed entry is off the draw list
   * while the list is not sealed; one disputed after the close stays on the sealed list.
   */
  EntryDisputed: z.object({
    ...ids,
    amountPence: pence,
    paymentIntentId: z.string(),
    /** The provider's dispute (Stripe's `dp_...`). */
    disputeId: providerId,
    /** The bank's reason as the provider names it (`fraudulent`, `product_not_received`, ...). */
    reason: providerId,
  }),
  /**
   * The dispute closed. `won`: the money stays with us and, when `reinstated`, the entry is paid
   * again (and back on a list not sealed yet). `lost`: the money went back to the entrant, and
   * `EntryRefunded` (reason `chargeback`) follows in the same append.
   */
  EntryDisputeClosed: z.object({
    ...ids,
    paymentIntentId: z.string(),
    disputeId: providerId,
    outcome: z.enum(['won', 'lost']),
    /**
     * The entry is paid again. False for a lost dispute, and for a won one whose entry was taken
     * off the list before the seal: the sealed list stands, so it stays out of that draw.
     */
    reinstated: z.boolean(),
  }),
  /** Money returned through the provider; a refunded entry's tickets never take part in the draw. */
  EntryRefunded: z.object({
    ...ids,
    amountPence: pence,
    paymentIntentId: z.string(),
    refundId: z.string(),
    reason: z.string(),
  }),
} as const

export type EntryEventType = keyof typeof entryEvents
export type EntryEvent = {
  [K in EntryEventType]: { type: K; data: z.infer<(typeof entryEvents)[K]> }
}[EntryEventType]
