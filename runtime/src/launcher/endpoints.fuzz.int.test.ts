import { type Endpoint, type EndpointName, endpoints } from '@prizes/contracts'
import { answerText } from '@prizes/platform/testing'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Body, body, pathSegment, queryString } from './fuzz/requests'
import {
  competitionForm,
  entrySubmission,
  type PlatformUnderTest,
  testPerson as person,
  startPlatformUnderTest,
} from './testing/platform-under-test'

/**
 * The property: whatever arrives at an endpoint of the table (malformed ids, query strings and
 * bodies, signed in or not, as a user or an admin), the platform answers with the error body
 * and a status below 500. Every request goes through the gateway to the real services on a real
 * PostgreSQL. The seed is fixed so a failure repeats (fast-check prints it with the failing
 * request); FUZZ_SEED and FUZZ_RUNS change it.
 */
const seed = Number(process.env.FUZZ_SEED ?? 20_240_610)
const runsPerEndpoint = Number(process.env.FUZZ_RUNS ?? 40)
/** FUZZ_VERBOSE=1 prints how each endpoint answered, to see how deep the requests got. */
const verbose = process.env.FUZZ_VERBOSE === '1'

let platform: PlatformUnderTest
/** A user of its own for the admin user commands, which may edit and delete them. */
let fuzzedUserId: string
beforeAll(async () => {
  platform = await startPlatformUnderTest('endpoint_fuzz')
  const guest = await platform.call('POST', '/api/auth/create-guest-account', {
    ...person,
    email: 'fuzz-admin-target@example.com',
    dateOfBirth: '1990-01-01',
    tempPassword: 'Secret123',
    source: 'competition_entry',
  })
  fuzzedUserId = (guest.body.user as { id: string }).id
}, 120_000)
afterAll(() => platform?.stop())

/** A valid body for each endpoint that takes one; the generators mutate it. */
function sampleBody(name: EndpointName): Record<string, unknown> | undefined {
  const { competitionId, paymentIntentId } = platform
  switch (name) {
    case 'register':
      return {
        ...person,
        email: 'fuzz-register@example.com',
        password: 'Secret123',
        dateOfBirth: '1990-01-01',
      }
    case 'login':
    case 'loginForEntry':
      return { email: person.email, password: 'Secret123' }
    case 'updateProfile':
      return { firstName: 'Ada', lastName: 'Lovelace', phone: person.phone, address: person.address }
    case 'changePassword':
      // Never the right current password: a change would end the session every later endpoint uses.
      return { currentPassword: 'Wrong1234', newPassword: 'Secret456', confirmPassword: 'Secret456' }
    case 'resendVerification':
    case 'forgotPassword':
    case 'checkEmail':
      return { email: person.email }
    case 'createGuestAccount':
      return {
        ...person,
        email: 'fuzz-guest@example.com',
        dateOfBirth: '1990-01-01',
        tempPassword: 'Secret123',
        source: 'competition_entry',
      }
    case 'resetPassword':
      return { token: 'not-a-token', password: 'Secret123', confirmPassword: 'Secret123' }
    case 'createPaymentIntent':
    case 'submitEntry':
      return entrySubmission(competitionId)
    case 'confirmPayment':
      return { paymentIntentId }
    case 'confirmTestPayment':
      return { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }
    case 'adminCreateCompetition':
    case 'adminUpdateCompetition':
      return {
        ...competitionForm('Fuzzed'),
        start_date: new Date().toISOString(),
        end_date: new Date(Date.now() + 86_400_000).toISOString(),
        location: 'UK Wide',
      }
    case 'adminSetCompetitionStatus':
      return { status: 'closed', reason: 'fuzz' }
    case 'adminSetCompetitionFeatured':
      return { featured: false }
    // Test mails go to the platform's own MailDev, so a valid recipient reaches the send.
    case 'emailDirectTest':
    case 'emailTestAllTemplates':
      return { recipient: 'fuzz-mail@example.com' }
    case 'emailTestEntryConfirmation':
      return {
        email: 'fuzz-mail@example.com',
        firstName: 'Ada',
        competitionTitle: 'Fuzzed',
        numberOfEntries: 2,
        totalCost: 5,
      }
    case 'adminUpdateUser':
      return { ...person, email: 'fuzz-admin-target@example.com' }
    case 'adminBanUser':
    case 'adminUnbanUser':
    case 'adminClearUserReview':
    case 'adminPromoteUser':
    case 'adminDemoteUser':
    case 'adminRefundEntry':
      return { reason: 'fuzz' }
    case 'adminUpdateSettings':
      // Never maintenance or registrations: the endpoints fuzzed after this one must stay open.
      return { emailNotifications: true, reason: 'fuzz' }
    // Refused on this test database (not the embedded one), so the fuzz never wipes it.
    case 'adminResetDatabase':
      return { confirm: 'RESET' }
    default:
      return undefined
  }
}

/** Valid values for a path parameter of an endpoint. */
function validParams(name: EndpointName, param: string): string[] {
  if (param === 'paymentIntentId') return [platform.paymentIntentId]
  if (param === 'token') return ['not-a-token']
  if (param === 'file') return ['reference.js', 'swagger-ui.css']
  if (endpoints[name].path.startsWith('/api/admin/user')) return [fuzzedUserId]
  // Admin commands change (and may delete) their own competition; reads use the entries one.
  return name.startsWith('admin') && endpoints[name].method !== 'GET'
    ? [platform.adminCompetitionId]
    : [platform.competitionId]
}

function encodeBody(sent: Body): { headers: Record<string, string>; body?: string | FormData } {
  switch (sent.kind) {
    case 'json':
      return { headers: { 'content-type': 'application/json' }, body: sent.text }
    case 'raw':
      return { headers: sent.contentType ? { 'content-type': sent.contentType } : {}, body: sent.text }
    case 'multipart': {
      const form = new FormData()
      for (const [key, value] of Object.entries(sent.fields)) form.append(key, value)
      if (sent.image) form.append('image', new Blob([new Uint8Array(sent.image)]), 'image.png')
      return { headers: {}, body: form }
    }
  }
}

/** Who sends it; mostly whoever the endpoint serves, so requests get past authentication. */
function who(endpoint: Endpoint) {
  const adminOnly = endpoint.path.startsWith('/api/admin') || endpoint.path.startsWith('/api/email')
  const main = adminOnly ? ('admin' as const) : ('user' as const)
  return fc.oneof(
    { arbitrary: fc.constant(main), weight: 4 },
    fc.constantFrom(
      'nobody' as const,
      'forged' as const,
      main === 'admin' ? ('user' as const) : ('admin' as const),
    ),
  )
}

function requestFor(name: EndpointName, endpoint: Endpoint) {
  const params = [...endpoint.path.matchAll(/:(\w+)/g)].map((found) => found[1] ?? '')
  const hasBody = endpoint.method !== 'GET'
  return fc.record({
    segments: fc.tuple(...params.map((param) => pathSegment(validParams(name, param)))),
    query: fc.oneof({ arbitrary: fc.constant(''), weight: 2 }, queryString),
    body: hasBody
      ? fc.option(body(endpoint, sampleBody(name)), { nil: undefined, freq: 8 })
      : fc.constant(undefined),
    who: who(endpoint),
  })
}

describe('every endpoint of the table, fuzzed', () => {
  const entries = Object.entries(endpoints) as [EndpointName, Endpoint][]
  it.each(entries)(
    '%s answers no 5xx to malformed requests',
    async (name, endpoint) => {
      const statuses = new Map<number, number>()
      const property = fc.asyncProperty(requestFor(name, endpoint), async (request) => {
        let segment = 0
        const route = endpoint.path.replace(/:\w+/g, () => request.segments[segment++] ?? '')
        const url = `${platform.url}${route}${request.query}`
        const encoded = request.body ? encodeBody(request.body) : { headers: {} }
        const token = { ...platform.tokens, nobody: '', forged: 'e30.e30.x' }[request.who]
        const response = await fetch(url, {
          method: endpoint.method,
          headers: { ...encoded.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
          ...(encoded.body === undefined ? {} : { body: encoded.body }),
        })
        const text = await answerText(response)
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
        const summary = `${endpoint.method} ${route}${request.query} as ${request.who} -> ${response.status} ${text.slice(0, 300)}`
        expect(response.status, summary).toBeLessThan(500)
        if (response.status >= 400) {
          expect(JSON.parse(text), summary).toMatchObject({ success: false, code: expect.any(String) })
        }
      })
      // The failure names the seed (give it as FUZZ_SEED to repeat the run) and the request.
      // endOnFailure: the platform keeps state, so shrinking would replay against a changed one.
      await fc.assert(property, { seed, numRuns: runsPerEndpoint, endOnFailure: true })
      if (verbose) console.log(name, Object.fromEntries(statuses))
    },
    120_000,
  )
})
