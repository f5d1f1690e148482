import { randomUUID } from 'node:crypto'
import { competitionStream } from '@prizes/contracts'
import { comparePositions, type Position } from '@prizes/event-store'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminHarness, form, startAdminHarness } from './test-harness'

/** The read models "catch up" only when the test lets them. */
const waits: { position: Position; release: () => void }[] = []
/** Wakes `nextWait` as soon as a command asks. */
let asked: (() => void) | undefined
let harness: AdminHarness
let admin: string

beforeAll(async () => {
  harness = await startAdminHarness('admin-read-your-writes', {
    readModels: {
      caughtUp: (position) =>
        new Promise<void>((release) => {
          waits.push({ position, release })
          asked?.()
        }),
    },
  })
  admin = await harness.admin()
})
afterAll(() => harness.close())

const route = '/api/admin/competitions'
/** The next wait for the read models, as soon as the command asks (at most 10 s). */
async function nextWait() {
  if (waits.length === 0) {
    let timer: NodeJS.Timeout | undefined
    await new Promise<void>((resolve) => {
      asked = resolve
      timer = setTimeout(resolve, 10_000)
    })
    clearTimeout(timer)
    asked = undefined
  }
  const wait = waits.shift()
  if (!wait) throw new Error('the command did not wait for the read models')
  return wait
}

/**
 * Two full round trips through the same server after the command asked: an answer written
 * without waiting for the read models was on its way before either of them began.
 */
async function roundTrips() {
  for (let trip = 0; trip < 2; trip += 1) {
    expect((await harness.call('GET', '/api/health/command')).status).toBe(200)
  }
}

async function lastPosition(competitionId: string): Promise<Position> {
  const [last] = await harness.store.readStream(competitionStream(competitionId), {
    from: 'end',
    direction: 'backwards',
    limit: 1,
  })
  if (!last) throw new Error('no events')
  return last.position
}

describe('admin commands answer once the read models show them', () => {
  it('holds the answer until the read models reach the command’s last event', async () => {
    let answered = false
    const creating = harness.call('POST', route, form({ status: 'draft' }), admin).then((answer) => {
      answered = true
      return answer
    })
    const wait = await nextWait()
    await roundTrips()
    expect(answered).toBe(false)
    wait.release()
    const created = await creating
    expect(created.status).toBe(201)
    const id = (created.body.competition as { id: string }).id
    expect(comparePositions(wait.position, await lastPosition(id))).toBe(0)

    const featuring = harness.call('PATCH', `${route}/${id}/featured`, { featured: true }, admin)
    const featuredWait = await nextWait()
    expect(comparePositions(featuredWait.position, await lastPosition(id))).toBe(0)
    featuredWait.release()
    expect((await featuring).status).toBe(200)

    const deleting = harness.call('DELETE', `${route}/${id}`, undefined, admin)
    const deleteWait = await nextWait()
    expect(comparePositions(deleteWait.position, await lastPosition(id))).toBe(0)
    deleteWait.release()
    expect((await deleting).status).toBe(200)
  })

  it('a refused command waits for nothing', async () => {
    const refused = await harness.call('PUT', `${route}/${randomUUID()}/status`, { status: 'closed' }, admin)
    expect(refused.status).toBe(404)
    expect(waits).toHaveLength(0)
  })
})
