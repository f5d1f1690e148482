import { crc32, deflateSync } from 'node:zlib'
import { maxLength } from '@prizes/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type Answer,
  competitionForm,
  entrySubmission,
  type PlatformUnderTest,
  startPlatformUnderTest,
  testPerson,
} from './testing/platform-under-test'

/**
 * Finding 7 of issue 10: a NUL byte in an id or any text, or a lone surrogate in competition
 * text, answered 500 (PostgreSQL refuses both); text had no length limit; a 16000 × 16000 PNG
 * was decoded. Each is now a 400 in the error shape naming the field, through the gateway, on
 * the real services.
 */

let platform: PlatformUnderTest
beforeAll(async () => {
  platform = await startPlatformUnderTest('bad_input')
}, 120_000)
afterAll(() => platform?.stop())

const nul = 'a\u0000b'
const loneSurrogate = 'Win a \uD800 campervan'

/** A 400 in the error shape whose field errors name `field`. */
function expectRefused(answer: Answer, field: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400)
  expect(answer.body).toMatchObject({
    success: false,
    code: 'VALIDATION_FAILED',
    message: expect.any(String),
  })
  expect(Object.keys(answer.body.fieldErrors as object)).toContain(field)
}

/**
 * A real, valid PNG of `width` × `height` black pixels at one bit each: its rows compress to a
 * few kilobytes, so it passes the 5 MB upload limit, while decoding it makes `width × height` pixels.
 */
function blankPng(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(typed))
    return Buffer.concat([length, typed, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([1, 0, 0, 0, 0], 8) // bit depth 1, greyscale, deflate, no filter, no interlace
  // Each row: filter type 0, then width bits of black.
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

const admin = () => platform.tokens.admin
const user = () => platform.tokens.user

describe('a NUL byte in an id', () => {
  it('the draw certificate', async () => {
    expectRefused(await platform.call('GET', '/api/draws/a%00b/certificate'), 'competitionId')
    expectRefused(
      await platform.call('GET', `/api/draws/${platform.competitionId}%00/certificate`),
      'competitionId',
    )
  })

  it('confirm-payment', async () => {
    expectRefused(
      await platform.call('POST', '/api/entries/confirm-payment', { paymentIntentId: nul }, user()),
      'paymentIntentId',
    )
  })

  it('create-payment-intent and entries', async () => {
    for (const route of ['/api/entries/create-payment-intent', '/api/entries']) {
      const body = {
        ...entrySubmission(platform.competitionId),
        competitionId: `${platform.competitionId}\u0000`,
      }
      expectRefused(await platform.call('POST', route, body, user()), 'competitionId')
    }
  })

  it('test payments', async () => {
    const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }
    expectRefused(
      await platform.call('POST', '/api/test-payments/pi_%00/confirm', card, user()),
      'paymentIntentId',
    )
  })

  it('the admin routes', async () => {
    const id = 'a%00b'
    const calls: Array<[string, string, unknown]> = [
      ['PUT', `/api/admin/competitions/${id}`, competitionForm('Renamed')],
      ['DELETE', `/api/admin/competitions/${id}`, undefined],
      ['PUT', `/api/admin/competitions/${id}/status`, { status: 'closed' }],
      ['PATCH', `/api/admin/competitions/${id}/featured`, { featured: false }],
      ['GET', `/api/admin/competitions/${id}/entries`, undefined],
      ['GET', `/api/admin/competitions/${id}/entries/export`, undefined],
      ['GET', `/api/admin/competitions/${id}/history`, undefined],
    ]
    for (const [method, route, body] of calls)
      expectRefused(await platform.call(method, route, body, admin()), 'id')
  })

  it('an id that is not a UUID never reaches the database', async () => {
    expectRefused(await platform.call('GET', '/api/draws/not-a-uuid/certificate'), 'competitionId')
    expectRefused(
      await platform.call('DELETE', '/api/admin/competitions/1%20or%201=1', undefined, admin()),
      'id',
    )
  })

  it('a query value', async () => {
    const route = `/api/admin/competitions/${platform.competitionId}/entries?page=%00`
    expectRefused(await platform.call('GET', route, undefined, admin()), 'page')
  })
})

describe('a NUL byte in text', () => {
  it('of an entry, a test payment and the admin form', async () => {
    const entry = { ...entrySubmission(platform.competitionId), address: `1 Analytical Row${nul}` }
    expectRefused(await platform.call('POST', '/api/entries/create-payment-intent', entry, user()), 'address')
    expectRefused(await platform.call('POST', '/api/entries', entry, user()), 'address')
    const card = { cardNumber: `4242${nul}`, expiry: '12/34', cvc: '123' }
    const route = `/api/test-payments/${platform.paymentIntentId}/confirm`
    expectRefused(await platform.call('POST', route, card, user()), 'cardNumber')
    const form = { ...competitionForm('A prize'), description: nul }
    expectRefused(await platform.call('POST', '/api/admin/competitions', form, admin()), 'description')
    const status = { status: 'cancelled', reason: nul }
    const statusRoute = `/api/admin/competitions/${platform.adminCompetitionId}/status`
    expectRefused(await platform.call('PUT', statusRoute, status, admin()), 'reason')
  })
})

describe('a lone surrogate in competition text', () => {
  it('is refused, in the title and in the question alike', async () => {
    const form = competitionForm(loneSurrogate)
    expectRefused(await platform.call('POST', '/api/admin/competitions', form, admin()), 'title')
    const question = { ...form.skill_question, question: 'What is \uDFFF?' }
    const update = { ...competitionForm('Fine'), skill_question: question }
    const route = `/api/admin/competitions/${platform.adminCompetitionId}`
    expectRefused(await platform.call('PUT', route, update, admin()), 'skill_question.question')
  })
})

describe('text lengths', () => {
  it('a 900 KB name is refused, and no account is opened', async () => {
    const email = 'long-name@example.com'
    const guest = {
      ...testPerson,
      email,
      firstName: 'A'.repeat(900 * 1024),
      dateOfBirth: '1990-01-01',
      tempPassword: 'Secret123',
      source: 'competition_entry',
    }
    const answer = await platform.call('POST', '/api/auth/create-guest-account', guest)
    expectRefused(answer, 'firstName')
    expect(answer.body.fieldErrors).toEqual({
      firstName: [`First name must be at most ${maxLength.firstName} characters`],
    })
    expect((await platform.call('POST', '/api/auth/check-email', { email })).body).toMatchObject({
      exists: false,
    })
  })

  it('a 900 KB title, or a password longer than any we hash, is refused', async () => {
    const form = competitionForm('T'.repeat(900 * 1024))
    expectRefused(await platform.call('POST', '/api/admin/competitions', form, admin()), 'title')
    const login = { email: testPerson.email, password: 'x'.repeat(900 * 1024) }
    expectRefused(await platform.call('POST', '/api/auth/login', login), 'password')
  })
})

describe('dates', () => {
  it('a start at the end of JavaScript’s time, where the default end cannot be computed', async () => {
    const form = { ...competitionForm('Forever'), start_date: '+275760-09-13T00:00:00.000Z' }
    expectRefused(await platform.call('POST', '/api/admin/competitions', form, admin()), 'start_date')
  })
})

describe('images', () => {
  it('a 16000 × 16000 PNG is refused from its header, without decoding it', async () => {
    const png = blankPng(16000, 16000)
    expect(png.length).toBeLessThan(100_000)
    const data = new FormData()
    for (const [key, value] of Object.entries(competitionForm('Huge image'))) {
      data.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value))
    }
    data.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'huge.png')
    const response = await fetch(`${platform.url}/api/admin/competitions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin()}` },
      body: data,
    })
    const answer = { status: response.status, body: (await response.json()) as Record<string, unknown> }
    expectRefused(answer, 'image')
    expect(answer.body.message).toBe(
      'The image must be at most 25 megapixels; this one is 16,000 × 16,000 pixels',
    )
    const list = await platform.call('GET', '/api/admin/competitions?search=Huge%20image', undefined, admin())
    const titles = (list.body.competitions as Array<{ title: string }>).map((c) => c.title)
    expect(titles).not.toContain('Huge image')
  })
})
