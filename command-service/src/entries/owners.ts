import { competitionStreamPrefix } from '@prizes/contracts'
import { type EventStore, type Position, positionFromString, positionToString } from '@prizes/event-store'
import type { Logger } from '@prizes/platform'
import type { Knex } from 'knex'
import type { EventIndex } from '../command-rows'

/**
 * The command side's own index of entries (`entry_owners`, migration 2500): an entry's
 * competition and owner, written with the event that creates the entry, so a use case finds
 * them the moment the command has answered, whatever the read models have seen.
 */
export const entryOwnersTable = 'entry_owners'

/** The events that create an entry. */
const creations = ['TicketsReserved', 'PostalEntryRecorded'] as const

export interface EntryOwner {
  readonly entryId: string
  readonly competitionId: string
  readonly userId: string
}

function ownerIn(event: { readonly type: string; readonly data: unknown }): EntryOwner | undefined {
  if (!(creations as readonly string[]).includes(event.type)) return undefined
  const data = event.data as { entryId?: unknown; competitionId?: unknown; userId?: unknown } | null
  const { entryId, competitionId, userId } = data ?? {}
  if (typeof entryId !== 'string' || typeof competitionId !== 'string' || typeof userId !== 'string')
    return undefined
  return { entryId, competitionId, userId }
}

const insertOwners = (knex: Knex, owners: readonly EntryOwner[]) =>
  knex(entryOwnersTable)
    .insert(owners.map((o) => ({ entry_id: o.entryId, competition_id: o.competitionId, user_id: o.userId })))
    .onConflict('entry_id')
    .ignore()

const indexes = new WeakMap<Knex, EventIndex>()

/**
 * The index an entry-creating command goes into (`HandleOptions.index`): one insert for every
 * entry a batch creates, in the append's transaction. One per knex, so a batch's commands share it.
 */
export function entryOwnersIndex(knex: Knex): EventIndex {
  let index = indexes.get(knex)
  if (!index) {
    index = {
      statement(events) {
        const owners = events.flatMap((event) => ownerIn(event) ?? [])
        return owners.length === 0 ? undefined : insertOwners(knex, owners)
      },
    }
    indexes.set(knex, index)
  }
  return index
}

/** An entry's competition and owner (a primary-key probe); undefined for an entry nobody made. */
export async function ownerOfEntry(knex: Knex, entryId: string): Promise<EntryOwner | undefined> {
  const row = await knex(entryOwnersTable)
    .where({ entry_id: entryId })
    .first<{ competition_id: string; user_id: string } | undefined>('competition_id', 'user_id')
  return row && { entryId, competitionId: row.competition_id, userId: row.user_id }
}

/**
 * A user's entries by competition (`entry_owners_user_idx`): the work grows with this user's
 * entries, never with everyone's.
 */
export async function entriesOfUser(knex: Knex, userId: string): Promise<Map<string, string[]>> {
  const rows: { entry_id: string; competition_id: string }[] = await knex(entryOwnersTable)
    .where({ user_id: userId })
    .orderBy(['competition_id', 'entry_id'])
    .select('entry_id', 'competition_id')
  const byCompetition = new Map<string, string[]>()
  for (const row of rows) {
    const entries = byCompetition.get(row.competition_id)
    if (entries) entries.push(row.entry_id)
    else byCompetition.set(row.competition_id, [row.entry_id])
  }
  return byCompetition
}

const pageSize = 1000

/**
 * Reads the entries the log holds beyond the last position read into `entry_owners` (all of
 * them the first time, and after a restore), at start: entries made before the table existed,
 * or whose row an append without transactions (EventStoreDB) failed to write. Two instances
 * starting at once write the same rows, which the key keeps once.
 */
export async function keepEntryOwnersPastLog(deps: {
  readonly store: Pick<EventStore, 'readAll'>
  readonly knex: Knex
  readonly logger: Logger
}): Promise<{ readonly added: number }> {
  const { store, knex } = deps
  const row = await knex('entry_owners_floor').first<{ position: string | null } | undefined>('position')
  let from: Position | 'start' = row?.position ? positionFromString(row.position) : 'start'
  const filter = { streamPrefixes: [competitionStreamPrefix], eventTypes: [...creations] }
  let added = 0
  for (;;) {
    const page = await store.readAll({ from, limit: pageSize, filter })
    const owners = page.flatMap((event) => ownerIn(event) ?? [])
    if (owners.length > 0) {
      const inserted = await insertOwners(knex, owners).returning('entry_id')
      added += inserted.length
    }
    const last = page.at(-1)
    if (last) from = last.position
    if (page.length < pageSize) break
  }
  await knex('entry_owners_floor')
    .insert({ singleton: true, position: from === 'start' ? null : positionToString(from) })
    .onConflict('singleton')
    .merge()
  if (added > 0) deps.logger.info({ added }, 'entries read from the log into entry_owners')
  return { added }
}
