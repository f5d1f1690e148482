import { createReadStream, createWriteStream } from 'node:fs'
import { access } from 'node:fs/promises'
import { createInterface } from 'node:readline'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  type EventStoreKind,
  migrateCommandTables,
  migrateReactorTables,
  type RestoreSummary,
  restoreBackup,
  verifyBackup,
  writeBackup,
} from '@prizes/command-service'
import type { EventStore } from '@prizes/event-store'
import {
  allProjections,
  migrateReadModels,
  type RebuildSummary,
  rebuildProjections,
} from '@prizes/projections'
import type { Knex } from 'knex'

/** The file's lines, read afresh on each call (restore reads it twice: to verify, then to load). */
export function fileLines(file: string): () => AsyncIterable<string> {
  return () => createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY })
}

export class BackupFileMissing extends Error {
  constructor(file: string) {
    super(`No backup file at ${file}`)
    this.name = 'BackupFileMissing'
  }
}

/** `npm run backup`: the same file `GET /api/admin/backup` downloads, written to `file`. */
export async function backupToFile(options: {
  readonly store: EventStore
  readonly knex: Knex
  readonly file: string
}): Promise<void> {
  const eventStore: EventStoreKind = options.store.transaction ? 'postgres' : 'eventstoredb'
  await migrateCommandTables(options.knex)
  await migrateReactorTables(options.knex)
  await pipeline(
    Readable.from(writeBackup({ store: options.store, knex: options.knex, eventStore })),
    createWriteStream(options.file, { flags: 'wx' }),
  )
}

/**
 * `npm run restore`: checks the file's checksum, loads it into the empty store and command
 * tables, then rebuilds every read model from the restored log.
 */
export async function restoreFromFile(options: {
  readonly store: EventStore & { migrate(): Promise<void> }
  readonly knex: Knex
  readonly file: string
  readonly onProgress?: (progress: { events: number; total: number }) => void
}): Promise<RestoreSummary & { rebuild: RebuildSummary }> {
  const { store, knex, file } = options
  await access(file).catch(() => {
    throw new BackupFileMissing(file)
  })
  // Refuse a damaged file before touching any table.
  await verifyBackup(fileLines(file))
  await store.migrate()
  await migrateCommandTables(knex)
  await migrateReactorTables(knex)
  await migrateReadModels(knex)
  const restored = await restoreBackup({
    store,
    knex,
    lines: fileLines(file),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  })
  const rebuild = await rebuildProjections({ store, knex, projections: allProjections, names: 'all' })
  return { ...restored, rebuild }
}
