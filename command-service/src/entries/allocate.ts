import { competitionStream, entryCapMessage, entryCapOf, type UserEntry } from '@prizes/contracts'
import { competitionDecider, formatEntryReference, ticketsOfUser } from '@prizes/domain'
import type { CommandContext } from '../event-metadata'
import { defaultReferencePrefix, type EntryDeps } from './deps'
import { PaymentNotTaken, PaymentToBeRefunded } from './errors'
import { allocatedAt, competitionOf, entryIn, runEntryCommand, userEntryOf } from './stream'

/** The next entry reference; `nextval` never repeats, whoever else asks at the same moment. */
export async function nextEntryReference(
  deps: Pick<EntryDeps, 'knex' | 'referencePrefix'>,
  now: Date,
): Promise<string> {
  const result = await deps.knex.raw<{ rows: { value: string }[] }>(
    "select nextval('entry_reference_seq')::text as value",
  )
  const value = result.rows[0]?.value
  if (value === undefined) throw new Error('entry_reference_seq answered nothing')
  return formatEntryReference(deps.referencePrefix ?? defaultReferencePrefix, now, Number(value))
}

/**
 * An allocation already made, answered from `known` (a competition's state) without a
 * reference or a queue. Allocations never come undone, so a state behind the store can only
 * miss one, never invent it.
 */
function allocatedIn(
  known: ReturnType<typeof competitionDecider.evolve> | undefined,
  input: { readonly entryId: string; readonly paymentIntentId?: string },
): UserEntry | undefined {
  const entry = known?.exists ? known.entries.get(input.entryId) : undefined
  if (!known?.exists || !entry || entry.ticketNumbers.length === 0 || entry.allocatedAt === null)
    return undefined
  if (input.paymentIntentId !== undefined && input.paymentIntentId !== entry.paymentIntentId) return undefined
  return userEntryOf(known, entry, entry.allocatedAt)
}

/**
 * Allocations under way in this process, by entry: the provider's webhook and the browser's
 * confirm arriving together share the first one's answer instead of each taking a reference.
 */
const underWay = new WeakMap<EntryDeps['handler'], Map<string, Promise<UserEntry>>>()

/**
 * Allocates a paid (or free) entry's tickets and answers the entry. Safe to repeat and to race:
 * the stream's queue runs one AllocateTickets at a time, the second decides nothing, and every
 * caller answers from the entry as the stream holds it (same numbers, reference and date).
 *
 * A reference is taken only for an entry not yet allocated as far as anyone here can tell: a
 * repeat is answered from the state this process holds, a repeat racing the first in this
 * process waits for it, and a repeat of an allocation another process made (another command
 * instance, the consumers' reactors) is found by catching up with the store first. So
 * consecutive purchases get consecutive references; only two processes allocating the same
 * entry at the same instant leave a number unused (references may skip, never repeat).
 */
export async function allocateEntry(
  deps: EntryDeps,
  input: {
    readonly competitionId: string
    readonly entryId: string
    readonly paymentIntentId?: string
    /** The entrant was erased: the payment is owed back, never allocated. */
    readonly userErased?: boolean
    /** The card is authorised, not yet charged: no tickets means the authorisation is voided. */
    readonly authorised?: boolean
  },
  context: CommandContext,
): Promise<UserEntry> {
  const stream = competitionStream(input.competitionId)
  const answered = allocatedIn(deps.handler.peek(stream, competitionDecider), input)
  if (answered) return answered
  let mine = underWay.get(deps.handler)
  if (!mine) {
    mine = new Map()
    underWay.set(deps.handler, mine)
  }
  const running = mine.get(input.entryId)
  if (running) return running
  const work = allocateOnce(deps, input, context)
  mine.set(input.entryId, work)
  try {
    return await work
  } finally {
    mine.delete(input.entryId)
  }
}

async function allocateOnce(
  deps: EntryDeps,
  input: Parameters<typeof allocateEntry>[1],
  context: CommandContext,
): Promise<UserEntry> {
  const { competitionId, entryId } = input
  const caughtUp = await deps.handler.load(competitionStream(competitionId), competitionDecider)
  const allocatedElsewhere = allocatedIn(caughtUp, input)
  if (allocatedElsewhere) return allocatedElsewhere
  const entryReference = await nextEntryReference(deps, context.now)
  const result = await runEntryCommand(
    deps.handler,
    {
      type: 'AllocateTickets',
      data: {
        competitionId,
        entryId,
        entryReference,
        ...(input.paymentIntentId === undefined ? {} : { paymentIntentId: input.paymentIntentId }),
        ...(input.userErased ? { userErased: true } : {}),
        ...(input.authorised ? { authorised: true } : {}),
      },
      metadata: { now: context.now },
    },
    context,
  )
  const competition = competitionOf(result, competitionId)
  const entry = entryIn(competition, entryId)
  if (entry.ticketNumbers.length === 0) {
    // Voided (only authorised) or owed back (taken): the entry's status says which, however often asked.
    const NoTickets = entry.status === 'voided' ? PaymentNotTaken : PaymentToBeRefunded
    if (result.events.length > 0)
      deps.logger.warn({ competitionId, entryId, status: entry.status }, 'paid too late: no tickets')
    const capped = result.events.some(
      (e) => (e.type === 'PaymentRefundDue' || e.type === 'PaymentVoidDue') && e.data.reason === 'entry_cap',
    )
    if (!capped) throw new NoTickets(entryId)
    const cap = entryCapOf(competition.details)
    const left = Math.max(0, cap - ticketsOfUser(competition, entry.userId))
    throw new NoTickets(entryId, entryCapMessage(cap, left))
  }
  // This call's own allocation happened now; a repeat finds the first one's date in the stream.
  const justAllocated = result.events.some((event) => event.type === 'TicketsAllocated')
  const entryDate = justAllocated
    ? context.now.toISOString()
    : (entry.allocatedAt ?? (await allocatedAt(deps.store, competitionId, entryId)))
  return userEntryOf(competition, entry, entryDate)
}
