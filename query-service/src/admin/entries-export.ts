import { Readable } from 'node:stream'
import type { Knex } from 'knex'
import { lookUpPeople, type Person } from '../users/directory'
import { entriesCsvHeaderLine, entriesCsvLine } from './csv'
import { type EntryCursor, type EntryFilters, entriesAfter } from './entries'
import { toAdminCompetitionEntry } from './mapper'

/** Rows read (and people looked up) per batch of an export. */
export const defaultExportBatchSize = 1000

/** How many entrants one export keeps opened between batches: bounded, so memory stays flat. */
const recentPeopleLimit = 20_000

/**
 * The people of an export's batches: a repeat entrant is opened once while recent, not once per
 * entry. The oldest are forgotten past `recentPeopleLimit`; an erased user is remembered as absent.
 */
function recentPeople(knex: Knex) {
  const recent = new Map<string, Person | null>()
  return {
    async lookUp(userIds: readonly string[]): Promise<Map<string, Person>> {
      const wanted = [...new Set(userIds)]
      const found = await lookUpPeople(
        knex,
        wanted.filter((userId) => !recent.has(userId)),
      )
      const batch = new Map<string, Person>()
      for (const userId of wanted) {
        const person = recent.has(userId) ? recent.get(userId) : (found.get(userId) ?? null)
        if (person) batch.set(userId, person)
        recent.delete(userId)
        recent.set(userId, person ?? null)
      }
      for (const userId of recent.keys()) {
        if (recent.size <= recentPeopleLimit) break
        recent.delete(userId)
      }
      return batch
    },
  }
}

/** The export's file name: the day it was taken (UTC). */
export const entriesExportFileName = (now: Date) => `entries-${now.toISOString().slice(0, 10)}.csv`

/**
 * SPEC section 9's entries CSV of every entry the filters select, newest first, read in keyset
 * batches with one people lookup per batch: the rows are never all in memory, whatever their number.
 */
export function entriesCsvStream(
  knex: Knex,
  filters: EntryFilters,
  batchSize = defaultExportBatchSize,
): Readable {
  const known = recentPeople(knex)
  async function* lines(): AsyncGenerator<string> {
    yield entriesCsvHeaderLine()
    let after: EntryCursor | undefined
    let number = 0
    for (;;) {
      const rows = await entriesAfter(knex, filters, after, batchSize)
      if (rows.length === 0) return
      const people = await known.lookUp(rows.map((row) => row.user_id))
      let chunk = ''
      for (const row of rows) {
        number += 1
        chunk += entriesCsvLine(toAdminCompetitionEntry(row, people.get(row.user_id)), number)
      }
      yield chunk
      const last = rows.at(-1)
      if (!last || rows.length < batchSize) return
      after = { sortAt: last.sort_at, id: last.id }
    }
  }
  return Readable.from(lines(), { objectMode: false })
}
