export const entriesTable = 'entries'

/** Where an entry is in its life, as the competition stream tells it. */
export const entryLifecycle = [
  'reserved',
  'released',
  'allocated',
  'refund_due',
  'refund_pending',
  'refunded',
  'disputed',
] as const
export type EntryLifecycle = (typeof entryLifecycle)[number]

export type EntryPaymentStatus = 'pending' | 'paid' | 'failed' | 'refunded'

/** A row of `entries` as pg returns it. */
export interface EntryRow {
  readonly id: string
  readonly competition_id: string
  readonly user_id: string
  readonly quantity: number
  readonly amount_pence: number
  readonly answer: string
  /** Null until the tickets are allocated: correctness is decided then. */
  readonly answer_correct: boolean | null
  readonly ticket_numbers: number[]
  readonly entry_reference: string | null
  readonly payment_intent_id: string | null
  readonly payment_status: EntryPaymentStatus
  readonly status: EntryLifecycle
  readonly release_reason: string | null
  readonly refund_reason: string | null
  readonly reserved_at: Date
  readonly expires_at: Date | null
  readonly paid_at: Date | null
  readonly refunded_at: Date | null
  /** Set when the draw picked one of this entry's tickets. */
  readonly won_at: Date | null
  /** `postal` for the free route by post (PostalEntryRecorded), `online` otherwise. */
  readonly entry_method: 'online' | 'postal'
  /** When a postal entry's envelope arrived; null for an online one. */
  readonly received_at: Date | null
  readonly updated_at: Date
  readonly last_revision: number
}
