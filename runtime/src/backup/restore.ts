import { createHash } from 'node:crypto'
import {
  comparePositions,
  type EventStore,
  type EventStoreTransaction,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  positionFromString,
  positionToString,
} from '@prizes/event-store'
import type { Knex } from 'knex'
import {
  type BackedUpTable,
  type BackupEvent,
  type BackupHeader,
  type BackupLine,
  type BackupTrailer,
  backedUpTableNames,
  backedUpTables,
  backupFormat,
  backupVersion,
  decodeRow,
} from './backup-format'

/** The file is not a whole, unaltered backup; nothing was restored. */
export class InvalidBackup extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'InvalidBackup'
  }
}

/** The target already holds data; nothing was restored. */
export class RestoreTargetNotEmpty extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'RestoreTargetNotEmpty'
  }
}

/** Lines of the file without their `\n`, read afresh on each call (the file is read twice). */
export type BackupLines = () => AsyncIterable<string>

export interface VerifiedBackup {
  readonly header: BackupHeader
  readonly events: number
  readonly rows: number
}

function parseLine(text: string, number: number): unknown {
  try {
    return JSON.parse(text)
  } catch {
    throw new InvalidBackup(`Line ${number} is not JSON: the file is damaged`)
  }
}

/**
 * Reads the whole file once and checks its trailer: the SHA-256 of every line before it and the
 * counts. A file cut short (no trailer), edited, or not a backup at all is refused with why.
 */
export async function verifyBackup(lines: BackupLines): Promise<VerifiedBackup> {
  const hash = createHash('sha256')
  let header: BackupHeader | undefined
  let trailer: BackupTrailer | undefined
  let events = 0
  let rows = 0
  let number = 0
  for await (const text of lines()) {
    number += 1
    if (trailer) throw new InvalidBackup(`Line ${number} follows the end line: the file has extra content`)
    if (text === '') continue
    const value = parseLine(text, number) as { kind?: unknown }
    if (number === 1) {
      const first = value as Partial<BackupHeader>
      if (first.kind !== 'header' || first.format !== backupFormat)
        throw new InvalidBackup(
          'This file is not a prize platform backup (its first line is not a backup header)',
        )
      if (first.version !== backupVersion)
        throw new InvalidBackup(
          `This backup is format version ${String(first.version)}; this platform reads ${backupVersion}`,
        )
      header = first as BackupHeader
    }
    if (value.kind === 'end') {
      trailer = value as BackupTrailer
      continue
    }
    hash.update(`${text}\n`)
    if (value.kind === 'event') events += 1
    else if (value.kind === 'row') rows += 1
    else if (value.kind !== 'header' || number !== 1)
      throw new InvalidBackup(`Line ${number} is not an event, a row or the end line`)
  }
  if (!header) throw new InvalidBackup('The file is empty')
  if (!trailer)
    throw new InvalidBackup(
      'The backup is incomplete: its end line with the checksum is missing (the file was cut short)',
    )
  const sha256 = hash.digest('hex')
  if (trailer.sha256 !== sha256)
    throw new InvalidBackup(
      `The backup is corrupted: its checksum does not match (expected ${String(trailer.sha256)}, computed ${sha256})`,
    )
  if (trailer.events !== events || trailer.rows !== rows)
    throw new InvalidBackup(
      `The backup is corrupted: it promises ${String(trailer.events)} events and ${String(trailer.rows)} rows but holds ${events} and ${rows}`,
    )
  return { header, events, rows }
}

export interface RestoreOptions {
  readonly store: EventStore
  /** The command-side tables (migrated). */
  readonly knex: Knex
  readonly lines: BackupLines
  /** Events appended per transaction. */
  readonly batchSize?: number
  readonly onProgress?: (progress: { events: number; total: number }) => void
  /** How long to wait for the restored log to be readable to its end before giving up. */
  readonly readableWithinMs?: number
}

export interface RestoreSummary {
  readonly events: number
  readonly rows: number
}

/** The restored log could not be read to its end in time; the read models were not rebuilt. */
export class RestoredLogNotReadable extends Error {
  constructor(waitedMs: number) {
    super(
      `The restored events are not all readable after ${waitedMs} ms: another transaction on this PostgreSQL ` +
        'has been open since the restore began. End it, then run npm run rebuild.',
    )
    this.name = 'RestoredLogNotReadable'
  }
}

/** Where a reactor had got to in the old log, and the last restored event at or before it. */
interface ReactorMark {
  readonly old: Position
  last?: { stream: string; revision: bigint }
}

/** Tables that must be empty: anything in them would belong to another platform's users. */
const mustBeEmpty: readonly BackedUpTable[] = ['user_keys', 'user_emails', 'auth_sessions', 'draw_seeds']

async function refuseNonEmpty(store: EventStore, knex: Knex): Promise<void> {
  const first = await store.readAll({ from: 'start', limit: 1 })
  if (first.length > 0)
    throw new RestoreTargetNotEmpty(
      'The event store is not empty: a backup is restored only into an empty one (a new database)',
    )
  for (const table of mustBeEmpty) {
    const row = await knex(table).first()
    if (row)
      throw new RestoreTargetNotEmpty(
        `The table ${table} is not empty: a backup is restored only into a new database`,
      )
  }
}

/** Consecutive events of one stream, appended together. */
function runsOf(events: readonly BackupEvent[]): BackupEvent[][] {
  const runs: BackupEvent[][] = []
  for (const event of events) {
    const run = runs.at(-1)
    if (run?.[0]?.stream === event.stream) run.push(event)
    else runs.push([event])
  }
  return runs
}

function expectedBefore(event: BackupEvent): ExpectedRevision {
  const revision = BigInt(event.revision)
  return revision === 0n ? 'noStream' : revision - 1n
}

const toNew = (event: BackupEvent): NewEvent => ({
  id: event.id,
  type: event.type,
  data: event.data,
  metadata: event.metadata,
})

/** Where a restore writes: one transaction of the store (PostgreSQL), or the store itself. */
interface RestoreSink {
  append: EventStore['append']
  /** After a batch's appends: the time each event was first recorded, where the store keeps it. */
  recorded(events: readonly BackupEvent[]): Promise<void>
  insert(table: BackedUpTable, rows: Record<string, unknown>[]): Promise<void>
  /** The restored log's position of an event, as a string; null when it is not there. */
  positionOf(stream: string, revision: bigint): Promise<string | null>
}

/** Everything in the store's one transaction: a restore that fails part way leaves nothing. */
function transactionSink(tx: EventStoreTransaction, knex: Knex): RestoreSink {
  return {
    append: (stream, events, options) => tx.append(stream, events, options),
    async recorded(events) {
      await tx.query(
        `update events set recorded_at = t.created
         from unnest($1::uuid[], $2::timestamptz[]) as t(id, created)
         where events.event_id = t.id`,
        [events.map((e) => e.id), events.map((e) => e.created)],
      )
    },
    async insert(table, rows) {
      const key: string[] = [...backedUpTables[table].key]
      // Secrets may have been made already by a service that started on the empty database.
      const { sql, bindings } = knex(table).insert(rows).onConflict(key).merge().toSQL().toNative()
      await tx.query(sql, bindings)
    },
    async positionOf(stream, revision) {
      const { rows } = await tx.query<{ position: string }>(
        `select transaction_id::text || '/' || global_position::text as position
         from events where stream_id = $1 and revision = $2`,
        [stream, revision.toString()],
      )
      return rows[0]?.position ?? null
    },
  }
}

/** A store without transactions (EventStoreDB): appended as it goes, the rows after. */
function storeSink(store: EventStore, knex: Knex): RestoreSink {
  return {
    append: (stream, events, options) => store.append(stream, events, options),
    async recorded() {},
    async insert(table, rows) {
      const key: string[] = [...backedUpTables[table].key]
      await knex(table).insert(rows).onConflict(key).merge()
    },
    async positionOf(stream, revision) {
      const [event] = await store.readStream(stream, { from: revision, limit: 1 })
      return event ? positionToString(event.position) : null
    },
  }
}

/**
 * Loads a verified backup into an empty store: every event in the old global order, in its
 * stream at its revision with its id, data and metadata (on PostgreSQL, with its recorded time
 * too); then the command-side rows, reactor checkpoints moved to the same events in the new log.
 * The caller rebuilds the read models afterwards.
 *
 * Atomic on PostgreSQL: the events and the rows are written in one transaction of the store,
 * committed only when the whole file has been read, every chunk's tag checked again as it is
 * read and the trailer's checksum and counts found equal. A file that fails part way (altered
 * after it was verified, a row the tables refuse, a crash) leaves the database as empty as it
 * was, and the restore can simply be run again. EventStoreDB has no transaction spanning
 * appends: there the whole file is verified first, and a restore that still fails part way
 * leaves a store that a second restore refuses as not empty: start again from a new one.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreSummary> {
  const verified = await verifyBackup(options.lines)
  const { store, knex } = options
  await refuseNonEmpty(store, knex)
  const summary = store.transaction
    ? await store.transaction((tx) => load(options, verified, transactionSink(tx, knex)))
    : await load(options, verified, storeSink(store, knex))
  if (summary.lastEvent) await untilReadable(store, summary.lastEvent, options.readableWithinMs ?? 60_000)
  return { events: summary.events, rows: summary.rows }
}

async function load(
  options: RestoreOptions,
  verified: VerifiedBackup,
  sink: RestoreSink,
): Promise<RestoreSummary & { lastEvent: BackupEvent | undefined }> {
  const batchSize = options.batchSize ?? 500

  // Reactor checkpoints come after the events in the file; read them first (few rows).
  const reactors = new Map<string, ReactorMark>()
  for await (const text of options.lines()) {
    if (!text.includes('"reactor_checkpoints"')) continue
    const value = JSON.parse(text) as BackupLine
    if (
      value.kind === 'row' &&
      value.table === 'reactor_checkpoints' &&
      typeof value.row.position === 'string'
    )
      reactors.set(String(value.row.name), { old: positionFromString(value.row.position) })
  }

  let batch: BackupEvent[] = []
  let appended = 0
  let lastEvent: BackupEvent | undefined
  const flush = async () => {
    if (batch.length === 0) return
    const events = batch
    batch = []
    for (const run of runsOf(events)) {
      const first = run[0]
      if (!first) continue
      await sink.append(first.stream, run.map(toNew), { expectedRevision: expectedBefore(first) })
    }
    await sink.recorded(events)
    appended += events.length
    options.onProgress?.({ events: appended, total: verified.events })
  }

  let rows = 0
  const pendingRows = new Map<BackedUpTable, Record<string, unknown>[]>()
  const insertRows = async (table: BackedUpTable) => {
    const waiting = pendingRows.get(table) ?? []
    pendingRows.set(table, [])
    if (waiting.length === 0) return
    await sink.insert(table, waiting)
    rows += waiting.length
  }

  // The file is checked again as it is read: it may have changed since it was verified.
  const hash = createHash('sha256')
  let trailer: BackupTrailer | undefined
  let lines = 0
  for await (const text of options.lines()) {
    if (text === '') continue
    lines += 1
    if (trailer) throw new InvalidBackup('The backup changed while it was being restored: refused')
    const value = parseLine(text, lines) as BackupLine | BackupTrailer
    if (value.kind === 'end') {
      trailer = value
      continue
    }
    hash.update(`${text}\n`)
    if (value.kind === 'event') {
      const old = positionFromString(value.position)
      for (const mark of reactors.values())
        if (comparePositions(old, mark.old) <= 0)
          mark.last = { stream: value.stream, revision: BigInt(value.revision) }
      batch.push(value)
      lastEvent = value
      if (batch.length >= batchSize) await flush()
    } else if (value.kind === 'row') {
      await flush()
      if (!backedUpTableNames.includes(value.table)) throw new InvalidBackup(`Unknown table ${value.table}`)
      const row = decodeRow(value.table, value.row)
      if (value.table === 'reactor_checkpoints') {
        const mark = reactors.get(String(row.name))
        const restored = mark?.last ? await sink.positionOf(mark.last.stream, mark.last.revision) : null
        Object.assign(row, {
          position: restored,
          failing_since: null,
          last_error: null,
          failed_event_id: null,
          failed_position: null,
        })
      }
      const waiting = pendingRows.get(value.table) ?? []
      waiting.push(row)
      pendingRows.set(value.table, waiting)
      if (waiting.length >= batchSize) await insertRows(value.table)
    }
  }
  if (trailer?.sha256 !== hash.digest('hex'))
    throw new InvalidBackup('The backup changed while it was being restored: refused')
  await flush()
  for (const table of backedUpTableNames) await insertRows(table)
  return { events: appended, rows, lastEvent }
}

/**
 * Waits until `$all` readers (the rebuild) see the last restored event. PostgreSQL's store hands
 * out only events of transactions older than every one still open anywhere on the server (see
 * `read-all.ts`), so an unrelated long transaction would otherwise cut the rebuild short.
 */
async function untilReadable(store: EventStore, last: BackupEvent, withinMs: number): Promise<void> {
  if (!store.transaction) return
  const [event] = await store.readStream(last.stream, { from: BigInt(last.revision), limit: 1 })
  if (!event) throw new Error(`The last restored event (${last.id}) is missing from its stream`)
  const before = { commit: event.position.commit, prepare: event.position.prepare - 1n }
  const started = Date.now()
  for (let waitMs = 10; ; waitMs = Math.min(waitMs * 2, 500)) {
    const [next] = await store.readAll({ from: before, limit: 1 })
    if (next?.id === event.id) return
    if (Date.now() - started > withinMs) throw new RestoredLogNotReadable(withinMs)
    await new Promise((resolve) => setTimeout(resolve, waitMs))
  }
}
