import { randomUUID } from 'node:crypto'
import { type Endpoint, type EndpointName, endpoints } from '@prizes/contracts'
import { type OpenApiDocument, openApiPath } from '@prizes/contracts/openapi'
import { answerText } from '@prizes/platform/testing'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  competitionForm,
  entrySubmission,
  type PlatformUnderTest,
  startPlatformUnderTest,
  testPerson,
} from './testing/platform-under-test'

/**
 * The OpenAPI document against the real platform: whatever the services answer (successes,
 * refusals, CSV and NDJSON downloads, the docs page) has its status and media type documented
 * for that operation, and a JSON body validates against the document's schema for it, read
 * with a JSON Schema 2020-12 validator from the document as served.
 */
let platform: PlatformUnderTest
let document: OpenApiDocument
const ajv = new Ajv2020({ strict: false, allErrors: true })
addFormats.default(ajv)
/** Asks until `check` answers true (the read models catch up in their own time), at most 15 s. */
const eventually = (check: () => Promise<boolean>, what: string) =>
  vi.waitFor(
    async () => {
      if (!(await check())) throw new Error(`never: ${what}`)
    },
    { timeout: 15_000, interval: 100 },
  )
/** Ids of things the platform under test holds, for the path parameters. */
let ids: { userId: string; entryId: string }

beforeAll(async () => {
  platform = await startPlatformUnderTest('openapi')
  const response = await fetch(`${platform.url}/api/openapi.json`)
  document = (await response.json()) as OpenApiDocument
  ajv.addSchema(document, 'openapi.json')
  const profile = await platform.call('GET', '/api/auth/profile', undefined, platform.tokens.user)
  const userId = (profile.body.user as { id: string }).id
  // The read models catch up in their own time: wait until they hold the user and the entry.
  let entryId = ''
  await eventually(async () => {
    const entries = await platform.call('GET', '/api/admin/entries', undefined, platform.tokens.admin)
    const user = await platform.call('GET', `/api/admin/user/${userId}`, undefined, platform.tokens.admin)
    const adminCompetition = await platform.call(
      'GET',
      `/api/admin/competitions/${platform.competitionId}/entries`,
      undefined,
      platform.tokens.admin,
    )
    entryId = (entries.body.entries as { id: string }[] | undefined)?.[0]?.id ?? ''
    return entryId !== '' && user.status === 200 && adminCompetition.status === 200
  }, 'the read models hold the user, the competition and the entry')
  ids = { userId, entryId }
}, 120_000)
afterAll(() => platform?.stop())

interface Sent {
  readonly status: number
  readonly type: string
  readonly text: string
}

async function send(method: string, route: string, options: { body?: unknown; token?: string } = {}) {
  const response = await fetch(`${platform.url}${route}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  })
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    text: await answerText(response),
  }
}

/** A JSON pointer's segment in a URI fragment. */
const segment = (key: string) => encodeURIComponent(key.replaceAll('~', '~0').replaceAll('/', '~1'))

/** The validator of the document's schema for a JSON answer of an operation. */
const schemaOf = (path: string, method: string, status: number) =>
  ajv.getSchema(
    `openapi.json#/${['paths', path, method, 'responses', String(status), 'content', 'application/json', 'schema'].map(segment).join('/')}`,
  )

/** The answer's status and media type are documented for the endpoint, and its JSON body matches. */
function expectDocumented(name: EndpointName, sent: Sent) {
  const endpoint: Endpoint = endpoints[name]
  const path = openApiPath(endpoint.path)
  const method = endpoint.method.toLowerCase()
  const summary = `${name} ${sent.status} ${sent.text.slice(0, 400)}`
  const responses = document.paths[path]?.[method]?.responses as Record<string, { content?: object }>
  const response = responses?.[String(sent.status)]
  expect(response, `undocumented status: ${summary}`).toBeDefined()
  if (sent.status === 304) return
  const media = sent.type.split(';')[0]?.trim() ?? ''
  expect(Object.keys(response?.content ?? {}), summary).toContain(media)
  if (media !== 'application/json') return
  const validate = schemaOf(path, method, sent.status)
  expect(validate, `no schema: ${summary}`).toBeDefined()
  const valid = validate?.(JSON.parse(sent.text))
  expect(valid, `${summary}\n${ajv.errorsText(validate?.errors)}`).toBe(true)
}

interface Call {
  /** The path with its parameters filled in; the endpoint's own path when it has none. */
  readonly route?: string
  readonly token?: string
  readonly body?: unknown
}

/** Calls the endpoint, expects `status`, checks the answer against the document; the JSON body. */
async function expectAnswer(
  name: EndpointName,
  call: Call,
  status: number,
): Promise<Record<string, unknown>> {
  const { method, path } = endpoints[name]
  const answer = await send(method, call.route ?? path, call)
  expect(answer.status, `${name}: ${answer.text.slice(0, 400)}`).toBe(status)
  expectDocumented(name, answer)
  return answer.type.startsWith('application/json')
    ? (JSON.parse(answer.text) as Record<string, unknown>)
    : {}
}

/** The path of an endpoint with its parameters filled with things the platform holds. */
function routeOf(name: EndpointName): string {
  const values: Record<string, string> = {
    token: 'not-a-token',
    paymentIntentId: platform.paymentIntentId,
    competitionId: platform.competitionId,
    file: 'reference.js',
    reference: 'CT-AAAAAA',
    id: name.endsWith('User') ? ids.userId : name.endsWith('Entry') ? ids.entryId : platform.competitionId,
  }
  return endpoints[name].path.replace(/:(\w+)/g, (_, param: string) => values[param] ?? '')
}

const names = Object.keys(endpoints) as EndpointName[]
const gets = names.filter((name) => endpoints[name].method === 'GET')
/** GET endpoints no one can get a 2xx from here: they need a completed draw, a contact message or a link from an email. */
const noSuccessHere: ReadonlySet<EndpointName> = new Set([
  'drawCertificate',
  'adminGetContactMessage',
  'verifyEmail',
  'verifyResetToken',
])

describe('the OpenAPI document against the running platform', () => {
  it('is served with an ETag and answers 304 to it; it describes itself', async () => {
    const first = await fetch(`${platform.url}/api/openapi.json`)
    expect(first.headers.get('cache-control')).toBe('no-cache')
    const etag = first.headers.get('etag') ?? ''
    expect(etag).not.toBe('')
    expectDocumented('apiDocument', {
      status: 200,
      type: first.headers.get('content-type') ?? '',
      text: await first.text(),
    })
    const again = await fetch(`${platform.url}/api/openapi.json`, { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
    expectDocumented('apiDocument', { status: 304, type: '', text: '' })
    expect(document.openapi).toBe('3.1.0')
  })

  it('the reference page loads its script and style sheet from our origin, under a CSP that allows only those', async () => {
    const page = await send('GET', '/api/docs')
    expectDocumented('apiDocs', page)
    const csp = (await fetch(`${platform.url}/api/docs`)).headers.get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("default-src 'none'")
    // The icon is empty (`data:,`), so the browser asks for no favicon.
    const sources = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)]
      .map((found) => found[1] ?? '')
      .filter((source) => source !== 'data:,')
    expect(sources.length).toBe(3)
    for (const source of sources) {
      expect(source, 'same origin').toMatch(/^\/api\/docs\/assets\/[a-z0-9.-]+$/)
      const asset = await send('GET', source)
      expect(asset.status, source).toBe(200)
      expect(asset.type).toMatch(/^text\/(javascript|css)/)
      expect(asset.text.length).toBeGreaterThan(100)
    }
    expect(page.text).toContain('data-url="/api/openapi.json"')
    // Only the files the page needs answer: no other file of the package, nothing outside it.
    for (const file of ['swagger-ui-bundle.js.map', 'index.html', 'package.json', 'x', '..%2Fpackage.json']) {
      const refused = await send('GET', `/api/docs/assets/${file}`)
      expect(refused.status, file).toBeGreaterThanOrEqual(400)
      expect(refused.status, file).toBeLessThan(500)
      expectDocumented('apiDocsAsset', refused)
    }
  })

  it.each(gets)(
    '%s: every answer, signed out, as a user and as an admin, is documented and matches',
    async (name) => {
      const route = routeOf(name)
      const statuses: number[] = []
      for (const token of [undefined, platform.tokens.user, platform.tokens.admin]) {
        const answer = await send('GET', route, token ? { token } : {})
        expectDocumented(name, answer)
        statuses.push(answer.status)
      }
      if (!noSuccessHere.has(name))
        expect(
          statuses.some((status) => status < 300),
          `${route}: ${statuses}`,
        ).toBe(true)
    },
  )

  it('the schemas are strict: a field the contract does not have, or a missing one, fails', async () => {
    const list = JSON.parse((await send('GET', '/api/competitions')).text) as Record<string, unknown>
    expect(schemaOf('/api/competitions', 'get', 200)?.(list)).toBe(true)
    expect(schemaOf('/api/competitions', 'get', 200)?.({ ...list, surprise: true })).toBe(false)
    expect(schemaOf('/api/admin/user/{id}', 'get', 404)?.({ success: false, message: 'Not found' })).toBe(
      false,
    )
  })

  it('refusals of bad input match the error schema: a bad id, an unknown one, a bad query, a bad body', async () => {
    const admin = platform.tokens.admin
    await expectAnswer('adminGetUser', { route: '/api/admin/user/not-an-id', token: admin }, 400)
    await expectAnswer('adminGetUser', { route: `/api/admin/user/${randomUUID()}`, token: admin }, 404)
    await expectAnswer('adminListUsers', { route: '/api/admin/users?page=0', token: admin }, 400)
    await expectAnswer('drawCertificate', { route: `/api/draws/${randomUUID()}/certificate` }, 404)
    await expectAnswer('login', { body: { email: 'nobody' } }, 400)
    await expectAnswer('login', { body: { email: testPerson.email, password: 'Wrong-1234' } }, 401)
    await expectAnswer(
      'adminBanUser',
      { route: `/api/admin/users/${ids.userId}/ban`, token: platform.tokens.user },
      403,
    )
    await expectAnswer(
      'adminSetCompetitionFeatured',
      { route: `/api/admin/competitions/${randomUUID()}/featured`, token: admin, body: { featured: true } },
      404,
    )
  })

  it('answers of commands match their schemas: accounts, an entry paid and refunded, admin commands', async () => {
    const admin = platform.tokens.admin
    const email = `openapi-${randomUUID()}@example.com`
    const signUp = { ...testPerson, email, password: 'Secret123', dateOfBirth: '1990-01-01' }
    await expectAnswer('register', { body: signUp }, 200)
    await expectAnswer('checkEmail', { body: { email } }, 200)
    await expectAnswer('forgotPassword', { body: { email } }, 200)
    const guestForm = {
      ...testPerson,
      dateOfBirth: '1990-01-01',
      tempPassword: 'Secret123',
      source: 'competition_entry',
    }
    await expectAnswer('createGuestAccount', { body: guestForm }, 409)
    const guest = await expectAnswer(
      'createGuestAccount',
      { body: { ...guestForm, email: `guest-${email}` } },
      200,
    )
    const user = guest as { token: string; user: { id: string } }
    const profile = {
      firstName: 'Grace',
      lastName: 'Hopper',
      phone: testPerson.phone,
      address: testPerson.address,
    }
    await expectAnswer('updateProfile', { token: user.token, body: profile }, 200)

    const entry = entrySubmission(platform.competitionId)
    const intent = await expectAnswer('createPaymentIntent', { token: user.token, body: entry }, 200)
    const paymentIntentId = String(intent.paymentIntentId)
    const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }
    await expectAnswer(
      'confirmTestPayment',
      { route: `/api/test-payments/${paymentIntentId}/confirm`, body: card },
      200,
    )
    const paid = await expectAnswer('confirmPayment', { token: user.token, body: { paymentIntentId } }, 200)
    const entryId = String((paid.entry as { id: string }).id)
    const adminEntry = `/api/admin/entries/${entryId}`
    await eventually(async () => {
      const shown = await platform.call('GET', adminEntry, undefined, admin)
      return (shown.body.entry as { payment_status?: string } | undefined)?.payment_status === 'paid'
    }, 'the admin sees the entry paid')
    await expectAnswer('adminGetEntry', { route: adminEntry, token: admin }, 200)
    const refund = {
      route: `/api/admin/entries/${entryId}/refund`,
      token: admin,
      body: { reason: 'Documented' },
    }
    await expectAnswer('adminRefundEntry', refund, 200)
    await expectAnswer('adminRefundEntry', refund, 409)
    await expectAnswer('submitEntry', { token: user.token, body: entry }, 200)

    const created = await expectAnswer(
      'adminCreateCompetition',
      { token: admin, body: competitionForm('Documented') },
      201,
    )
    const competition = `/api/admin/competitions/${(created.competition as { id: string }).id}`
    await expectAnswer(
      'adminSetCompetitionFeatured',
      { route: `${competition}/featured`, token: admin, body: { featured: false } },
      200,
    )
    const close = { status: 'closed', reason: 'Documented' }
    await expectAnswer(
      'adminSetCompetitionStatus',
      { route: `${competition}/status`, token: admin, body: close },
      200,
    )
    await expectAnswer(
      'adminSetCompetitionStatus',
      { route: `${competition}/status`, token: admin, body: close },
      409,
    )

    const target = `/api/admin/users/${user.user.id}`
    await expectAnswer(
      'adminUpdateUser',
      { route: target, token: admin, body: { ...testPerson, email: `guest-${email}` } },
      200,
    )
    await expectAnswer('adminBanUser', { route: `${target}/ban`, token: admin }, 200)
    await expectAnswer(
      'adminUnbanUser',
      { route: `${target}/unban`, token: admin, body: { reason: 'Documented' } },
      200,
    )
    await expectAnswer(
      'adminPromoteUser',
      { route: `${target}/promote`, token: admin, body: { reason: 'Documented' } },
      200,
    )
    await expectAnswer(
      'adminDemoteUser',
      { route: `${target}/demote`, token: admin, body: { reason: 'Documented' } },
      200,
    )
    await expectAnswer('adminDeleteUser', { route: target, token: admin }, 200)

    await expectAnswer(
      'adminUpdateSettings',
      { token: admin, body: { emailNotifications: true, reason: 'Documented' } },
      200,
    )
    await expectAnswer('emailDirectTest', { token: admin, body: { recipient: email } }, 200)
    await expectAnswer('adminOptimiseDatabase', { token: admin }, 200)
    // Refused on a database that is not the embedded one, so the test never wipes its own.
    await expectAnswer('adminResetDatabase', { token: admin, body: { confirm: 'RESET' } }, 409)
  })
})
