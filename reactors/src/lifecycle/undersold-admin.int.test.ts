import { type AdminHarness, form, silentLogger, startAdminHarness } from '@prizes/command-service/testing'
import type { EntryDeps } from '@prizes/command-service/use-cases'
import { createCommandHandler, migrateReactorTables } from '@prizes/command-service/use-cases'
import { competitionStream } from '@prizes/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAutoClose } from './auto-close-reactor'
import { lifecycleCommandsOf } from './commands-of'

/**
 * Issue 14 over HTTP: the form's minimum and cash alternative, and the admin's three choices for
 * a competition the auto-close found undersold at its end date (on the harness's clock).
 */

let harness: AdminHarness
let admin: string
let deps: EntryDeps
const route = '/api/admin/competitions'
const hour = 3_600_000
const day = 24 * hour

beforeAll(async () => {
  harness = await startAdminHarness('admin-undersold')
  await migrateReactorTables(harness.knex)
  admin = await harness.admin()
  deps = {
    handler: createCommandHandler({ store: harness.store, logger: silentLogger }),
    store: harness.store,
    knex: harness.knex,
    payments: harness.payments,
    logger: silentLogger,
    reservationMinutes: 15,
  }
})
afterAll(() => harness.close())

const types = async (id: string) => (await harness.events(id)).map((event) => event.type)

/** A competition with this minimum and entries of these sizes, then its end date passed: undersold. */
async function undersold(minimum: number, entries: number[] = [2]): Promise<string> {
  const now = harness.clock.now().getTime()
  const id = await harness.competition(admin, {
    minimum_tickets: minimum,
    start_date: new Date(now - day).toISOString(),
    end_date: new Date(now + hour).toISOString(),
  })
  for (const quantity of entries) await harness.paidEntry(id, quantity)
  harness.clock.advance(2 * hour)
  await runAutoClose(id, (t) => t.includes('CompetitionUndersold'))
  return id
}

/** Runs the auto-close on the harness's clock until the competition's events satisfy `done`. */
async function runAutoClose(id: string, done: (types: string[]) => boolean) {
  const running = await startAutoClose({
    store: harness.store,
    knex: harness.knex,
    logger: silentLogger,
    commands: lifecycleCommandsOf(deps),
    now: harness.clock.now,
    retryDelayMs: 20,
  })
  try {
    await expect.poll(async () => done(await types(id)), { timeout: 10_000 }).toBe(true)
  } finally {
    await running.stop()
  }
}

describe('the minimum and the cash alternative in the admin form', () => {
  it('stores both, answers them, and bounds them', async () => {
    const created = await harness.call(
      'POST',
      route,
      form({ minimum_tickets: '600', cash_alternative: '450.50' }),
      admin,
    )
    expect(created).toMatchObject({
      status: 201,
      body: { competition: { minimum_tickets: 600, cash_alternative: 450.5 } },
    })
    const id = (created.body.competition as { id: string }).id
    const [first] = await harness.events(id)
    expect(first?.data.details).toMatchObject({ minimumTickets: 600, cashAlternativePence: 45050 })

    const tooMany = await harness.call('POST', route, form({ minimum_tickets: 1001 }), admin)
    expect(tooMany).toMatchObject({
      status: 400,
      body: { fieldErrors: { minimum_tickets: ['The minimum tickets must be at most the total tickets'] } },
    })
    const zero = await harness.call('POST', route, form({ cash_alternative: 0 }), admin)
    expect(zero).toMatchObject({
      status: 400,
      body: { fieldErrors: { cash_alternative: expect.any(Array) } },
    })
    // A cleared field is no minimum.
    const cleared = await harness.call('PUT', `${route}/${id}`, form({ minimum_tickets: '' }), admin)
    expect(cleared.body).toMatchObject({ competition: { minimum_tickets: null, cash_alternative: null } })
  })
})

describe('an undersold competition, through the admin endpoints', () => {
  it('closes as before at the end date when the minimum is reached', async () => {
    const now = harness.clock.now().getTime()
    const id = await harness.competition(admin, {
      minimum_tickets: 2,
      start_date: new Date(now - day).toISOString(),
      end_date: new Date(now + hour).toISOString(),
    })
    await harness.paidEntry(id, 2)
    harness.clock.advance(2 * hour)
    await runAutoClose(id, (t) => t.includes('CompetitionClosed'))
    expect(await types(id)).not.toContain('CompetitionUndersold')
  })

  it('refuses entries, and is drawn anyway by an admin close that seals it', async () => {
    const id = await undersold(10)
    const late = await harness.reservation(id).catch((error: Error) => error)
    expect(String(late)).toContain('409')
    const closed = await harness.call(
      'PUT',
      `${route}/${id}/status`,
      { status: 'closed', reason: 'Draw anyway' },
      admin,
    )
    expect(closed).toMatchObject({
      status: 200,
      body: { competition: { status: 'closed', draw: { eligible_tickets: 2 } } },
    })
    const drawing = await harness.call('PUT', `${route}/${id}/status`, { status: 'drawing' }, admin)
    expect(drawing.body).toMatchObject({ competition: { status: 'drawing' } })
  })

  it('extends once, within 90 days, with the reason audited; a second extension is refused', async () => {
    const active = await harness.competition(admin)
    const notUndersold = await harness.call(
      'POST',
      `${route}/${active}/extend`,
      { end_date: new Date(harness.clock.now().getTime() + day).toISOString() },
      admin,
    )
    expect(notUndersold).toMatchObject({ status: 409, body: { code: 'INVALID_TRANSITION' } })

    const id = await undersold(10)
    const at = (ms: number) => new Date(harness.clock.now().getTime() + ms).toISOString()
    const extend = (body: unknown, token = admin) =>
      harness.call('POST', `${route}/${id}/extend`, body, token)
    expect(await extend({ end_date: at(-hour) })).toMatchObject({
      status: 400,
      body: { fieldErrors: { end_date: ['The new end date must be in the future'] } },
    })
    expect(await extend({ end_date: at(91 * day) })).toMatchObject({
      status: 400,
      body: { fieldErrors: { end_date: ['The new end date must be at most 90 days from now'] } },
    })
    expect((await extend({ end_date: 'soon' })).status).toBe(400)
    expect((await extend({ end_date: at(day) }, (await harness.user()).token)).status).toBe(403)

    const newEnd = at(7 * day)
    const extended = await extend({ end_date: newEnd, reason: 'A week more' })
    expect(extended).toMatchObject({
      status: 200,
      body: { competition: { status: 'active', end_date: newEnd, end_date_extended: true } },
    })
    const metadata = (await harness.metadata(id)).at(-1)
    expect(metadata).toMatchObject({ reason: 'A week more', actor: { role: 'admin' } })
    // Open again: a new entry is taken.
    await harness.paidEntry(id, 1)

    harness.clock.advance(8 * day)
    // Sessions last 7 days: sign in again on the moved clock.
    admin = await harness.admin()
    await runAutoClose(id, (t) => t.filter((type) => type === 'CompetitionUndersold').length === 2)
    const again = await extend({ end_date: at(day) })
    expect(again).toMatchObject({ status: 409, body: { code: 'END_DATE_ALREADY_EXTENDED' } })
    const events = await harness.store.readStream(competitionStream(id))
    expect(events.filter((event) => event.type === 'CompetitionEndDateExtended')).toHaveLength(1)
  })

  it('is cancelled with the reason audited', async () => {
    const id = await undersold(10)
    const cancelled = await harness.call(
      'PUT',
      `${route}/${id}/status`,
      { status: 'cancelled', reason: 'Minimum not reached' },
      admin,
    )
    expect(cancelled).toMatchObject({ status: 200, body: { competition: { status: 'cancelled' } } })
    expect((await harness.metadata(id)).at(-1)).toMatchObject({ reason: 'Minimum not reached' })
  })
})
