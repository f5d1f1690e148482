import { entryEvents } from '@prizes/contracts'

/** What the competition's own stream says about its tickets. */
export interface TicketAudit {
  /** Tickets allocated (sold), per the TicketsAllocated events. */
  readonly sold: number
  /** Tickets sold beyond the total; must be 0. */
  readonly oversold: number
  /** Ticket numbers allocated more than once; must be 0. */
  readonly duplicateNumbers: number
  /** Ticket numbers outside 1..total; must be 0. */
  readonly outOfRange: number
  /** Entries that got tickets. */
  readonly allocations: number
  /** Payments that could not be given tickets and are owed back. */
  readonly refundsDue: number
}

/** Audits the tickets of one competition from its stream's events, trusting nothing else. */
export function auditTickets(
  events: readonly { readonly type: string; readonly data: unknown }[],
  totalTickets: number,
): TicketAudit {
  const seen = new Set<number>()
  let sold = 0
  let allocations = 0
  let outOfRange = 0
  let refundsDue = 0
  for (const event of events) {
    if (event.type === 'PaymentRefundDue') refundsDue += 1
    if (event.type !== 'TicketsAllocated') continue
    allocations += 1
    for (const number of entryEvents.TicketsAllocated.parse(event.data).ticketNumbers) {
      sold += 1
      seen.add(number)
      if (number < 1 || number > totalTickets) outOfRange += 1
    }
  }
  return {
    sold,
    oversold: Math.max(0, sold - totalTickets),
    duplicateNumbers: sold - seen.size,
    outOfRange,
    allocations,
    refundsDue,
  }
}
