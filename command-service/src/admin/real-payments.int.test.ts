import { randomUUID } from 'node:crypto'
import { competitionEvents, endpoints } from '@prizes/contracts'
import { roundTime } from '@prizes/domain'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type AdminHarness, startAdminHarness } from './test-harness'

/**
 * Issue 23: a platform taking real payments (Stripe configured) refuses what only TEST MODE may
 * do: reset test data (even where the database is the embedded one), and a draw's randomness
 * without drand's signature (an admin's value chosen by hand).
 */
let harness: AdminHarness
let admin: string
let resets = 0

beforeAll(async () => {
  harness = await startAdminHarness('admin-real-payments', {
    stripe: true,
    // As the launcher gives it on the embedded database: Stripe alone must refuse it.
    resetTestData: async () => {
      resets += 1
      return { events: 0 }
    },
  })
  admin = await harness.admin()
})
afterAll(() => harness.close())

it('refuses reset test data while Stripe is configured (409), wiping nothing', async () => {
  const answer = await harness.call('POST', endpoints.adminResetDatabase.path, { confirm: 'RESET' }, admin)
  expect(answer).toMatchObject({
    status: 409,
    body: {
      success: false,
      code: 'RESET_NOT_AVAILABLE',
      message: expect.stringContaining('refused while Stripe is configured'),
    },
  })
  expect(resets).toBe(0)
})

it("refuses a draw's randomness without drand's signature (409 UNVERIFIED_RANDOMNESS_REFUSED), recording nothing", async () => {
  const id = await harness.competition(admin)
  // A free entry by post: no card payment, so nothing reaches Stripe.
  const postal = await harness.call(
    'POST',
    `/api/admin/competitions/${id}/postal-entries`,
    {
      idempotencyKey: randomUUID(),
      firstName: 'Mary',
      lastName: 'Somerville',
      email: `mary-${randomUUID()}@example.com`,
      address: '3 Jedburgh Road, Scotland',
      dateOfBirth: '1990-01-01',
      answer: '4',
      receivedAt: '2030-01-10',
    },
    admin,
  )
  expect(postal.status, JSON.stringify(postal.body)).toBe(201)
  const route = `/api/admin/competitions/${id}/status`
  expect((await harness.call('PUT', route, { status: 'closed' }, admin)).status).toBe(200)
  expect((await harness.call('PUT', route, { status: 'drawing' }, admin)).status).toBe(200)
  const closed = (await harness.events(id)).find((event) => event.type === 'CompetitionClosed')
  const { round } = competitionEvents.CompetitionClosed.parse(closed?.data).randomness
  harness.clock.advance(roundTime(round).getTime() + 1000 - harness.clock.now().getTime())

  const publicRandomness = { source: 'drand', round, value: 'ab'.repeat(32) }
  const answer = await harness.call('PUT', route, { status: 'completed', publicRandomness }, admin)
  expect(answer).toMatchObject({
    status: 409,
    body: {
      success: false,
      code: 'UNVERIFIED_RANDOMNESS_REFUSED',
      message: expect.stringContaining("must carry drand's signature"),
    },
  })
  expect((await harness.events(id)).map((event) => event.type)).not.toContain('DrawCompleted')
})
