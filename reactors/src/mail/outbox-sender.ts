import { randomInt, randomUUID } from 'node:crypto'
import type { Mailer } from '@prizes/command-service/use-cases'
import { counter, type Logger } from '@prizes/platform'
import type { Knex } from 'knex'

/** The error is kept for the admin's Email System tab; its start is enough. */
const maxErrorLength = 2000
/**
 * The first key of the advisory lock each sender holds while it lives (the second is its
 * `lease_holder`): 'mail' in ASCII. A lease whose holder's lock is free belongs to a sender
 * that died, and its rows are due again at once rather than when the lease runs out.
 */
export const mailSenderLockClass = 0x6d61696c

const sendAttempts = counter({
  name: 'prizes_email_send_attempts_total',
  help: 'Emails handed to SMTP by this process, by outcome: sent, retry (refused, tried again later) or failed (gave up)',
  labelNames: ['outcome'],
})

export interface MailSenderOptions {
  readonly knex: Knex
  readonly mailer: Mailer
  readonly logger: Logger
  /** The clock of leases and retries; tests move it instead of waiting. */
  readonly now?: () => Date
  /** How long a leased email is this sender's alone; after that another sender may take it. */
  readonly leaseMs?: number
  /** A send still running after this counts as failed (and may go out twice); below `leaseMs`. */
  readonly sendTimeoutMs?: number
  /** The wait after the first failed attempt; it doubles per attempt up to `maxRetryDelayMs`. */
  readonly retryDelayMs?: number
  readonly maxRetryDelayMs?: number
  /** After this many attempts the email is marked failed (and stays listed as such). */
  readonly maxAttempts?: number
  /** Emails leased and sent at once. */
  readonly batchSize?: number
}

export interface MailSender {
  /** Leases the emails due now (one batch), sends them and records each outcome; how many it leased. */
  sendDue(): Promise<number>
  /** Gives back the connection that holds this sender's lock (its leases then count as dead). */
  close(): Promise<void>
}

export interface RunningMailSender {
  /** Looks for due emails now, rather than at the next poll. */
  wake(): void
  /** Finishes the sends under way and stops. */
  stop(): Promise<void>
}

/** A row a sender holds: `lease_token` names the lease, so a late sender cannot record over another. */
export interface LeasedEmail {
  readonly id: string
  readonly template: string
  readonly recipient: string
  readonly subject: string
  readonly html: string | null
  readonly text_body: string | null
  readonly headers: Record<string, string> | null
  /** Counting this one. */
  readonly attempts: number
}

/** The wait before the next attempt after `attempts` failed ones: doubling, capped. */
export function retryDelay(attempts: number, initialMs: number, maxMs: number): number {
  return Math.min(maxMs, initialMs * 2 ** Math.min(Math.max(attempts - 1, 0), 30))
}

export interface Lease {
  readonly now: Date
  readonly leaseMs: number
  readonly limit: number
  /** Names this batch: only its sender records the outcomes. */
  readonly token: string
  /** The sender: the second key of the advisory lock it holds (`mailSenderLockClass`). */
  readonly holder: number
}

/**
 * Leases up to `limit` due emails for `leaseMs`, counting the attempt. One statement:
 * `for update skip locked` keeps two senders from taking the same row. A leased row is due again
 * once its lease has run out (its sender hangs) or its holder's advisory lock is free (its
 * sender died: PostgreSQL released the lock with the connection), whichever comes first.
 */
export async function leaseDueEmails(knex: Knex, lease: Lease, connection?: unknown): Promise<LeasedEmail[]> {
  const { now, leaseMs, limit, token, holder } = lease
  const query = knex.raw<{ rows: LeasedEmail[] }>(
    `with due as (
       select o.id from mail_outbox o
        where o.status = 'pending' and o.next_attempt_at <= ?
          and (o.leased_until is null or o.leased_until <= ?
               or not exists (
                 select 1 from pg_locks l
                  where l.locktype = 'advisory' and l.granted and l.objsubid = 2
                    and l.database = (select oid from pg_database where datname = current_database())
                    and l.classid = ?::int::oid and l.objid = o.lease_holder::oid))
        order by o.next_attempt_at, o.id
        limit ?
        for update of o skip locked
     )
     update mail_outbox m
        set leased_until = ?, lease_token = ?, lease_holder = ?, attempts = m.attempts + 1,
            last_attempt_at = ?
       from due
      where m.id = due.id
     returning m.id, m.template, m.recipient, m.subject, m.html, m.text_body, m.headers, m.attempts`,
    [now, now, mailSenderLockClass, limit, new Date(now.getTime() + leaseMs), token, holder, now],
  )
  const result = await (connection === undefined ? query : query.connection(connection))
  return result.rows
}

/**
 * Sends what the reactors queued in `mail_outbox`, at least once each. Any number of senders
 * (one per process) share the table: each batch is leased by `leaseDueEmails`, and the lease
 * keeps its rows this sender's while sending. A sender that dies holding a lease leaves its rows
 * pending, and they are due again as soon as its advisory lock is gone (at the latest when the
 * lease runs out). So a crash can repeat an email (sent, but not yet marked) and never loses one.
 *
 * A refused send is retried after a doubling delay (`retryDelayMs`, capped), its attempts, error
 * and next attempt recorded; after `maxAttempts` the row is marked failed and stays listed.
 */
export function createMailSender(options: MailSenderOptions): MailSender {
  const { knex, mailer } = options
  const now = options.now ?? (() => new Date())
  const logger = options.logger.child({ component: 'mail-sender' })
  const leaseMs = options.leaseMs ?? 5 * 60_000
  const sendTimeoutMs = options.sendTimeoutMs ?? Math.min(60_000, leaseMs / 2)
  const retryDelayMs = options.retryDelayMs ?? 30_000
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 60 * 60_000
  const maxAttempts = options.maxAttempts ?? 10
  const batchSize = options.batchSize ?? 10
  const holder = randomInt(1, 2 ** 31 - 1)

  /**
   * A connection of its own holds the sender's advisory lock for as long as it lives, and leases
   * are taken on it: a lease is only ever taken while the lock is held. If the connection breaks
   * the lease fails, and the next attempt takes a new connection and the lock again.
   */
  let session: unknown
  const pool = knex.client as {
    acquireConnection(): Promise<unknown>
    releaseConnection(connection: unknown): Promise<void>
  }
  async function lockSession(): Promise<unknown> {
    if (session !== undefined) return session
    const connection = await pool.acquireConnection()
    try {
      await knex.raw('select pg_advisory_lock(?, ?)', [mailSenderLockClass, holder]).connection(connection)
    } catch (error) {
      await pool.releaseConnection(connection)
      throw error
    }
    session = connection
    return connection
  }
  async function releaseSession(): Promise<void> {
    const connection = session
    session = undefined
    if (connection === undefined) return
    await knex
      .raw('select pg_advisory_unlock(?, ?)', [mailSenderLockClass, holder])
      .connection(connection)
      .catch(() => {})
    await pool.releaseConnection(connection)
  }

  async function sendWithin(email: LeasedEmail): Promise<void> {
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`No answer from SMTP in ${sendTimeoutMs} ms`)), sendTimeoutMs)
    })
    const mail = {
      to: email.recipient,
      subject: email.subject,
      html: email.html ?? '',
      text: email.text_body ?? '',
      ...(email.headers ? { headers: email.headers } : {}),
    }
    try {
      await Promise.race([mailer.send(mail), timeout])
    } finally {
      clearTimeout(timer)
    }
  }

  /** Sends one leased email and records the outcome, if the lease is still this sender's. */
  async function deliver(email: LeasedEmail, token: string): Promise<void> {
    const log = logger.child({ emailId: email.id, template: email.template, attempt: email.attempts })
    try {
      await sendWithin(email)
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, maxErrorLength)
      const gaveUp = email.attempts >= maxAttempts
      const at = now()
      const next = new Date(at.getTime() + retryDelay(email.attempts, retryDelayMs, maxRetryDelayMs))
      log.warn({ err: error, gaveUp, nextAttemptAt: gaveUp ? null : next }, 'sending an email failed')
      sendAttempts.inc({ outcome: gaveUp ? 'failed' : 'retry' })
      await knex('mail_outbox')
        .where({ id: email.id, lease_token: token })
        .update({
          status: gaveUp ? 'failed' : 'pending',
          failed_at: gaveUp ? at : null,
          next_attempt_at: next,
          last_error: message,
          leased_until: null,
          lease_token: null,
          lease_holder: null,
        })
      return
    }
    log.info('email sent')
    sendAttempts.inc({ outcome: 'sent' })
    // The body is no longer needed; the row stays as the record that the email went.
    await knex('mail_outbox').where({ id: email.id, lease_token: token }).update({
      status: 'sent',
      sent_at: now(),
      html: null,
      text_body: null,
      headers: null,
      leased_until: null,
      lease_token: null,
      lease_holder: null,
    })
  }

  return {
    async sendDue() {
      const token = randomUUID()
      const lease = { now: now(), leaseMs, limit: batchSize, token, holder }
      const batch = await leaseDueEmails(knex, lease, await lockSession()).catch(async (error: unknown) => {
        await releaseSession()
        throw error
      })
      // Each outcome is recorded on its own: one the database refused is left to its lease.
      const outcomes = await Promise.allSettled(batch.map((email) => deliver(email, token)))
      for (const outcome of outcomes) {
        if (outcome.status === 'rejected')
          logger.error({ err: outcome.reason }, 'could not record an email; its lease will expire')
      }
      return batch.length
    },
    close: releaseSession,
  }
}

/**
 * Runs a sender until stopped: a full batch is followed by the next at once, else it waits
 * `pollMs` (for other processes' emails and retries coming due) or until woken by a reactor of
 * this process queueing an email.
 */
export function startMailSender(
  options: MailSenderOptions & { readonly pollMs?: number },
): RunningMailSender {
  const sender = createMailSender(options)
  const logger = options.logger.child({ component: 'mail-sender' })
  const pollMs = options.pollMs ?? 1000
  const batchSize = options.batchSize ?? 10
  let stopped = false
  let woken = false
  let wakeUp: (() => void) | undefined
  const idle = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || stopped) return resolve()
      const timer = setTimeout(done, ms)
      function done() {
        clearTimeout(timer)
        wakeUp = undefined
        resolve()
      }
      wakeUp = done
    })

  async function run(): Promise<void> {
    let failures = 0
    while (!stopped) {
      woken = false
      try {
        const leased = await sender.sendDue()
        failures = 0
        if (leased < batchSize) await idle(pollMs)
      } catch (error) {
        failures += 1
        logger.error({ err: error, failures }, 'could not lease emails; trying again')
        woken = false
        await idle(Math.min(30_000, pollMs * 2 ** Math.min(failures, 5)))
      }
    }
  }

  const running = run()
  return {
    wake() {
      woken = true
      wakeUp?.()
    },
    async stop() {
      stopped = true
      wakeUp?.()
      await running
      await sender.close()
    },
  }
}
