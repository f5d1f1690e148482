import { competitionEvents } from '@prizes/contracts'
import { roundTime } from '@prizes/domain'
import { quicknetBeacon } from '@prizes/domain/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminHarness, form, startAdminHarness } from './test-harness'

let harness: AdminHarness
let admin: string

beforeAll(async () => {
  harness = await startAdminHarness('admin-lifecycle')
  admin = await harness.admin()
})
afterAll(() => harness.close())

/** The round the competition's close named. */
async function sealedRound(id: string): Promise<number> {
  const sealed = (await harness.events(id)).find((event) => event.type === 'CompetitionClosed')
  return competitionEvents.CompetitionClosed.parse(sealed?.data).randomness.round
}

/** Moves the harness clock to just after drand publishes `round`. */
function waitForRound(round: number) {
  const wait = roundTime(round).getTime() + 1000 - harness.clock.now().getTime()
  if (wait > 0) harness.clock.advance(wait)
}

const route = '/api/admin/competitions'

async function create(status: 'active' | 'draft'): Promise<string> {
  const answer = await harness.call('POST', route, form({ status }), admin)
  expect(answer.status).toBe(201)
  return (answer.body.competition as { id: string }).id
}

const setStatus = (id: string, body: Record<string, unknown>) =>
  harness.call('PUT', `${route}/${id}/status`, body, admin)

/** A paid, allocated entry with the right answer, through the entries endpoints. */
async function enter(competitionId: string, on: AdminHarness = harness): Promise<void> {
  await on.paidEntry(competitionId, 2)
}

describe('PUT /api/admin/competitions/:id/status', () => {
  it('walks active → closed → drawing → completed with the admin’s public randomness', async () => {
    const id = await create('active')
    await enter(id)
    const closed = await setStatus(id, { status: 'closed', reason: 'Ending early' })
    expect(closed).toMatchObject({
      status: 200,
      body: { success: true, competition: { status: 'closed', sold_tickets: 2 } },
    })
    const drawing = await setStatus(id, { status: 'drawing' })
    expect(drawing.body).toMatchObject({ competition: { status: 'drawing' } })
    const round = await sealedRound(id)
    waitForRound(round)
    const completed = await setStatus(id, {
      status: 'completed',
      publicRandomness: { source: 'drand', round, value: 'ab'.repeat(32) },
    })
    expect(completed).toMatchObject({
      status: 200,
      body: { competition: { status: 'completed', drawn_at: harness.clock.now().toISOString() } },
    })
    expect((await harness.events(id)).map((event) => event.type)).toContain('DrawCompleted')
    const closing = (await harness.metadata(id)).find((metadata) => metadata.reason === 'Ending early')
    expect(closing?.actor).toMatchObject({ role: 'admin' })
  })

  it('asks for the public randomness when no drand URL is configured', async () => {
    const id = await create('active')
    await enter(id)
    await setStatus(id, { status: 'closed' })
    await setStatus(id, { status: 'drawing' })
    const answer = await setStatus(id, { status: 'completed' })
    expect(answer.status).toBe(409)
    expect(answer.body.message).toMatch(/drand round/)
  })

  it('refuses a transition the lifecycle does not allow with 409, changing nothing', async () => {
    const id = await create('active')
    const before = await harness.events(id)
    const answer = await setStatus(id, { status: 'drawing' })
    expect(answer).toMatchObject({ status: 409, body: { success: false } })
    expect(String(answer.body.message).length).toBeGreaterThan(0)
    expect(await harness.events(id)).toEqual(before)
  })

  it('publishes a draft, and cancels with a default reason on the record', async () => {
    const id = await create('draft')
    expect((await setStatus(id, { status: 'active' })).body).toMatchObject({
      competition: { status: 'active' },
    })
    const cancelled = await setStatus(id, { status: 'cancelled' })
    expect(cancelled.body).toMatchObject({ competition: { status: 'cancelled' } })
    const last = (await harness.metadata(id)).at(-1)
    expect(last).toMatchObject({ reason: 'Cancelled by an admin', actor: { role: 'admin' } })
  })

  it('refuses an unknown status with 400', async () => {
    const id = await create('draft')
    expect((await setStatus(id, { status: 'deleted' })).status).toBe(400)
  })
})

describe("the draw's public randomness", () => {
  /** An entered competition, closed and drawing: the round it sealed is a minute away. */
  async function drawing(): Promise<{ id: string; round: number }> {
    const id = await create('active')
    await enter(id)
    await setStatus(id, { status: 'closed' })
    await setStatus(id, { status: 'drawing' })
    return { id, round: await sealedRound(id) }
  }
  const drawTypes = async (id: string) =>
    (await harness.events(id)).map((event) => event.type).filter((type) => type === 'DrawCompleted')

  it('refuses a value for the sealed round before drand publishes it (409), and takes it once published', async () => {
    const { id, round } = await drawing()
    const value = { source: 'drand', round, value: 'ab'.repeat(32) }
    const early = await setStatus(id, { status: 'completed', publicRandomness: value })
    expect(early).toMatchObject({
      status: 409,
      body: {
        success: false,
        code: 'RANDOMNESS_NOT_YET_PUBLISHED',
        message: expect.stringContaining(
          `drand round ${round} is published at ${roundTime(round).toISOString()}`,
        ),
      },
    })
    expect(await drawTypes(id)).toEqual([])
    waitForRound(round)
    const later = await setStatus(id, { status: 'completed', publicRandomness: value })
    expect(later).toMatchObject({ status: 200, body: { competition: { status: 'completed' } } })
  })

  it("refuses a signature that is not drand's on the sealed round (400), recording nothing", async () => {
    const { id, round } = await drawing()
    waitForRound(round)
    // drand's real signature and value, but for another round.
    const forged = {
      source: 'drand',
      round,
      value: quicknetBeacon.randomness,
      signature: quicknetBeacon.signature,
    }
    const answer = await setStatus(id, { status: 'completed', publicRandomness: forged })
    expect(answer).toMatchObject({
      status: 400,
      body: {
        success: false,
        fieldErrors: { publicRandomness: [expect.stringContaining(`not drand's for round ${round}`)] },
      },
    })
    expect(await drawTypes(id)).toEqual([])
  })

  it("with DRAND_URL set, refuses a value without drand's signature (400), recording nothing", async () => {
    // Nothing listens there: the refusal comes before any fetch.
    const withDrand = await startAdminHarness('admin-lifecycle-drand', { drandUrls: ['http://127.0.0.1:9'] })
    try {
      const token = await withDrand.admin()
      const created = await withDrand.call('POST', route, form({ status: 'active' }), token)
      const id = (created.body.competition as { id: string }).id
      await enter(id, withDrand)
      await withDrand.call('PUT', `${route}/${id}/status`, { status: 'closed' }, token)
      const started = await withDrand.call('PUT', `${route}/${id}/status`, { status: 'drawing' }, token)
      expect(started.body).toMatchObject({ competition: { status: 'drawing' } })
      const sealed = (await withDrand.events(id)).find((event) => event.type === 'CompetitionClosed')
      const { round } = competitionEvents.CompetitionClosed.parse(sealed?.data).randomness
      withDrand.clock.advance(roundTime(round).getTime() + 1000 - withDrand.clock.now().getTime())
      const publicRandomness = { source: 'drand', round, value: 'ab'.repeat(32) }
      const answer = await withDrand.call(
        'PUT',
        `${route}/${id}/status`,
        { status: 'completed', publicRandomness },
        token,
      )
      expect(answer).toMatchObject({
        status: 400,
        body: { success: false, message: expect.stringContaining("must come with drand's signature") },
      })
      expect((await withDrand.events(id)).map((event) => event.type)).not.toContain('DrawCompleted')
    } finally {
      await withDrand.close()
    }
  })
})

describe('PATCH /api/admin/competitions/:id/featured', () => {
  it('sets and clears the flag', async () => {
    const id = await create('active')
    const on = await harness.call('PATCH', `${route}/${id}/featured`, { featured: true }, admin)
    expect(on).toMatchObject({ status: 200, body: { competition: { featured: true } } })
    const off = await harness.call('PATCH', `${route}/${id}/featured`, { featured: false }, admin)
    expect(off.body).toMatchObject({ competition: { featured: false } })
  })
})

describe('DELETE /api/admin/competitions/:id', () => {
  it('deletes a draft', async () => {
    const id = await create('draft')
    expect(await harness.call('DELETE', `${route}/${id}`, undefined, admin)).toMatchObject({
      status: 200,
      body: { success: true },
    })
    expect((await harness.events(id)).at(-1)?.type).toBe('CompetitionDeleted')
  })

  it('deletes a cancelled competition', async () => {
    const id = await create('active')
    await setStatus(id, { status: 'cancelled', reason: 'Prize unavailable' })
    expect((await harness.call('DELETE', `${route}/${id}`, undefined, admin)).status).toBe(200)
  })

  it('refuses an active competition with 409 and leaves it', async () => {
    const id = await create('active')
    const answer = await harness.call('DELETE', `${route}/${id}`, undefined, admin)
    expect(answer).toMatchObject({ status: 409, body: { success: false } })
    expect((await harness.events(id)).map((event) => event.type)).not.toContain('CompetitionDeleted')
  })
})
