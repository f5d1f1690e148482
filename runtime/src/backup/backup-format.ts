import { createHash, type Hash } from 'node:crypto'
import type { EventStoreKind } from '@prizes/command-service'

/**
 * The backup file (issue 11): NDJSON, one JSON value a line, `\n` after each.
 *
 *   {"kind":"header",...}                      what wrote it and when
 *   {"kind":"event",...}                       every event of the log, in global order
 *   {"kind":"row","table":...,"row":{...}}     the command-side rows a restored platform needs
 *   {"kind":"end","events":n,"rows":m,"sha256":"..."}
 *
 * The trailer's SHA-256 is over every byte before it, so a truncated or edited file is refused
 * before anything is restored. Event data and metadata are copied as stored: personal data stays
 * encrypted, and `user_keys` travels with it, or nothing of anyone's personal data could be read
 * after a restore.
 */
export const backupFormat = 'prize-platform-backup'
export const backupVersion = 1

export interface BackupHeader {
  readonly kind: 'header'
  readonly format: typeof backupFormat
  readonly version: number
  readonly createdAt: string
  readonly eventStore: EventStoreKind
}

export interface BackupEvent {
  readonly kind: 'event'
  readonly stream: string
  /** The event's revision in its stream (a decimal string: revisions are 64-bit). */
  readonly revision: string
  /** Its global position in the backed-up log (`commit/prepare`). */
  readonly position: string
  readonly id: string
  readonly type: string
  readonly data: unknown
  readonly metadata: Record<string, unknown>
  readonly created: string
}

export interface BackupRow {
  readonly kind: 'row'
  readonly table: BackedUpTable
  readonly row: Record<string, unknown>
}

export interface BackupTrailer {
  readonly kind: 'end'
  readonly events: number
  readonly rows: number
  readonly sha256: string
}

export type BackupLine = BackupHeader | BackupEvent | BackupRow

/**
 * The command-side tables a backup carries, in the order they are written and restored, with
 * their keys (read in key order, a page at a time) and their jsonb columns.
 *
 * - `platform_secrets`: the JWT key and the key of every keyed hash (search terms in the users
 *   read model, sign-in addresses); without it the rebuilt read models would differ.
 * - `user_keys`: each user's personal-data key (crypto-shredding); without it nobody's name,
 *   email or address can be read.
 * - `user_emails`, `auth_sessions`, `user_tokens`: the unique-email index, each account's
 *   session standing (role, ban, token version) and its pending email links.
 * - `auth_session_ends`: the sessions logged out whose tokens have not expired yet; without it
 *   a logged-out token would work again after a restore.
 * - `draw_seeds`: the secret seeds published competitions committed to; a draw cannot complete
 *   without its seed.
 * - `offline_payment_intents`/`_refunds`: the offline provider's side of each payment (what
 *   Stripe keeps for a live platform), needed to refund an entry paid before the backup.
 * - `idempotency_keys`: the first answer to each money request, so a retry does not pay twice.
 * - `user_erasure_refunds`: the refunds a user's deletion still owes (and those made), which
 *   the erasure reactor settles; its checkpoint is restored past the erasure, so nobody else would.
 * - `spending_months`, `spending_holds`: the monthly spending ledger behind spending limits;
 *   its reactor's checkpoint is restored past what it holds, so nothing else would rebuild it.
 * - `credit_card_months`, `credit_card_payments`: the monthly credit card ledger; a payment
 *   captured before the backup still counts, and a refund after the restore gives it back.
 * - `reactor_checkpoints`: how far each reactor got, mapped to the restored log's positions so
 *   a restored platform does not send every email or refund again.
 * - `parked_events`: the events reactors parked and what admins did about them; the reactors'
 *   checkpoints are restored past them, so an open one would otherwise be forgotten. (Their
 *   `position` names the old log, shown only; a retry finds the event by stream and revision.)
 *
 * Left out, on purpose: rate-limit windows and known sign-in addresses (short-lived guards),
 * the mail outbox (sent mail is history; an unsent one is resent by nobody), the entry
 * reference floor (its position names the old log: the service rebuilds it from the log at
 * start) and the read models and projection checkpoints (rebuilt from the log).
 */
export const backedUpTables = {
  platform_secrets: { key: ['name'], json: [] },
  user_keys: { key: ['user_id'], json: [] },
  user_emails: { key: ['email'], json: [] },
  auth_sessions: { key: ['user_id'], json: [] },
  auth_session_ends: { key: ['session_id'], json: [] },
  user_tokens: { key: ['token_hash'], json: [] },
  draw_seeds: { key: ['competition_id', 'commitment'], json: [] },
  offline_payment_intents: { key: ['id'], json: ['metadata'] },
  offline_payment_refunds: { key: ['id'], json: [] },
  idempotency_keys: { key: ['scope', 'key'], json: ['response'] },
  reactor_checkpoints: { key: ['name'], json: [] },
  parked_events: { key: ['id'], json: [] },
  user_erasure_refunds: { key: ['entry_id'], json: ['actor'] },
  spending_months: { key: ['user_id', 'month'], json: [] },
  spending_holds: { key: ['entry_id'], json: [] },
  credit_card_months: { key: ['user_id', 'month'], json: [] },
  credit_card_payments: { key: ['payment_intent_id'], json: [] },
} as const satisfies Record<string, { key: readonly string[]; json: readonly string[] }>

export type BackedUpTable = keyof typeof backedUpTables
export const backedUpTableNames = Object.keys(backedUpTables) as BackedUpTable[]

/** Bytes and times survive JSON: `{"$bytes": base64}` and `{"$date": iso}`. */
export function encodeValue(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return { $bytes: value.toString('base64') }
  if (value instanceof Date) return { $date: value.toISOString() }
  return value
}

export function decodeValue(value: unknown): unknown {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const tagged = value as Record<string, unknown>
    const keys = Object.keys(tagged)
    if (keys.length === 1 && typeof tagged.$bytes === 'string') return Buffer.from(tagged.$bytes, 'base64')
    if (keys.length === 1 && typeof tagged.$date === 'string') return new Date(tagged.$date)
  }
  return value
}

export function encodeRow(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([column, value]) => [column, encodeValue(value)]))
}

/** A row as the table takes it: bytes and times decoded, jsonb columns as JSON text. */
export function decodeRow(table: BackedUpTable, row: Record<string, unknown>): Record<string, unknown> {
  const json: readonly string[] = backedUpTables[table].json
  return Object.fromEntries(
    Object.entries(row).map(([column, value]) => [
      column,
      json.includes(column) && value !== null ? JSON.stringify(value) : decodeValue(value),
    ]),
  )
}

/** Writes lines and keeps the running checksum and counts for the trailer. */
export class BackupDigest {
  private readonly hash: Hash = createHash('sha256')
  events = 0
  rows = 0

  /** The line, newline included, as written; counted and hashed. */
  line(value: BackupLine): string {
    const text = `${JSON.stringify(value)}\n`
    this.hash.update(text)
    if (value.kind === 'event') this.events += 1
    if (value.kind === 'row') this.rows += 1
    return text
  }

  trailer(): string {
    const end: BackupTrailer = {
      kind: 'end',
      events: this.events,
      rows: this.rows,
      sha256: this.hash.digest('hex'),
    }
    return `${JSON.stringify(end)}\n`
  }
}

/** The file name a backup downloads as: `prize-platform-backup-2026-11-24T12-30-00Z.ndjson.enc` (encrypted). */
export function backupFileName(at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-')
  return `${backupFormat}-${stamp}.ndjson.enc`
}
