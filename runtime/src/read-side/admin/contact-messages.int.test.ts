import { randomUUID } from 'node:crypto'
import { contactKeyId, contactStream, endpoints, newsletterStream } from '@prizes/contracts'
import { encryptValue, generateUserKey, userKeysTable } from '@prizes/platform'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type QueryHarness, startQueryHarness } from '../testing/query-harness'

/** The admin's Messages tab over HTTP: who may ask, 10 a page newest first, the search, the details, the subscriber count. */

let harness: QueryHarness
const tokens = { admin: '', user: '' }
const start = Date.parse('2030-03-01T09:00:00.000Z')

const metadata = (n: number) => ({
  eventId: randomUUID(),
  occurredAt: new Date(start + n * 60_000).toISOString(),
  actor: { system: 'anonymous-web' },
  correlationId: randomUUID(),
  causationId: randomUUID(),
  schemaVersion: 1,
})

/** `CT-` and six characters of the reference alphabet, from a number. */
const referenceOf = (n: number) =>
  `CT-${String(n).padStart(6, '2').replaceAll('0', 'A').replaceAll('1', 'B')}`

async function received(n: number, email: string, options: { erase?: boolean } = {}) {
  const reference = referenceOf(n)
  const key = generateUserKey()
  await harness.db
    .knex(userKeysTable)
    .insert({ user_id: contactKeyId(reference), key_id: key.id, key: key.key })
  const seal = (value: string) => encryptValue(key, value)
  await harness.append(contactStream(reference), [
    {
      type: 'ContactMessageReceived',
      data: {
        reference,
        topic: 'entry',
        name: seal(`Sender ${n}`),
        email: seal(email),
        subject: seal(`Subject ${n}`),
        message: seal(`The message of sender ${n}.`),
        userId: null,
      },
      metadata: metadata(n),
    },
  ])
  if (options.erase)
    await harness.db
      .knex(userKeysTable)
      .where({ user_id: contactKeyId(reference) })
      .delete()
  return reference
}

beforeAll(async () => {
  harness = await startQueryHarness('query_contact_messages')
  tokens.admin = await harness.session(randomUUID(), 'admin')
  tokens.user = await harness.session(randomUUID(), 'user')
  for (let n = 1; n <= 12; n++) await received(n, n === 3 ? 'Repeat@Example.com' : `sender${n}@example.com`)
  await received(13, 'repeat@example.com')
}, 60_000)
afterAll(() => harness?.close())

async function list(query = '') {
  const response = await harness.get(`/api/admin/contact-messages${query}`, tokens.admin)
  expect(response.status, await response.clone().text()).toBe(200)
  return endpoints.adminListContactMessages.response.parse(await response.json())
}

describe('who may ask', () => {
  for (const path of ['/api/admin/contact-messages', `/api/admin/contact-messages/${referenceOf(1)}`]) {
    test(`${path}: signed out 401, a user 403, an admin 200`, async () => {
      expect((await harness.get(path)).status).toBe(401)
      expect((await harness.get(path, tokens.user)).status).toBe(403)
      expect((await harness.get(path, tokens.admin)).status).toBe(200)
    })
  }
})

describe('the list', () => {
  test('10 a page, newest first, then the rest', async () => {
    const first = await list()
    expect(first.messages.map((m) => m.reference)).toEqual(
      Array.from({ length: 10 }, (_, i) => referenceOf(13 - i)),
    )
    expect(first).toMatchObject({ page: 1, pageSize: 10, hasMore: true })
    expect(first.messages[0]).toMatchObject({
      name: 'Sender 13',
      email: 'repeat@example.com',
      subject: 'Subject 13',
    })
    const second = await list('?page=2')
    expect(second.messages.map((m) => m.reference)).toEqual([referenceOf(3), referenceOf(2), referenceOf(1)])
    expect(second.hasMore).toBe(false)
  })

  test('finds by a whole address (any case) and by a reference or its start', async () => {
    expect((await list('?search=REPEAT%40example.com')).messages.map((m) => m.reference)).toEqual([
      referenceOf(13),
      referenceOf(3),
    ])
    expect((await list(`?search=${referenceOf(7).toLowerCase()}`)).messages.map((m) => m.reference)).toEqual([
      referenceOf(7),
    ])
    expect((await list('?search=CT-22222')).messages.map((m) => m.reference)).toHaveLength(9)
    expect((await list('?search=nobody')).messages).toEqual([])
    const tooLong = await harness.get(`/api/admin/contact-messages?search=${'a'.repeat(300)}`, tokens.admin)
    expect(tooLong.status).toBe(400)
  })

  test('shows a message in full; an unknown reference is 404, a malformed one 400', async () => {
    const response = await harness.get(`/api/admin/contact-messages/${referenceOf(5)}`, tokens.admin)
    const body = endpoints.adminGetContactMessage.response.parse(await response.json())
    expect(body.message).toMatchObject({
      reference: referenceOf(5),
      message: 'The message of sender 5.',
      topic: 'entry',
    })
    expect((await harness.get('/api/admin/contact-messages/CT-ZZZZZZ', tokens.admin)).status).toBe(404)
    expect((await harness.get('/api/admin/contact-messages/nonsense', tokens.admin)).status).toBe(400)
  })

  test('an erased message keeps its row without its personal data', async () => {
    const reference = await received(14, 'erased@example.com', { erase: true })
    const [newest] = (await list()).messages
    expect(newest).toMatchObject({ reference, name: '', email: '', subject: '' })
  })
})

describe('newsletter subscribers', () => {
  test('counts confirmed subscribers once, however often their events arrive', async () => {
    const subscriber = randomUUID()
    const token = 'a'.repeat(64)
    const email = encryptValue(generateUserKey(), 'x@example.com')
    const requested = {
      type: 'NewsletterSubscriptionRequested',
      data: {
        subscriberId: subscriber,
        email,
        source: 'newsletter_form',
        nonce: 'n'.repeat(22),
        tokenHash: token,
        requestedAt: new Date(start).toISOString(),
        expiresAt: new Date(start + 86_400_000).toISOString(),
      },
      metadata: metadata(20),
    }
    const confirmed = {
      type: 'NewsletterSubscriptionConfirmed',
      data: {
        subscriberId: subscriber,
        email,
        confirmedWith: token,
        unsubscribeNonce: 'u'.repeat(22),
        unsubscribeTokenHash: 'b'.repeat(64),
      },
      metadata: metadata(21),
    }
    const before = (await list()).newsletterSubscribers
    await harness.append(newsletterStream(subscriber), [requested, confirmed])
    expect((await list()).newsletterSubscribers).toBe(before + 1)
    await harness.append(newsletterStream(subscriber), [
      {
        type: 'NewsletterUnsubscribed',
        data: { subscriberId: subscriber, tokenHash: 'b'.repeat(64), via: 'link' },
        metadata: metadata(22),
      },
    ])
    expect((await list()).newsletterSubscribers).toBe(before)
  })
})
