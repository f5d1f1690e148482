import { randomUUID } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminHarness, form, startAdminHarness } from './test-harness'

let harness: AdminHarness
let admin: string

beforeAll(async () => {
  harness = await startAdminHarness('admin-forms')
  admin = await harness.admin()
})
afterAll(() => harness.close())

const route = '/api/admin/competitions'

/** The JSON form as multipart fields (the skill question as a JSON string), plus the image. */
function multipart(image: Blob, overrides: Record<string, unknown> = {}): FormData {
  const data = new FormData()
  for (const [key, value] of Object.entries(form(overrides))) {
    data.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value))
  }
  data.append('image', image, 'photo.png')
  return data
}

async function png(width: number, height: number): Promise<Blob> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .withMetadata({ exif: { IFD0: { Copyright: 'Secret Camera Co' } } })
    .toBuffer()
  return new Blob([new Uint8Array(bytes)], { type: 'image/png' })
}

describe('admin competition routes: who may call them', () => {
  it('refuses the signed-out with 401 and a non-admin with 403', async () => {
    expect((await harness.call('POST', route, form())).status).toBe(401)
    const { token } = await harness.user()
    expect((await harness.call('POST', route, form(), token)).status).toBe(403)
    expect(
      (await harness.call('PUT', `${route}/${randomUUID()}/status`, { status: 'closed' }, token)).status,
    ).toBe(403)
    expect((await harness.call('DELETE', `${route}/${randomUUID()}`, undefined, token)).status).toBe(403)
  })
})

describe('POST /api/admin/competitions', () => {
  it('creates and publishes from JSON, money in pence on the event and pounds in the answer', async () => {
    const answer = await harness.call('POST', route, form({ entry_price: '2.99', featured: true }), admin)
    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({
      success: true,
      competition: {
        status: 'active',
        entry_price: 2.99,
        prize_value: 55000,
        location: 'UK Wide',
        featured: true,
        image_url: null,
        skill_question: { correct: '4' },
      },
    })
    const id = (answer.body.competition as { id: string }).id
    const [created] = await harness.events(id)
    expect(created?.data).toMatchObject({ details: { entryPricePence: 299, prizeValuePence: 5500000 } })
    const [metadata] = await harness.metadata(id)
    expect(metadata?.actor).toMatchObject({ role: 'admin' })
  })

  it('keeps a draft when the status is draft or inactive', async () => {
    for (const status of ['draft', 'inactive']) {
      const answer = await harness.call('POST', route, form({ status }), admin)
      expect(answer.body).toMatchObject({ competition: { status: 'draft' } })
    }
  })

  it('stores an uploaded PNG as metadata-free WebP versions, behind a relative URL', async () => {
    const answer = await harness.upload('POST', route, multipart(await png(1600, 900)), admin)
    expect(answer.status).toBe(201)
    const competition = answer.body.competition as { id: string; image_url: string; total_tickets: number }
    expect(competition.total_tickets).toBe(1000)
    expect(competition.image_url).toMatch(
      new RegExp(`^/media/competitions/${competition.id}-[0-9a-f]+-1200\\.webp$`),
    )
    const file = path.join(harness.mediaDir, competition.image_url.replace('/media/', ''))
    expect((await sharp(await (await png(10, 10)).arrayBuffer()).metadata()).exif).toBeDefined()
    const meta = await sharp(await readFile(file)).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 1200 })
    expect(meta.exif).toBeUndefined()
    const stored = await readdir(path.join(harness.mediaDir, 'competitions'))
    expect(stored.filter((name) => name.startsWith(competition.id)).sort()).toHaveLength(2)
  })

  it('never upscales a small image', async () => {
    const answer = await harness.upload('POST', route, multipart(await png(400, 300)), admin)
    const { image_url } = answer.body.competition as { image_url: string }
    const meta = await sharp(path.join(harness.mediaDir, image_url.replace('/media/', ''))).metadata()
    expect(meta.width).toBe(400)
  })

  it('refuses a text file that claims to be an image', async () => {
    const fake = new Blob(['just some text, not a picture'], { type: 'image/png' })
    const answer = await harness.upload('POST', route, multipart(fake), admin)
    expect(answer).toMatchObject({ status: 415, body: { success: false } })
    expect(answer.body.message).toMatch(/JPG, PNG, GIF or WebP/)
  })

  it('accepts a JPEG and a GIF by their bytes, whatever their names say', async () => {
    const canvas = sharp({ create: { width: 50, height: 40, channels: 3, background: '#cc6633' } })
    for (const bytes of [await canvas.clone().jpeg().toBuffer(), await canvas.clone().gif().toBuffer()]) {
      const image = new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' })
      expect((await harness.upload('POST', route, multipart(image), admin)).status).toBe(201)
    }
  })

  it('refuses an image just over 5 MB with 413', async () => {
    const big = new Blob([new Uint8Array(5 * 1024 * 1024 + 1)], { type: 'image/png' })
    expect((await harness.upload('POST', route, multipart(big), admin)).status).toBe(413)
  })

  it('refuses an upload over 5 MB with 413', async () => {
    const big = new Blob([new Uint8Array(5 * 1024 * 1024 + 300 * 1024)], { type: 'image/png' })
    const answer = await harness.upload('POST', route, multipart(big), admin)
    expect(answer.status).toBe(413)
  })

  const refused: [string, Record<string, unknown>, string][] = [
    ['a missing title', { title: '' }, 'title'],
    ['a missing prize', { prize: ' ' }, 'prize'],
    ['a missing description', { description: undefined }, 'description'],
    ['a prize value of 0', { prize_value: 0 }, 'prize_value'],
    ['an entry price of three decimals', { entry_price: 2.999 }, 'entry_price'],
    ['an entry price that is not a number', { entry_price: 'abc' }, 'entry_price'],
    ['no tickets', { total_tickets: 0 }, 'total_tickets'],
    ['fractional tickets', { total_tickets: 10.5 }, 'total_tickets'],
    [
      'three options',
      { skill_question: { question: 'Q?', options: ['1', '2', '3'], correct: '1' } },
      'skill_question.options',
    ],
    [
      'a correct answer not among the options',
      { skill_question: { question: 'Q?', options: ['1', '2', '3', '4'], correct: '9' } },
      'skill_question.correct',
    ],
    [
      'no question',
      { skill_question: { question: '', options: ['1', '2', '3', '4'], correct: '1' } },
      'skill_question.question',
    ],
    ['an end before the start', { end_date: '2030-01-01T00:00:00.000Z' }, 'end_date'],
  ]
  it.each(refused)('refuses %s with 400, naming the field', async (_name, overrides, field) => {
    const answer = await harness.call('POST', route, form(overrides), admin)
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'Please fill in all required fields correctly',
    })
    expect(Object.keys(answer.body.fieldErrors as object)).toContain(field)
  })

  /** Values the read models could not store (issue 9): refused before any event is written. */
  const tooLarge: [string, Record<string, unknown>, string, string][] = [
    [
      '2147483648 tickets',
      { total_tickets: 2147483648 },
      'total_tickets',
      'The total tickets must be at most 10,000,000',
    ],
    [
      'an entry price over £99,999.99',
      { entry_price: 100000 },
      'entry_price',
      'The entry price must be at most £99,999.99',
    ],
    [
      'a 201-character title',
      { title: 'x'.repeat(201) },
      'title',
      'The title must be at most 200 characters',
    ],
  ]
  it.each(tooLarge)(
    'refuses %s with 400 naming the field, and appends nothing',
    async (_name, overrides, field, message) => {
      const before = await harness.store.readAll({ from: 'start', limit: 10_000 })
      const answer = await harness.call('POST', route, form(overrides), admin)
      expect(answer).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION_FAILED', fieldErrors: { [field]: [message] } },
      })
      const after = await harness.store.readAll({ from: 'start', limit: 10_000 })
      expect(after.length).toBe(before.length)
    },
  )

  it('accepts the largest entry price and number of tickets', async () => {
    const answer = await harness.call(
      'POST',
      route,
      form({ entry_price: 99999.99, total_tickets: 10_000_000 }),
      admin,
    )
    expect(answer).toMatchObject({
      status: 201,
      body: { competition: { entry_price: 99999.99, total_tickets: 10_000_000 } },
    })
  })

  it('defaults the location and the dates (today, 30 days later)', async () => {
    const answer = await harness.call(
      'POST',
      route,
      form({ start_date: undefined, end_date: undefined }),
      admin,
    )
    expect(answer.body).toMatchObject({
      competition: {
        location: 'UK Wide',
        start_date: '2030-01-10T12:00:00.000Z',
        end_date: '2030-02-09T12:00:00.000Z',
      },
    })
  })
})

describe('PUT /api/admin/competitions/:id', () => {
  it('revises the details and keeps the image unless a new one is given', async () => {
    const created = await harness.upload(
      'POST',
      route,
      multipart(await png(800, 600), { status: 'draft' }),
      admin,
    )
    const { id, image_url } = created.body.competition as { id: string; image_url: string }
    const revised = await harness.call(
      'PUT',
      `${route}/${id}`,
      form({ title: 'Win a bigger van', status: 'draft' }),
      admin,
    )
    expect(revised).toMatchObject({
      status: 200,
      body: { competition: { title: 'Win a bigger van', image_url } },
    })
    const published = await harness.call('PUT', `${route}/${id}`, form({ status: 'active' }), admin)
    expect(published.body).toMatchObject({ competition: { status: 'active', image_url } })
    const replaced = await harness.upload('PUT', `${route}/${id}`, multipart(await png(900, 500)), admin)
    const next = (replaced.body.competition as { image_url: string }).image_url
    expect(next).toMatch(new RegExp(`^/media/competitions/${id}-[0-9a-f]+-1200\\.webp$`))
    expect(next).not.toBe(image_url)
  })

  it('answers 404 for a competition that does not exist', async () => {
    expect((await harness.call('PUT', `${route}/${randomUUID()}`, form(), admin)).status).toBe(404)
  })
})
