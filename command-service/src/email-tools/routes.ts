import { randomUUID } from 'node:crypto'
import Router from '@koa/router'
import {
  emailOutboxPageSize,
  emailOutboxQuery,
  endpoints,
  type OutboxEmail,
  type TestSendResult,
} from '@prizes/contracts'
import {
  authenticate,
  createKnexSessionStore,
  HttpError,
  jsonBody,
  type PlatformSecrets,
  parseOr400,
  type RateLimit,
  type RateLimiter,
  requireAdmin,
} from '@prizes/platform'
import type { Knex } from 'knex'
import type Koa from 'koa'
import { tooMany, waitFor } from '../auth/rate-limits'
import { respond } from '../auth/routes'
import type { MailTransport, TestEmail, TestMails } from '../mail-port'
import { listOutboxEmails, type OutboxRow, recordTestEmail, resendFailedEmail } from './outbox-admin'
import { createStatusChecker, type StatusCheckerOptions } from './status'

export interface EmailToolsDeps {
  readonly knex: Knex
  readonly secrets: PlatformSecrets
  readonly limiter: RateLimiter
  readonly clock: () => Date
  /** The configured transport; none: the status says so and test sends answer 503. */
  readonly transport: MailTransport | undefined
  /** PUBLIC_URL, for the links in the sample emails. */
  readonly publicUrl: string
  /** The sample emails, rendered from the real templates; none (no transport either): test sends answer 503. */
  readonly testMails?: TestMails
  /** Test sends (of any kind) one admin may make per window. */
  readonly testSendLimit?: RateLimit
  /** A send still running after this is reported as failed. */
  readonly sendTimeoutMs?: number
  readonly status?: StatusCheckerOptions
  /** An email was put back to be sent: the sender of this process looks at once. */
  readonly onResent?: () => void
}

/** Ten test requests an admin per ten minutes: enough to try every tool a few times, never a flood. */
export const defaultTestSendLimit: RateLimit = { max: 10, windowMs: 10 * 60_000 }

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

function toOutboxEmail(row: OutboxRow): OutboxEmail {
  const iso = (value: Date | null) => value?.toISOString() ?? null
  return {
    id: row.id,
    template: row.template,
    status: row.status,
    test: row.test,
    recipient: row.recipient,
    subject: row.subject,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at.toISOString(),
    lastAttemptAt: iso(row.last_attempt_at),
    nextAttemptAt: row.status === 'pending' ? iso(row.next_attempt_at) : null,
    sentAt: iso(row.sent_at),
    failedAt: iso(row.failed_at),
    sending: row.sending,
    resendCount: row.resend_count,
    resendable: row.status === 'failed' && row.has_body,
  }
}

/**
 * SPEC section 7 "Email tools" and the outbox, admin only. Test emails are sent straight through
 * the configured transport, within a timeout, so the admin sees what the SMTP server really said;
 * each is then recorded in the outbox as a finished test row (sent, or failed with its error, and
 * then resendable through the outbox's sender like any other failed email).
 */
export function emailToolsRouter(deps: EmailToolsDeps): Router {
  const { knex, clock, transport } = deps
  const checker = createStatusChecker(transport, { now: clock, ...deps.status })
  const testSendLimit = deps.testSendLimit ?? defaultTestSendLimit
  const sendTimeoutMs = deps.sendTimeoutMs ?? 10_000
  const router = new Router()
  router.use(jsonBody())
  router.use(authenticate({ secret: deps.secrets.jwt, sessions: createKnexSessionStore(deps.knex), clock }))

  /** The transport and the samples, once the admin is within their allowance of test sends. */
  async function allowedToSend(
    ctx: Koa.Context,
    adminId: string,
  ): Promise<{ readonly mail: MailTransport; readonly samples: TestMails }> {
    const samples = deps.testMails
    if (!transport || !samples)
      throw new HttpError(503, 'MAIL_NOT_CONFIGURED', 'No mail transport is configured')
    const verdict = await deps.limiter.hit(`email-test:admin:${adminId}`, testSendLimit, clock())
    if (!verdict.allowed) {
      throw tooMany(
        ctx,
        verdict.retryAfterSeconds,
        `Too many test emails. Please wait ${waitFor(verdict.retryAfterSeconds)} and try again.`,
      )
    }
    return { mail: transport, samples }
  }

  async function sendWithin(mail: MailTransport, email: TestEmail): Promise<TestSendResult> {
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`No answer from the SMTP server within ${sendTimeoutMs} ms`)),
        sendTimeoutMs,
      )
    })
    let error: string | null = null
    try {
      await Promise.race([mail.send(email.mail), timeout])
    } catch (failure) {
      error = messageOf(failure)
    } finally {
      clearTimeout(timer)
    }
    await recordTestEmail(knex, {
      id: `test:${randomUUID()}`,
      template: email.template,
      mail: email.mail,
      error,
      at: clock(),
    })
    return { template: email.template, status: error === null ? 'sent' : 'failed', error }
  }

  const single = (result: TestSendResult, to: string, what: string) => ({
    success: result.status === 'sent',
    message:
      result.status === 'sent'
        ? `${what} sent to ${to}`
        : `The SMTP server did not accept the ${what.toLowerCase()}: ${result.error}`,
    result,
  })

  router.get(endpoints.emailStatus.path, async (ctx) => {
    requireAdmin(ctx)
    respond(ctx, 'emailStatus', { success: true, status: await checker.status() })
  })

  router.post(endpoints.emailTestEntryConfirmation.path, async (ctx) => {
    const admin = requireAdmin(ctx)
    const request = parseOr400(endpoints.emailTestEntryConfirmation.request, ctx.request.body)
    const { mail, samples } = await allowedToSend(ctx, admin.userId)
    const result = await sendWithin(mail, samples.entryConfirmation(request, deps.publicUrl))
    respond(ctx, 'emailTestEntryConfirmation', single(result, request.email, 'Test entry confirmation'))
  })

  router.post(endpoints.emailDirectTest.path, async (ctx) => {
    const admin = requireAdmin(ctx)
    const { recipient } = parseOr400(endpoints.emailDirectTest.request, ctx.request.body)
    const { mail, samples } = await allowedToSend(ctx, admin.userId)
    const result = await sendWithin(mail, samples.direct(recipient, clock()))
    respond(ctx, 'emailDirectTest', single(result, recipient, 'Direct test email'))
  })

  router.post(endpoints.emailTestAllTemplates.path, async (ctx) => {
    const admin = requireAdmin(ctx)
    const { recipient } = parseOr400(endpoints.emailTestAllTemplates.request, ctx.request.body)
    const { mail, samples } = await allowedToSend(ctx, admin.userId)
    // One after another: a test never opens more than one connection to the server at a time.
    const results: TestSendResult[] = []
    for (const email of samples.everyTemplate(recipient, deps.publicUrl, clock())) {
      results.push(await sendWithin(mail, email))
    }
    const successful = results.filter((result) => result.status === 'sent').length
    respond(ctx, 'emailTestAllTemplates', {
      success: successful === results.length,
      message:
        successful === results.length
          ? `All ${results.length} templates sent to ${recipient}`
          : `${successful} of ${results.length} templates sent to ${recipient}`,
      summary: { total: results.length, successful },
      results,
    })
  })

  router.get(endpoints.adminEmailOutbox.path, async (ctx) => {
    requireAdmin(ctx)
    const query = parseOr400(emailOutboxQuery, ctx.query)
    const page = Number(query.page ?? '1')
    const limit = emailOutboxPageSize
    const rows = await listOutboxEmails(knex, {
      status: query.status,
      offset: (page - 1) * limit,
      limit: limit + 1,
      now: clock(),
    })
    respond(ctx, 'adminEmailOutbox', {
      success: true,
      emails: rows.slice(0, limit).map(toOutboxEmail),
      page,
      pageSize: emailOutboxPageSize,
      hasMore: rows.length > limit,
    })
  })

  router.post(endpoints.adminResendEmail.path, async (ctx) => {
    const admin = requireAdmin(ctx)
    const outcome = await resendFailedEmail(knex, String(ctx.params.id), { by: admin.userId, now: clock() })
    switch (outcome.kind) {
      case 'not-found':
        throw new HttpError(404, 'EMAIL_NOT_FOUND', 'Email not found')
      case 'not-failed':
        throw new HttpError(
          409,
          'EMAIL_NOT_FAILED',
          outcome.email.status === 'sent'
            ? 'This email was already sent'
            : 'This email is already waiting to be sent',
        )
      case 'no-body':
        throw new HttpError(409, 'EMAIL_NOT_RESENDABLE', 'This email can no longer be sent again')
      case 'resent':
        deps.onResent?.()
        respond(ctx, 'adminResendEmail', {
          success: true,
          message: 'Email queued to be sent again',
          email: toOutboxEmail(outcome.email),
        })
    }
  })

  return router
}
