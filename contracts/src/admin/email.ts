import { z } from 'zod'
import { formatPence, maxAmountPence, maxEntriesPerPurchase, maxLength, tooLongMessage } from '../bounds'
import { text } from '../text'

/**
 * SPEC sections 3 ("Email status") and 7 ("Email tools"), and the outbox the Email System tab
 * lists. Every call is admin-only; test sends go to the address the admin types, marked as tests.
 */

const emailMessage = 'Please enter a valid email address'

/** An address a test is sent to: trimmed, at most RFC 5321's 254 characters, lower-cased. */
const testAddress = text(maxLength.email, emailMessage, { error: emailMessage })
  .trim()
  .min(1, emailMessage)
  .pipe(z.email(emailMessage))
  .transform((value) => value.toLowerCase())

/** Status: the five fields of the spec, with why a check failed and when it was made. */
export const emailStatus = z.object({
  /** A mail transport is set (SMTP_URL, or the embedded MailDev). */
  configured: z.boolean(),
  /** The SMTP server answered and accepted our credentials, within the time allowed. */
  connection: z.boolean(),
  /** The server accepted our sender address (`MAIL FROM`) in that session. */
  permissions: z.boolean(),
  /** 'MailDev (embedded)', or the SMTP server's host and port (never its credentials). */
  provider: z.string(),
  /** The address mail is sent from. */
  email: z.string(),
  connectionError: z.string().nullable(),
  permissionsError: z.string().nullable(),
  /** When the server was last asked; answers within a few seconds of it reuse that check. */
  checkedAt: z.iso.datetime().nullable(),
})
export type EmailStatus = z.infer<typeof emailStatus>

export const emailStatusResponse = z.object({ success: z.literal(true), status: emailStatus })
export type EmailStatusResponse = z.infer<typeof emailStatusResponse>

const requiredText = (label: string, max: number) =>
  text(max, tooLongMessage(label, max), { error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)

/** POST /api/email/test-entry-confirmation: the entry-confirmation template with these details. */
export const testEntryConfirmationRequest = z.object({
  email: testAddress,
  firstName: requiredText('First name', maxLength.firstName),
  competitionTitle: requiredText('Competition title', maxLength.title),
  numberOfEntries: z
    .number({ error: 'Number of entries must be a whole number' })
    .int('Number of entries must be a whole number')
    .min(1, 'Number of entries must be at least 1')
    .max(maxEntriesPerPurchase, `Number of entries must be at most ${maxEntriesPerPurchase}`),
  /** Pounds. */
  totalCost: z
    .number({ error: 'Total cost must be a number' })
    .finite('Total cost must be a number')
    .min(0, 'Total cost must not be negative')
    .max(maxAmountPence / 100, `Total cost must be at most ${formatPence(maxAmountPence)}`)
    .refine(
      (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
      'Total cost must have at most 2 decimal places',
    ),
})
export type TestEntryConfirmationRequest = z.infer<typeof testEntryConfirmationRequest>

/** POST /api/email/test-all-templates and /api/email/direct-test. */
export const testRecipientRequest = z.object({ recipient: testAddress })
export type TestRecipientRequest = z.infer<typeof testRecipientRequest>

/** One test send: accepted by the SMTP server, or its error. */
export const testSendResult = z.object({
  template: z.string(),
  status: z.enum(['sent', 'failed']),
  error: z.string().nullable(),
})
export type TestSendResult = z.infer<typeof testSendResult>

/** The single-message tests: `success` false (with the error) when the server refused it. */
export const testSendResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  result: testSendResult,
})
export type TestSendResponse = z.infer<typeof testSendResponse>

export const testAllTemplatesResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  summary: z.object({ total: z.number().int().nonnegative(), successful: z.number().int().nonnegative() }),
  results: z.array(testSendResult),
})
export type TestAllTemplatesResponse = z.infer<typeof testAllTemplatesResponse>

/** `suppressed`: held back while email notifications are off (never sent, no body). */
export const outboxStatuses = ['pending', 'sent', 'failed', 'suppressed'] as const
export type OutboxStatus = (typeof outboxStatuses)[number]

/** The outbox list shows this many emails a page, newest first. */
export const emailOutboxPageSize = 20

export const emailOutboxQuery = z.object({
  status: z.enum(outboxStatuses, { message: 'Must be pending, sent, failed or suppressed' }).optional(),
  page: text(6, 'Must be a page number from 1')
    .regex(/^[1-9][0-9]*$/, 'Must be a page number from 1')
    .optional(),
})
export type EmailOutboxQuery = z.infer<typeof emailOutboxQuery>

/** An outbox email's key: an event id, `<template>:<id>` or `test:<id>`. */
export const outboxEmailId = text(maxLength.identifier, 'Must be a valid email id').regex(
  /^[A-Za-z0-9:_-]+$/,
  'Must be a valid email id',
)

/** One email as the Email System tab lists it: never its body. */
export const outboxEmail = z.object({
  id: z.string(),
  template: z.string(),
  status: z.enum(outboxStatuses),
  /** An admin's test send. */
  test: z.boolean(),
  recipient: z.string(),
  subject: z.string(),
  attempts: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastAttemptAt: z.iso.datetime().nullable(),
  nextAttemptAt: z.iso.datetime().nullable(),
  sentAt: z.iso.datetime().nullable(),
  failedAt: z.iso.datetime().nullable(),
  /** A sender holds it right now. */
  sending: z.boolean(),
  /** How often an admin put it back after it failed. */
  resendCount: z.number().int().nonnegative(),
  /** Whether Resend applies: failed, and its body is still there. */
  resendable: z.boolean(),
})
export type OutboxEmail = z.infer<typeof outboxEmail>

export const emailOutboxResponse = z.object({
  success: z.literal(true),
  emails: z.array(outboxEmail),
  page: z.number().int().positive(),
  pageSize: z.literal(emailOutboxPageSize),
  /** Whether a next page exists (no count of every email is taken per request). */
  hasMore: z.boolean(),
})
export type EmailOutboxResponse = z.infer<typeof emailOutboxResponse>

export const resendEmailResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  email: outboxEmail,
})
export type ResendEmailResponse = z.infer<typeof resendEmailResponse>

/** SPEC section 8, the Email System tab's failures, each followed by ': reason'. */
export const emailToolMessages = {
  statusFailed: 'Failed to check email status',
  entryConfirmationFailed: 'Failed to send entry confirmation',
  allTemplatesFailed: 'Failed to test email templates',
  directTestFailed: 'Failed to send direct test',
  outboxFailed: 'Failed to load the email outbox',
  resendFailed: 'Failed to resend email',
} as const
