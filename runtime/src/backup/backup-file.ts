import { createReadStream, createWriteStream } from 'node:fs'
import { access } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { type EventStoreKind, migrateCommandTables, migrateReactorTables } from '@prizes/command-service'
import type { EventStore } from '@prizes/event-store'
import { allProjections, type RebuildSummary, rebuildProjections } from '@prizes/projections'
import { migrateReadModels } from '@prizes/read-models'
import type { Knex } from 'knex'
import { writeBackup } from './backup'
import { checkPassphrase, decryptBackup, encryptBackup, linesOf } from './backup-crypto'
import { type RestoreSummary, restoreBackup, verifyBackup } from './restore'

/**
 * The encrypted file's lines, decrypted and checked chunk by chunk, read afresh on each call
 * (restore reads it more than once: to verify, then to load).
 */
export function fileLines(file: string, passphrase: string): () => AsyncIterable<string> {
  return () => linesOf(decryptBackup(createReadStream(file), passphrase))
}

export class BackupFileMissing extends Error {
  constructor(file: string) {
    super(`No backup file at ${file}`)
    this.name = 'BackupFileMissing'
  }
}

/** `npm run backup`: the same file `POST /api/admin/backup` downloads, written to `file`. */
export async function backupToFile(options: {
  readonly store: EventStore
  readonly knex: Knex
  readonly file: string
  /** The operator's passphrase the file is encrypted with (at least 12 characters). */
  readonly passphrase: string
}): Promise<void> {
  checkPassphrase(options.passphrase)
  const eventStore: EventStoreKind = options.store.transaction ? 'postgres' : 'eventstoredb'
  await migrateCommandTables(options.knex)
  await migrateReactorTables(options.knex)
  await pipeline(
    Readable.from(
      encryptBackup(
        writeBackup({ store: options.store, knex: options.knex, eventStore }),
        options.passphrase,
      ),
    ),
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
  /** The passphrase the backup was encrypted with. */
  readonly passphrase: string
  readonly onProgress?: (progress: { events: number; total: number }) => void
}): Promise<RestoreSummary & { rebuild: RebuildSummary }> {
  const { store, knex, file, passphrase } = options
  await access(file).catch(() => {
    throw new BackupFileMissing(file)
  })
  // Refuse a damaged file before touching any table.
  await verifyBackup(fileLines(file, passphrase))
  await store.migrate()
  await migrateCommandTables(knex)
  await migrateReactorTables(knex)
  await migrateReadModels(knex)
  const restored = await restoreBackup({
    store,
    knex,
    lines: fileLines(file, passphrase),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  })
  const rebuild = await rebuildProjections({ store, knex, projections: allProjections, names: 'all' })
  return { ...restored, rebuild }
}
