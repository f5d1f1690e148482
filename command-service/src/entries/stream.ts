import { competitionStream, eventMetadata, type UserEntry } from '@prizes/contracts'
import {
  type Competition,
  type CompetitionCommand,
  type CompetitionEvent,
  CompetitionNotFound,
  type CompetitionState,
  competitionDecider,
  type Entry,
  EntryNotFound,
  ownedEntryOf,
  toUserEntry,
} from '@prizes/domain'
import type { CommandHandler, HandleOptions, HandleResult, StreamStore } from '../command-handler'
import type { CommandContext } from '../event-metadata'
import { countEntryEvents } from './metrics'

export type EntryResult = HandleResult<CompetitionState, CompetitionEvent>

/**
 * Runs an entry command on its competition's stream: queued per stream, from cached state.
 * Every allocation and refund passes here, so here they are counted (`/metrics`).
 */
export async function runEntryCommand(
  handler: CommandHandler,
  command: CompetitionCommand,
  context: CommandContext,
  options?: HandleOptions<CompetitionState>,
): Promise<EntryResult> {
  const result = await handler.handle(
    competitionStream(command.data.competitionId),
    competitionDecider,
    command,
    context,
    options,
  )
  countEntryEvents(result.events)
  return result
}

export function competitionOf(result: EntryResult, competitionId: string): Competition {
  if (!result.state.exists) throw new CompetitionNotFound(competitionId)
  return result.state
}

export function entryIn(competition: Competition, entryId: string): Entry {
  const entry = competition.entries.get(entryId)
  if (!entry) throw new EntryNotFound(entryId)
  return entry
}

/**
 * When the entry's tickets were allocated: its `TicketsAllocated` event's `occurredAt`. Read
 * from the end of the stream, where a confirmation's allocation almost always is, so every
 * answer for one entry carries the same date however often it is asked for.
 */
export async function allocatedAt(
  store: StreamStore,
  competitionId: string,
  entryId: string,
): Promise<string> {
  const stream = competitionStream(competitionId)
  const pageSize = 200
  let from: 'end' | bigint = 'end'
  for (;;) {
    const page = await store.readStream(stream, { from, direction: 'backwards', limit: pageSize })
    for (const recorded of page) {
      if (recorded.type !== 'TicketsAllocated' && recorded.type !== 'PostalEntryRecorded') continue
      const data = recorded.data as { entryId?: unknown }
      if (data.entryId !== entryId) continue
      const metadata = eventMetadata.safeParse(recorded.metadata)
      return metadata.success ? metadata.data.occurredAt : recorded.recordedAt.toISOString()
    }
    const last = page.at(-1)
    if (page.length < pageSize || last === undefined || last.revision === 0n) break
    from = last.revision - 1n
  }
  throw new EntryNotFound(entryId)
}

/** The entry as its owner sees it, by the rules the read side shows it by (`toUserEntry`). */
export function userEntryOf(competition: Competition, entry: Entry, entryDate: string): UserEntry {
  return toUserEntry(ownedEntryOf(competition, entry, entryDate))
}
