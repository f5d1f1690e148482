import { competitionStream, type UserEntry } from '@prizes/contracts'
import { competitionDecider, formatEntryReference } from '@prizes/domain'
import type { CommandContext } from '../event-metadata'
import { defaultReferencePrefix, type EntryDeps } from './deps'
import { PaymentToBeRefunded } from './errors'
import { allocatedAt, competitionOf, entryIn, runEntryCommand, userEntryOf } from './stream'

/** The next entry reference; `nextval` never repeats, whoever else asks at the same moment. */
export async function nextEntryReference(deps: EntryDeps, now: Date): Promise<string> {
  const result = await deps.knex.raw<{ rows: { value: string }[] }>(
    "select nextval('entry_reference_seq')::text as value",
  )
  const value = result.rows[0]?.value
  if (value === undefined) throw new Error('entry_reference_seq answered nothing')
  return formatEntryReference(deps.referencePrefix ?? defaultReferencePrefix, now, Number(value))
}

/**
 * A repeat (the browser's confirm after the provider's webhook, a retry) of an allocation this
 * process has already seen: answered from the state it holds, without a reference or a queue.
 * Allocations never come undone, so a state behind the store can only miss one, never invent it.
 */
function alreadyAllocated(
  deps: EntryDeps,
  input: { readonly competitionId: string; readonly entryId: string; readonly paymentIntentId?: string },
): UserEntry | undefined {
  const known = deps.handler.peek(competitionStream(input.competitionId), competitionDecider)
  const entry = known?.exists ? known.entries.get(input.entryId) : undefined
  if (!known?.exists || !entry || entry.ticketNumbers.length === 0 || entry.allocatedAt === null)
    return undefined
  if (input.paymentIntentId !== undefined && input.paymentIntentId !== entry.paymentIntentId) return undefined
  return userEntryOf(known, entry, entry.allocatedAt)
}

/**
 * Allocates a paid (or free) entry's tickets and answers the entry. Safe to repeat and to race:
 * the stream's queue runs one AllocateTickets at a time, the second decides nothing, and every
 * caller answers from the entry as the stream holds it (same numbers, reference and date). A
 * spare reference taken by a repeat is simply never used; references may skip, never repeat.
 */
export async function allocateEntry(
  deps: EntryDeps,
  input: {
    readonly competitionId: string
    readonly entryId: string
    readonly paymentIntentId?: string
    /** The entrant was erased: the payment is owed back, never allocated. */
    readonly userErased?: boolean
  },
  context: CommandContext,
): Promise<UserEntry> {
  const { competitionId, entryId } = input
  const answered = alreadyAllocated(deps, input)
  if (answered) return answered
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
      },
      metadata: { now: context.now },
    },
    context,
  )
  const competition = competitionOf(result, competitionId)
  const entry = entryIn(competition, entryId)
  if (entry.ticketNumbers.length === 0) {
    if (result.events.length > 0) deps.logger.warn({ competitionId, entryId }, 'paid too late: refund due')
    throw new PaymentToBeRefunded(entryId)
  }
  // This call's own allocation happened now; a repeat finds the first one's date in the stream.
  const justAllocated = result.events.some((event) => event.type === 'TicketsAllocated')
  const entryDate = justAllocated
    ? context.now.toISOString()
    : (entry.allocatedAt ?? (await allocatedAt(deps.store, competitionId, entryId)))
  return userEntryOf(competition, entry, entryDate)
}
