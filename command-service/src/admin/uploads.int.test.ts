import { readdir } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminHarness, form, startAdminHarness } from './test-harness'

let harness: AdminHarness
let admin: string

beforeAll(async () => {
  harness = await startAdminHarness('admin-uploads')
  admin = await harness.admin()
})
afterAll(() => harness.close())

const route = '/api/admin/competitions'

async function storedFor(competitionId: string): Promise<string[]> {
  const names = await readdir(path.join(harness.mediaDir, 'competitions')).catch(() => [])
  return names.filter((name) => name.startsWith(competitionId))
}

describe('admin image uploads', () => {
  it('keeps no image of an update the lifecycle refuses', async () => {
    const created = await harness.call('POST', route, form(), admin)
    const { id } = created.body.competition as { id: string }
    await harness.call('PUT', `${route}/${id}/status`, { status: 'cancelled' }, admin)
    const data = new FormData()
    for (const [key, value] of Object.entries(form())) {
      data.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value))
    }
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
      .png()
      .toBuffer()
    data.append('image', new Blob([new Uint8Array(png)]), 'x.png')
    const answer = await harness.upload('PUT', `${route}/${id}`, data, admin)
    expect(answer).toMatchObject({ status: 409, body: { success: false } })
    expect(await storedFor(id)).toEqual([])
  })

  it('stops a streamed body without a length once it passes the limit', async () => {
    const boundary = 'x-boundary-1234'
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    )
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(head)
        if (sent > 8 * 1024 * 1024) {
          controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`))
          controller.close()
          return
        }
        sent += 256 * 1024
        controller.enqueue(new Uint8Array(256 * 1024))
      },
    })
    const response = await fetch(`${harness.url}${route}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${admin}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body,
      duplex: 'half',
    } as RequestInit)
    expect(response.status).toBe(413)
  })
})
