import type { OutgoingMail } from '@prizes/command-service/use-cases'
import type { Knex } from 'knex'

const table = 'mail_outbox'
/** PostgreSQL's foreign_key_violation: the user's key went while the email was being queued. */
const foreignKeyViolation = '23503'

/** One email a reactor decided to send. */
export interface QueuedEmail {
  /**
   * What makes it this email and no other: the event it is about, or `<template>:<entry>`. A
   * replayed event queues the same key again, which adds nothing.
   */
  readonly key: string
  readonly template: string
  /** Whose address it goes to; their erasure (the key's deletion) deletes the row. */
  readonly userId: string | null
  readonly mail: OutgoingMail
}

/**
 * `queued`: in the outbox now. `suppressed`: recorded in the outbox as not sent, because email
 * notifications are off and the template is not essential. `already-queued`: a row with the key
 * was there (queued, sent, failed or suppressed). `erased`: the user's key is gone, so nothing
 * may be sent to them.
 */
export type EnqueueResult = 'queued' | 'suppressed' | 'already-queued' | 'erased'

/** The reactors' side of the outbox: they queue, a sender (`outbox-sender.ts`) sends. */
export interface MailOutbox {
  /** Resolves once the email is durably queued (or known to need no queueing). */
  enqueue(email: QueuedEmail): Promise<EnqueueResult>
}

export interface MailOutboxOptions {
  readonly now?: () => Date
  /** Called after an email is queued: the sender of this process looks at once. */
  readonly onQueued?: () => void
  /**
   * Whether an email of this template is to be recorded as suppressed rather than sent (the
   * emailNotifications setting, `mailSuppression`); never, unless given.
   */
  readonly suppress?: (template: string) => Promise<boolean>
}

/**
 * The outbox in the command-side database. A reactor awaits `enqueue` before its checkpoint may
 * move past the event, so an email the reactor decided on is never forgotten by a crash; the
 * insert only happens while the user's key exists (`mail_outbox.user_id` references it), so an
 * erased user is never queued for.
 */
export function createMailOutbox(knex: Knex, options: MailOutboxOptions = {}): MailOutbox {
  const now = options.now ?? (() => new Date())
  return {
    async enqueue({ key, template, userId, mail }) {
      const at = now()
      // A suppressed email is kept as a row without its body: the auditors' record that it was
      // not sent and why, and the key that stops a replay queueing it after all.
      const suppressed = (await options.suppress?.(template)) ?? false
      try {
        const inserted = await knex.raw<{ rows: unknown[] }>(
          `insert into ${table}
             (id, template, user_id, recipient, subject, html, text_body, headers, created_at, next_attempt_at, status)
           select ?::text, ?::text, ?::text, ?::text, ?::text, ?::text, ?::text, ?::jsonb, ?::timestamptz, ?::timestamptz, ?::text
            where ?::text is null or exists (select 1 from user_keys where user_id = ?)
           on conflict (id) do nothing
           returning id`,
          [
            ...[key, template, userId, mail.to, mail.subject],
            ...(suppressed
              ? [null, null, null]
              : [mail.html, mail.text, mail.headers ? JSON.stringify(mail.headers) : null]),
            ...[at, at, suppressed ? 'suppressed' : 'pending', userId, userId],
          ],
        )
        if (inserted.rows.length === 1) {
          if (suppressed) return 'suppressed'
          options.onQueued?.()
          return 'queued'
        }
      } catch (error) {
        if ((error as { code?: unknown }).code === foreignKeyViolation) return 'erased'
        throw error
      }
      const existing = await knex(table).where({ id: key }).first('id')
      return existing ? 'already-queued' : 'erased'
    },
  }
}
