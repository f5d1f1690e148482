import type { OutboxStatus } from '@prizes/contracts'
import type { Knex } from 'knex'
import type { OutgoingMail } from '../mail-port'

/**
 * The admin's side of `mail_outbox`: the list the Email System tab pages through, putting a
 * failed email back to be sent, and the record of an admin's test send. Recipients stay as the
 * outbox keeps them (see `0500-mail-outbox.ts`): in clear, and deleted with their user's key.
 */

const table = 'mail_outbox'

export type { OutboxStatus }

/** One email as listed: never its body. */
export interface OutboxRow {
  readonly id: string
  readonly template: string
  readonly status: OutboxStatus
  readonly test: boolean
  readonly recipient: string
  readonly subject: string
  readonly attempts: number
  readonly last_error: string | null
  readonly created_at: Date
  readonly last_attempt_at: Date | null
  readonly next_attempt_at: Date
  readonly sent_at: Date | null
  readonly failed_at: Date | null
  readonly resend_count: number
  /** A sender holds it now. */
  readonly sending: boolean
  /** Its body is still there (a sent email's is cleared). */
  readonly has_body: boolean
}

const listed = (knex: Knex, now: Date) => [
  'id',
  'template',
  'status',
  'test',
  'recipient',
  'subject',
  'attempts',
  'last_error',
  'created_at',
  'last_attempt_at',
  'next_attempt_at',
  'sent_at',
  'failed_at',
  'resend_count',
  knex.raw('coalesce(leased_until > ?, false) as sending', [now]),
  knex.raw('(html is not null or text_body is not null) as has_body'),
]

/**
 * A page of the outbox, newest first, optionally of one status: an index scan
 * (`mail_outbox_newest` or `mail_outbox_status_newest`) of `offset + limit` rows at most.
 */
export async function listOutboxEmails(
  knex: Knex,
  options: { status?: OutboxStatus | undefined; offset: number; limit: number; now: Date },
): Promise<OutboxRow[]> {
  const query = knex(table)
    .select<OutboxRow[]>(listed(knex, options.now))
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .offset(options.offset)
    .limit(options.limit)
  if (options.status) query.where({ status: options.status })
  return query
}

export async function findOutboxEmail(knex: Knex, id: string, now: Date): Promise<OutboxRow | undefined> {
  return knex(table).where({ id }).first<OutboxRow | undefined>(listed(knex, now))
}

export type ResendOutcome =
  | { readonly kind: 'resent'; readonly email: OutboxRow }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'not-failed'; readonly email: OutboxRow }
  | { readonly kind: 'no-body'; readonly email: OutboxRow }

/**
 * Puts a failed email back to be sent now, with a fresh round of attempts; its last error stays
 * until the next attempt. One conditional update: of two admins pressing Resend at once, one
 * puts it back and the other is told it is no longer failed, so it is never queued twice.
 */
export async function resendFailedEmail(
  knex: Knex,
  id: string,
  { by, now }: { by: string; now: Date },
): Promise<ResendOutcome> {
  const updated = await knex(table)
    .where({ id, status: 'failed' })
    .andWhere((where) => where.whereNotNull('html').orWhereNotNull('text_body'))
    .update({
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      failed_at: null,
      resend_count: knex.raw('resend_count + 1'),
      resent_at: now,
      resent_by: by,
    })
  const email = await findOutboxEmail(knex, id, now)
  if (!email) return { kind: 'not-found' }
  if (updated === 1) return { kind: 'resent', email }
  if (email.status !== 'failed') return { kind: 'not-failed', email }
  return { kind: 'no-body', email }
}

/**
 * How long an admin's test email stays listed. The address was typed by an admin and may be no
 * user's, so no erasure would ever reach it: it goes after this.
 */
export const testEmailRetentionDays = 30

/** The error is kept for the tab; its start is enough. */
const maxErrorLength = 2000

/** An admin's test send, already made: its error, or null when the server took it. */
interface TestEmail {
  readonly id: string
  readonly template: string
  readonly mail: OutgoingMail
  readonly error: string | null
  readonly at: Date
}

/**
 * Records an admin's test send, already made, as a finished outbox row: sent (its body cleared,
 * as the sender does), or failed with the server's error and its body, so Resend can send it
 * through the sender. When the address is a user's, the row goes with their key like any other.
 * Finished test rows older than `testEmailRetentionDays` are deleted on the way.
 */
export async function recordTestEmail(knex: Knex, test: TestEmail): Promise<void> {
  const { id, template, mail, error, at } = test
  const sent = error === null
  // Test sends are rate limited per admin, so this deletes a handful of rows at most.
  await knex(table)
    .where('test', true)
    .whereNot('status', 'pending')
    .andWhere('created_at', '<', new Date(at.getTime() - testEmailRetentionDays * 86_400_000))
    .delete()
  try {
    await insertTestEmail(knex, { id, template, mail, error, at, sent })
  } catch (failure) {
    // The user's key went between the lookup and the insert: nothing is kept for them.
    if ((failure as { code?: unknown }).code === foreignKeyViolation) return
    throw failure
  }
}

/** PostgreSQL's foreign_key_violation. */
const foreignKeyViolation = '23503'

async function insertTestEmail(knex: Knex, test: TestEmail & { readonly sent: boolean }): Promise<void> {
  const { id, template, mail, error, at, sent } = test
  await knex.raw(
    `insert into ${table}
       (id, template, user_id, recipient, subject, html, text_body, status, attempts, last_error,
        created_at, next_attempt_at, last_attempt_at, sent_at, failed_at, test)
     select ?::text, ?::text,
            (select k.user_id from user_emails e join user_keys k on k.user_id = e.user_id
              where e.email = lower(?::text)),
            ?::text, ?::text, ?::text, ?::text, ?::text, 1, ?::text,
            ?::timestamptz, ?::timestamptz, ?::timestamptz, ?::timestamptz, ?::timestamptz, true`,
    [
      id,
      template,
      mail.to,
      mail.to,
      mail.subject,
      sent ? null : mail.html,
      sent ? null : mail.text,
      sent ? 'sent' : 'failed',
      error?.slice(0, maxErrorLength) ?? null,
      at,
      at,
      at,
      sent ? at : null,
      sent ? null : at,
    ],
  )
}

export interface EmailCounts {
  readonly pending: number
  readonly failed: number
  /** When the oldest pending email was queued; null when none waits. */
  readonly oldestPendingAt: Date | null
}

/** How many emails wait and how many gave up, for `/api/health`; two index scans. */
export async function countUnsentEmails(knex: Knex): Promise<EmailCounts> {
  const result = await knex.raw<{
    rows: Array<{ pending: number; failed: number; oldest_pending_at: Date | null }>
  }>(`
    select (select count(*) from mail_outbox where status = 'pending')::int as pending,
           (select count(*) from mail_outbox where status = 'failed')::int as failed,
           (select min(created_at) from mail_outbox where status = 'pending') as oldest_pending_at
  `)
  const row = result.rows[0]
  return {
    pending: row?.pending ?? 0,
    failed: row?.failed ?? 0,
    oldestPendingAt: row?.oldest_pending_at ?? null,
  }
}
