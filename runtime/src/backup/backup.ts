import type { EventStoreKind } from '@prizes/command-service'
import { type EventStore, positionToString } from '@prizes/event-store'
import type { Knex } from 'knex'
import {
  BackupDigest,
  backedUpTableNames,
  backedUpTables,
  backupFormat,
  backupVersion,
  encodeRow,
} from './backup-format'

export interface BackupOptions {
  readonly store: Pick<EventStore, 'readAll'>
  /** The command-side tables. */
  readonly knex: Knex
  readonly eventStore: EventStoreKind
  /** Events, and rows, read per query: memory stays bounded whatever the size of the log. */
  readonly batchSize?: number
  readonly now?: Date
}

/**
 * The backup file, a line at a time (see `backup-format.ts`). The log is read first, a page at
 * a time; the command-side rows after it, so every user key an event of the backup needs is in
 * it (a row for a later event does no harm).
 */
export async function* writeBackup(options: BackupOptions): AsyncGenerator<string> {
  const batchSize = options.batchSize ?? 1000
  const digest = new BackupDigest()
  yield digest.line({
    kind: 'header',
    format: backupFormat,
    version: backupVersion,
    createdAt: (options.now ?? new Date()).toISOString(),
    eventStore: options.eventStore,
  })
  let from: Parameters<EventStore['readAll']>[0]['from'] = 'start'
  for (;;) {
    const page = await options.store.readAll({ from, limit: batchSize })
    let chunk = ''
    for (const event of page) {
      chunk += digest.line({
        kind: 'event',
        stream: event.streamId,
        revision: event.revision.toString(),
        position: positionToString(event.position),
        id: event.id,
        type: event.type,
        data: event.data,
        metadata: { ...event.metadata },
        created: event.recordedAt.toISOString(),
      })
    }
    if (chunk) yield chunk
    const last = page.at(-1)
    if (!last || page.length < batchSize) break
    from = last.position
  }
  for (const table of backedUpTableNames) {
    const key: readonly string[] = backedUpTables[table].key
    let after: Knex.Value[] | undefined
    for (;;) {
      const query = options
        .knex(table)
        .select()
        .orderBy([...key])
        .limit(batchSize)
      if (after)
        query.whereRaw(`(${key.map(() => '??').join(', ')}) > (${key.map(() => '?').join(', ')})`, [
          ...key,
          ...after,
        ])
      const rows: Record<string, unknown>[] = await query
      let chunk = ''
      for (const row of rows) chunk += digest.line({ kind: 'row', table, row: encodeRow(row) })
      if (chunk) yield chunk
      const last = rows.at(-1)
      if (!last || rows.length < batchSize) break
      after = key.map((column) => last[column] as Knex.Value)
    }
  }
  yield digest.trailer()
}
