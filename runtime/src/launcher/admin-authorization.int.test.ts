import { randomUUID } from 'node:crypto'
import {
  type Endpoint,
  type EndpointName,
  endpoints,
  eventPositionHeader,
  readAfterHeader,
} from '@prizes/contracts'
import { createKnex } from '@prizes/platform'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  competitionForm,
  entrySubmission,
  type PlatformUnderTest,
  startPlatformUnderTest,
  testPerson,
} from './testing/platform-under-test'

/**
 * Every admin and email endpoint of the table, called through the gateway on the real platform:
 * signed out it answers 401, as a user 403, and as an admin it does its work (2xx). The list is
 * the table itself, so a new admin endpoint without a request below fails here by name.
 */
let platform: PlatformUnderTest
beforeAll(async () => {
  platform = await startPlatformUnderTest('admin_authorization')
}, 120_000)
afterAll(() => platform?.stop())

interface AdminRequest {
  /** The path with its parameters filled in. */
  readonly route: string
  readonly body?: unknown
}

const isAdminPath = (path: string) => path.startsWith('/api/admin') || path.startsWith('/api/email')
const adminEndpoints = (Object.entries(endpoints) as [EndpointName, Endpoint][]).filter(([, endpoint]) =>
  isAdminPath(endpoint.path),
)

/** Sends JSON (or nothing); the answer's body is JSON, or text for a CSV or NDJSON download. */
async function json(
  method: string,
  route: string,
  body?: unknown,
  token?: string,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${platform.url}${route}`, {
    method,
    headers: {
      ...headers,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await response.text()
  const type = response.headers.get('content-type') ?? ''
  return {
    status: response.status,
    headers: response.headers,
    body: type.includes('application/json') ? JSON.parse(text) : text,
  }
}

/** A competition of its own, for a request that changes or deletes one. */
async function freshCompetition(title: string, status: 'active' | 'draft' = 'active'): Promise<string> {
  const form = { ...competitionForm(title), status }
  const created = await json('POST', '/api/admin/competitions', form, platform.tokens.admin)
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return String((created.body.competition as { id: string }).id)
}

/**
 * A competition that reached its end date below its minimum: it ends a second after it is made,
 * with nothing sold, and the platform's auto-close marks it undersold.
 */
async function undersoldCompetition(): Promise<string> {
  const form = {
    ...competitionForm('To extend'),
    minimum_tickets: 5,
    start_date: new Date(Date.now() - 60_000).toISOString(),
    end_date: new Date(Date.now() + 1000).toISOString(),
  }
  const created = await json('POST', '/api/admin/competitions', form, platform.tokens.admin)
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const id = String((created.body.competition as { id: string }).id)
  await expect
    .poll(
      async () => {
        // The list is paged: searched by the title, the competition is on its first page.
        const route = `${endpoints.adminListCompetitions.path}?search=${encodeURIComponent(form.title)}`
        const list = await json('GET', route, undefined, platform.tokens.admin)
        const rows = (list.body.competitions ?? []) as { id: string; status: string }[]
        return rows.find((row) => row.id === id)?.status
      },
      { timeout: 15_000, interval: 100 },
    )
    .toBe('undersold')
  return id
}

/** A user of their own (a guest), for a request that changes or deletes one. */
async function freshUser(label: string): Promise<string> {
  const guest = await json('POST', '/api/auth/create-guest-account', {
    ...testPerson,
    email: `authz-${label}@example.com`,
    dateOfBirth: '1990-01-01',
    tempPassword: 'Secret123',
    source: 'competition_entry',
  })
  expect(guest.status, JSON.stringify(guest.body)).toBeLessThan(300)
  return String((guest.body.user as { id: string }).id)
}

const recipient = 'authz-mail@example.com'

/** What an admin sends to each endpoint so that it succeeds. */
async function adminRequest(name: EndpointName): Promise<AdminRequest> {
  const { competitionId } = platform
  switch (name) {
    case 'adminAnalytics':
    case 'adminSystem':
    case 'adminGetSettings':
    case 'adminSettingsHistory':
    case 'adminListEntries':
    case 'adminExportEntries':
    case 'adminStats':
    case 'adminListCompetitions':
    case 'adminListUsers':
    case 'adminListContactMessages':
    case 'adminSpendingAlert':
    case 'emailStatus':
      return { route: endpoints[name].path }
    case 'adminUpdateSpendingAlert':
      return { route: endpoints[name].path, body: { thresholdPence: 50_000, reason: 'authorisation test' } }
    case 'adminCompetitionEntries':
    case 'adminExportCompetitionEntries':
    case 'adminCompetitionHistory':
      return { route: endpoints[name].path.replace(':id', competitionId) }
    case 'adminCreateCompetition':
      return { route: endpoints[name].path, body: competitionForm('Created by the authorisation test') }
    case 'adminUpdateCompetition':
      return {
        route: endpoints[name].path.replace(':id', await freshCompetition('To update')),
        body: competitionForm('Updated by the authorisation test'),
      }
    case 'adminDeleteCompetition':
      return { route: endpoints[name].path.replace(':id', await freshCompetition('To delete', 'draft')) }
    case 'adminSetCompetitionStatus':
      return {
        route: endpoints[name].path.replace(':id', await freshCompetition('To close')),
        body: { status: 'closed', reason: 'authorisation test' },
      }
    case 'adminRecordPostalEntry':
      return {
        route: endpoints[name].path.replace(':id', await freshCompetition('To enter by post')),
        body: {
          idempotencyKey: randomUUID(),
          firstName: 'Mary',
          lastName: 'Somerville',
          email: `authz-postal-${randomUUID()}@example.com`,
          address: '3 Jedburgh Road, Scotland',
          dateOfBirth: '1990-01-01',
          answer: competitionForm('x').skill_question.correct,
          receivedAt: new Date().toISOString(),
        },
      }
    case 'adminSetCompetitionFeatured':
      return {
        route: endpoints[name].path.replace(':id', await freshCompetition('To unfeature')),
        body: { featured: false },
      }
    case 'adminGetUser':
    case 'adminResponsiblePlayOfUser': {
      // The platform's own guest: the read model has long caught up with them.
      const profile = await json('GET', '/api/auth/profile', undefined, platform.tokens.user)
      return { route: endpoints[name].path.replace(':id', String(profile.body.user.id)) }
    }
    case 'adminBanUser':
    case 'adminUnbanUser':
    case 'adminClearUserReview':
      return { route: endpoints[name].path.replace(':id', await freshUser(name)), body: { reason: 'test' } }
    case 'adminUpdateUser': {
      const id = await freshUser(name)
      return {
        route: endpoints[name].path.replace(':id', id),
        body: { ...testPerson, firstName: 'Edited', email: `authz-edited-${id}@example.com` },
      }
    }
    case 'adminDeleteUser':
      return { route: endpoints[name].path.replace(':id', await freshUser(name)) }
    case 'adminPromoteUser':
    case 'adminDemoteUser':
      return {
        route: endpoints[name].path.replace(':id', await freshUser(name)),
        body: { reason: 'authorisation test' },
      }
    case 'adminUpdateSettings':
      // Only the email setting: maintenance would close the platform to the other requests.
      return { route: endpoints[name].path, body: { emailNotifications: true, reason: 'authorisation test' } }
    case 'adminOptimiseDatabase':
      return { route: endpoints[name].path }
    case 'adminBackup':
      // Issue 23: the admin's password again, and the passphrase the file is encrypted with.
      return {
        route: endpoints[name].path,
        body: { password: platform.adminPassword, passphrase: 'a long backup passphrase' },
      }
    case 'adminResetDatabase':
      // Refused here for an admin too (409 RESET_NOT_AVAILABLE, checked below): the platform under
      // test runs on an external database, where a reset must never wipe it.
      return { route: endpoints[name].path, body: { confirm: 'RESET' } }
    case 'adminGetEntry':
      return { route: endpoints[name].path.replace(':id', await paidEntryId()) }
    case 'adminRefundEntry':
      return {
        route: endpoints[name].path.replace(':id', await paidEntryId()),
        body: { reason: 'authorisation test' },
      }
    case 'emailTestEntryConfirmation':
      return {
        route: endpoints[name].path,
        body: {
          email: recipient,
          firstName: 'Ada',
          competitionTitle: 'A test prize',
          numberOfEntries: 2,
          totalCost: 5,
        },
      }
    case 'emailTestAllTemplates':
    case 'emailDirectTest':
      return { route: endpoints[name].path, body: { recipient } }
    case 'adminGetContactMessage':
      return { route: endpoints[name].path.replace(':reference', await contactReference()) }
    case 'adminAnswerContactMessage':
      return {
        route: endpoints[name].path.replace(':reference', await contactReference()),
        body: { answer: 'An answer long enough to be sent.' },
      }
    case 'adminCloseContactMessage':
      return { route: endpoints[name].path.replace(':reference', await contactReference()), body: {} }
    case 'adminExtendCompetition':
      return {
        route: endpoints[name].path.replace(':id', await undersoldCompetition()),
        body: { end_date: new Date(Date.now() + 7 * 86_400_000).toISOString(), reason: 'authorisation test' },
      }
    case 'adminEmailOutbox':
      return { route: `${endpoints[name].path}?status=sent` }
    case 'adminResendEmail':
      return { route: endpoints[name].path.replace(':id', await failedEmailId()) }
    case 'adminParkedEvents':
      return { route: `${endpoints[name].path}?status=all` }
    case 'adminRetryParkedEvent':
      return { route: endpoints[name].path.replace(':id', await parkedEventId()) }
    case 'adminResolveParkedEvent':
      return {
        route: endpoints[name].path.replace(':id', await parkedEventId()),
        body: { reason: 'authorisation test' },
      }
    case 'adminTestPaymentEvent':
      // The user's reservation took no money: an admin gets past the checks to the provider's refusal.
      return {
        route: endpoints[name].path.replace(':paymentIntentId', platform.paymentIntentId),
        body: { type: 'charge.refunded' },
      }
    default:
      throw new Error(`No admin request for ${name}: add one so its authorisation is tested`)
  }
}

/** An entry the platform's guest has paid for, on a competition of its own. */
async function paidEntryId(): Promise<string> {
  const competitionId = await freshCompetition('To enter')
  const { user } = platform.tokens
  const intent = await json(
    'POST',
    '/api/entries/create-payment-intent',
    entrySubmission(competitionId),
    user,
  )
  expect(intent.status, JSON.stringify(intent.body)).toBe(200)
  const paymentIntentId = String(intent.body.paymentIntentId)
  const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }
  const paid = await json('POST', `/api/test-payments/${paymentIntentId}/confirm`, card, user)
  expect(paid.status, JSON.stringify(paid.body)).toBe(200)
  const confirmed = await json('POST', '/api/entries/confirm-payment', { paymentIntentId }, user)
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200)
  const entryId = String(confirmed.body.entry.id)
  // The admin endpoints read the entries read model: wait until it shows the paid entry.
  // The allocation happened as the card was paid (the offline provider's success) or at the confirmation.
  const position = confirmed.headers.get(eventPositionHeader) ?? paid.headers.get(eventPositionHeader)
  expect(position).toBeTruthy()
  const shown = await json(
    'GET',
    endpoints.adminGetEntry.path.replace(':id', entryId),
    undefined,
    platform.tokens.admin,
    { [readAfterHeader]: String(position) },
  )
  expect(shown.status, JSON.stringify(shown.body)).toBe(200)
  return entryId
}

/** A contact message sent through the form, once the read model shows it. */
async function contactReference(): Promise<string> {
  const sent = await json('POST', endpoints.contact.path, {
    name: 'Authorisation Test',
    email: 'authz-contact@example.com',
    topic: 'general',
    subject: 'A question',
    message: 'A message long enough to be accepted.',
  })
  expect(sent.status, JSON.stringify(sent.body)).toBe(201)
  const reference = String(sent.body.reference)
  const position = sent.headers.get(eventPositionHeader)
  expect(position).toBeTruthy()
  const shown = await json(
    'GET',
    endpoints.adminGetContactMessage.path.replace(':reference', reference),
    undefined,
    platform.tokens.admin,
    { [readAfterHeader]: String(position) },
  )
  expect(shown.status, JSON.stringify(shown.body)).toBe(200)
  return reference
}

/** A failed outbox row to resend (no endpoint makes one: the embedded mail server accepts all). */
async function failedEmailId(): Promise<string> {
  const knex = createKnex(platform.databaseUrl)
  try {
    const id = randomUUID()
    await knex('mail_outbox').insert({
      id,
      template: 'direct-test',
      recipient,
      subject: 'A failed email',
      text_body: 'Hello',
      status: 'failed',
      attempts: 5,
      last_error: '550 mailbox unavailable',
      created_at: new Date(),
      next_attempt_at: new Date(),
      failed_at: new Date(),
    })
    return id
  } finally {
    await knex.destroy()
  }
}

/**
 * A parked event of the refund reactor: the log's first event, which is no refund, so a retry
 * handles it by doing nothing and succeeds.
 */
async function parkedEventId(): Promise<string> {
  const knex = createKnex(platform.databaseUrl)
  try {
    const first = await knex('events')
      .orderBy('global_position')
      .first<{ event_id: string; stream_id: string; revision: string; type: string }>(
        'event_id',
        'stream_id',
        'revision',
        'type',
      )
    if (!first) throw new Error('the log is empty')
    const [row] = await knex('parked_events')
      .insert({
        consumer: 'payment-refunds',
        event_id: first.event_id,
        position: '0/0',
        stream_id: first.stream_id,
        stream_revision: first.revision,
        event_type: first.type,
        reason: 'authorisation test',
        attempts: 1,
      })
      .onConflict(['consumer', 'event_id'])
      .merge({ resolved_at: null, resolution: null, resolved_by: null, retrying_until: null })
      .returning('id')
    return String(row.id)
  } finally {
    await knex.destroy()
  }
}

describe('every admin and email endpoint', () => {
  it('covers the whole table', () => {
    expect(adminEndpoints.length).toBeGreaterThan(20)
  })

  it.each(adminEndpoints)(
    '%s: signed out 401, as a user 403, as an admin it succeeds',
    async (name, endpoint) => {
      const request = await adminRequest(name)
      const signedOut = await json(endpoint.method, request.route, request.body)
      expect(signedOut.status, JSON.stringify(signedOut.body)).toBe(401)
      const user = await json(endpoint.method, request.route, request.body, platform.tokens.user)
      expect(user.status, JSON.stringify(user.body)).toBe(403)
      const admin = await json(endpoint.method, request.route, request.body, platform.tokens.admin)
      if (name === 'adminResetDatabase') {
        expect(admin).toMatchObject({ status: 409, body: { code: 'RESET_NOT_AVAILABLE' } })
        return
      }
      if (name === 'adminTestPaymentEvent') {
        expect(admin.status, JSON.stringify(admin.body)).toBe(409)
        expect(String(admin.body.message)).toContain('no money was taken')
        return
      }
      expect(admin.status, `${endpoint.method} ${request.route}: ${JSON.stringify(admin.body)}`).toBeLessThan(
        300,
      )
    },
    60_000,
  )
})
