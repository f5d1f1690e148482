import { createAdminAccount, createCommandHandler } from '@prizes/command-service'
import {
  competitionStream,
  entryMessages,
  eventPositionHeader,
  readAfterHeader,
  readStaleHeader,
} from '@prizes/contracts'
import { comparePositions, createEventStore, positionFromString } from '@prizes/event-store'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import { consumerLeaseClass, createKnex, createLogger, loadSecrets } from '@prizes/platform'
import type { Knex } from 'knex'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { settled, waitUntil } from '../crash/crash-harness'
import { type ScaleOut, type ServiceProcess, startScaleOut } from './testing/scale-out'

/**
 * Issue 12, item 1: the services are stateless and run as many instances as wanted. Here, as
 * docker-compose runs them, each in its own process: two command services, two consumers
 * processes (the projections and the reactors, under their leases: one runs them, the other
 * stands by), the query service, and the gateway spreading requests over both command services.
 */

const logger = createLogger({ level: 'silent' })
let database: TestDatabase
let platform: ScaleOut
let store: ReturnType<typeof createEventStore>
let knex: Knex
let admin = ''
/** Reservations last 12 seconds here, so an expiry is watched, not waited for. */
const reservationMinutes = '0.2'
/**
 * The projections' lease and the reactors' (the draw-result emails of issue 24 the last one
 * added).
 */
const consumerLeases = 16
const adminLogin = { email: 'scale-admin@example.com', password: 'Admin12345', firstName: 'Sol' }

beforeAll(async () => {
  database = await createTestDatabase('scale_out')
  platform = await startScaleOut({
    databaseUrl: database.url,
    env: { RESERVATION_MINUTES: reservationMinutes },
  })
  // With EVENTSTORE_URL set (the KurrentDB workflow), the processes started above keep their
  // events there, since they take this process's environment: read them from there too.
  store = createEventStore({
    databaseUrl: database.url,
    eventStoreUrl: process.env.EVENTSTORE_URL || undefined,
    logger,
  })
  knex = createKnex(database.url)
  const secrets = await loadSecrets(knex)
  const handler = createCommandHandler({ store, logger })
  await createAdminAccount({ handler, store, knex, secrets, logger }, adminLogin, {
    actor: { system: 'test' },
    now: new Date(),
  })
  const login = await call('POST', '/api/auth/login', adminLogin)
  expect(login.status).toBe(200)
  admin = String(login.body.token)
}, 240_000)

afterAll(async () => {
  await platform?.stop()
  await store?.close()
  await knex?.destroy()
  await database?.drop()
}, 60_000)

interface Answer {
  readonly status: number
  readonly headers: Headers
  readonly body: Record<string, unknown>
}

async function call(
  method: string,
  route: string,
  body?: unknown,
  options: { token?: string; headers?: Record<string, string>; to?: string } = {},
): Promise<Answer> {
  const response = await fetch(`${options.to ?? platform.url}${route}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await response.text()
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : {} }
}

const day = 24 * 60 * 60 * 1000

const form = (title: string, totalTickets: number) => {
  const now = Date.now()
  return {
    title,
    description: 'A prize sold by two command services',
    prize: 'A bicycle',
    prize_value: 900,
    entry_price: 1.5,
    total_tickets: totalTickets,
    start_date: new Date(now - day).toISOString(),
    end_date: new Date(now + 30 * day).toISOString(),
    status: 'active',
    featured: false,
    skill_question: { question: 'What is 2 + 2?', options: ['3', '4', '5', '6'], correct: '4' },
  }
}

async function competition(title: string, totalTickets: number) {
  const created = await call('POST', '/api/admin/competitions', form(title, totalTickets), { token: admin })
  expect(created.status).toBe(201)
  return {
    id: (created.body.competition as { id: string }).id,
    position: created.headers.get(eventPositionHeader),
  }
}

/** The admin list's page of competitions whose title has `search` (the list is paged). */
const adminIds = async (search: string, headers: Record<string, string> = {}) => {
  const route = `/api/admin/competitions?search=${encodeURIComponent(search)}`
  const list = await call('GET', route, undefined, { token: admin, headers })
  expect(list.status).toBe(200)
  return {
    ids: (list.body.competitions as Array<{ id: string }>).map((c) => c.id),
    stale: list.headers.get(readStaleHeader),
  }
}

describe('scale-out: two command services, two consumers processes, one query service, the gateway in front', () => {
  it('reads its own writes across processes: a command made on either instance, then a query that waits for it', async () => {
    // Four in a row: the gateway's round robin sends them to both command services.
    for (let i = 0; i < 4; i += 1) {
      const { id, position } = await competition(`Read back ${i}`, 10)
      expect(position).toMatch(/^\d+\/\d+$/)
      // The query service, in its own process, waits for the projections in theirs.
      const read = await adminIds(`Read back ${i}`, { [readAfterHeader]: String(position) })
      expect(read.stale).toBeNull()
      expect(read.ids).toContain(id)
    }
  })

  it('an admin command on its own command service answers once the read models show it', async () => {
    // Without X-Read-After: the command service itself waited on the checkpoints before answering.
    for (const to of platform.commandUrls) {
      const created = await call('POST', '/api/admin/competitions', form(`Admin on ${to}`, 10), {
        token: admin,
        to,
      })
      expect(created.status).toBe(201)
      expect((await adminIds(`Admin on ${to}`)).ids).toContain(
        (created.body.competition as { id: string }).id,
      )
    }
  })

  it('sells exactly the tickets there are to buyers racing through both command services', async () => {
    const totalTickets = 30
    const { id: competitionId } = await competition('The race', totalTickets)
    const buyers = await Promise.all(Array.from({ length: 60 }, (_, i) => guest(i)))

    const answers = await Promise.all(buyers.map((buyer) => buy(competitionId, buyer)))

    const sold = answers.filter((answer) => answer.status === 200)
    const refused = answers.filter((answer) => answer.status !== 200)
    expect(sold).toHaveLength(totalTickets)
    const numbers = sold.flatMap((answer) => (answer.body.entry as { ticketNumbers: number[] }).ticketNumbers)
    expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: totalTickets }, (_, i) => i + 1))
    const references = sold.map((answer) => (answer.body.entry as { entryReference: string }).entryReference)
    expect(new Set(references).size).toBe(totalTickets)
    for (const answer of refused) {
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 409,
        body: { success: false, code: 'NOT_ENOUGH_TICKETS', message: entryMessages.notEnoughTickets },
      })
    }
    // The log agrees: no number allocated twice, none beyond the competition's tickets.
    const allocated = (await store.readStream(competitionStream(competitionId)))
      .filter((event) => event.type === 'TicketsAllocated')
      .flatMap((event) => (event.data as { ticketNumbers: number[] }).ticketNumbers)
    expect(allocated.sort((a, b) => a - b)).toEqual(Array.from({ length: totalTickets }, (_, i) => i + 1))
  })

  it('the consumers process killed with SIGKILL, the one standing by takes every lease and expires what it had in hand', async () => {
    const title = 'Taken over'
    const { id: competitionId } = await competition(title, 10)
    const buyer = await guest(200)
    const before = await leaseHolders()
    // One process runs every consumer; the other holds nothing.
    expect(Object.values(before)).toEqual([consumerLeases])
    const holder = holderOf(Object.keys(before)[0])
    const standby = platform.consumers.find((consumers) => consumers !== holder)
    if (!standby) throw new Error('no consumers process standing by')

    const reserved = await reserve(competitionId, buyer)
    expect(reserved.status).toBe(200)
    const reservation = (await store.readStream(competitionStream(competitionId))).find(
      (event) =>
        event.type === 'TicketsReserved' &&
        (event.data as { paymentIntentId: string }).paymentIntentId === reserved.body.paymentIntentId,
    )
    if (!reservation) throw new Error('no TicketsReserved for the payment intent')
    // The holder has the reservation in hand (its expiry timer set) once its checkpoint is past
    // it; killed then, well before the reservation is due.
    await waitUntil(
      'the expiry reactor to check the reservation in',
      async () => {
        const row = await knex('reactor_checkpoints').where({ name: 'reservation-expiry' }).first('position')
        const position = row?.position ? positionFromString(String(row.position)) : undefined
        return position !== undefined && comparePositions(position, reservation.position) >= 0
      },
      { everyMs: 20 },
    )
    const entryId = (reservation.data as { entryId: string }).entryId
    const releases = async () =>
      (await store.readStream(competitionStream(competitionId))).filter(
        (event) =>
          event.type === 'ReservationReleased' && (event.data as { entryId: string }).entryId === entryId,
      )
    expect(await releases()).toEqual([])
    await holder.kill()

    await waitUntil(
      'the consumers process standing by to take every lease',
      async () => {
        const now = await leaseHolders()
        const [only, ...others] = Object.keys(now)
        return others.length === 0 && only && holderOf(only) === standby && now[only] === consumerLeases
      },
      { timeoutMs: 20_000, everyMs: 50 },
    )
    // It rebuilt the timer from the log and releases the reservation when due.
    await waitUntil('the reservation to expire', async () => (await releases()).length > 0, {
      timeoutMs: 30_000,
    })

    // After the takeover: a purchase is confirmed by email, once, by the survivor's reactors.
    const bought = await buy(competitionId, buyer)
    expect(bought.status).toBe(200)
    await waitUntil('every consumer to catch up and the outbox to empty', () => settled(platform.url), {
      timeoutMs: 30_000,
      everyMs: 1000,
    })
    const confirmations = (await platform.inbox.all()).filter((email) =>
      email.subject.startsWith(`[TEST MODE] Entry received: ${title} `),
    )
    expect(confirmations.map((email) => email.to.map((to) => to.address))).toEqual([[buyer.email]])
    expect(await releases()).toHaveLength(1)
    const allocated = (await store.readStream(competitionStream(competitionId))).filter(
      (event) => event.type === 'TicketsAllocated',
    )
    expect(allocated).toHaveLength(1)
    // The reservation alone takes 12 seconds to fall due.
  }, 90_000)

  it('when one command service stops, the gateway sends everything to the other', async () => {
    const first = platform.processes.find((p) => p.url === platform.commandUrls[0])
    if (!first) throw new Error('no first command service')
    await first.stop()
    const { id } = await competition('After the stop', 5)
    // Every turn of the round robin, the stopped one's included, reaches the one still running.
    for (let i = 0; i < 4; i += 1) {
      const bought = await buy(id, await guest(100 + i))
      expect(bought.status).toBe(200)
    }
  })
})

/**
 * The lease holders PostgreSQL knows of, by `application_name` (`consumers <host>:<pid>`), with
 * how many leases each holds: what `/api/health` reports as each consumer's holder.
 */
async function leaseHolders(): Promise<Record<string, number>> {
  const { rows } = await knex.raw<{ rows: Array<{ holder: string; n: number }> }>(
    `select a.application_name as holder, count(*)::int as n
       from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where l.locktype = 'advisory' and l.granted and l.classid = ?::int::oid
      group by a.application_name`,
    [consumerLeaseClass],
  )
  return Object.fromEntries(rows.map((row) => [row.holder, row.n]))
}

/** The consumers process a lease holder's `application_name` names, by its pid. */
function holderOf(applicationName: string | undefined): ServiceProcess {
  const pid = Number(/:(\d+)$/.exec(applicationName ?? '')?.[1])
  const found = platform.consumers.find((consumers) => consumers.pid === pid)
  if (!found) throw new Error(`the lease holder ${applicationName} is none of the consumers processes`)
  return found
}

interface Buyer {
  readonly token: string
  readonly email: string
}

/** A guest account through the gateway, as the entry modal makes one: signed in at once. */
async function guest(index: number): Promise<Buyer> {
  const email = `racer-${index}-${Date.now()}@example.com`
  const answer = await call('POST', '/api/auth/create-guest-account', {
    firstName: 'Racing',
    lastName: `Buyer ${index}`,
    email,
    phone: '07700 900123',
    address: '1 Race Street, London',
    dateOfBirth: '1990-01-01',
    tempPassword: `Racer${index}x${Date.now()}`,
    source: 'competition_entry',
  })
  if (answer.status !== 200 && answer.status !== 201) {
    throw new Error(`guest not created: ${answer.status} ${JSON.stringify(answer.body)}`)
  }
  return { token: String(answer.body.token), email }
}

/**
 * One purchase as the web makes it: the payment intent (tickets reserved), the offline card form
 * with the card that succeeds, the confirmation (tickets numbered). Nothing is asked twice: the
 * command services take turns on the competition's stream themselves, so a buyer never sees the
 * other instance's append as a conflict.
 */
async function buy(competitionId: string, buyer: Buyer): Promise<Answer> {
  const { token } = buyer
  const intent = await reserve(competitionId, buyer)
  if (intent.status !== 200) return intent
  const paymentIntentId = String(intent.body.paymentIntentId)
  const card = await call(
    'POST',
    `/api/test-payments/${encodeURIComponent(paymentIntentId)}/confirm`,
    { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
    { token },
  )
  if (card.status !== 200 || card.body.status !== 'succeeded') return card
  return call('POST', '/api/entries/confirm-payment', { paymentIntentId }, { token })
}

/** The payment intent: one ticket reserved for the buyer. */
function reserve(competitionId: string, { token, email }: Buyer): Promise<Answer> {
  return call(
    'POST',
    '/api/entries/create-payment-intent',
    {
      competitionId,
      numberOfEntries: 1,
      skillQuestionAnswer: '4',
      firstName: 'Racing',
      lastName: 'Buyer',
      email,
      phone: '07700 900123',
      address: '1 Race Street, London',
      agreedToTerms: true,
      subscribedToNewsletter: false,
    },
    { token },
  )
}
