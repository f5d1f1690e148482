import { createAdminAccount, createCommandHandler } from '@prizes/command-service'
import {
  competitionStream,
  entryMessages,
  eventPositionHeader,
  readAfterHeader,
  readStaleHeader,
} from '@prizes/contracts'
import { createPostgresEventStore, type PostgresEventStore } from '@prizes/event-store'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import { createKnex, createLogger, loadSecrets } from '@prizes/platform'
import type { Knex } from 'knex'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ScaleOut, startScaleOut } from './testing/scale-out'

/**
 * Issue 12, item 1: the services are stateless and run as many instances as wanted. Here, as
 * docker-compose runs them, each in its own process: two command services, the consumers (the
 * projections and the reactors, under their leases), the query service, and the gateway
 * spreading requests over both command services.
 */

const logger = createLogger({ level: 'silent' })
let database: TestDatabase
let platform: ScaleOut
let store: PostgresEventStore
let knex: Knex
let admin = ''
const adminLogin = { email: 'scale-admin@example.com', password: 'Admin12345', firstName: 'Sol' }

beforeAll(async () => {
  database = await createTestDatabase('scale_out')
  platform = await startScaleOut({ databaseUrl: database.url })
  store = createPostgresEventStore({ connectionString: database.url, logger })
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

const adminIds = async (headers: Record<string, string> = {}) => {
  const list = await call('GET', '/api/admin/competitions', undefined, { token: admin, headers })
  expect(list.status).toBe(200)
  return {
    ids: (list.body.competitions as Array<{ id: string }>).map((c) => c.id),
    stale: list.headers.get(readStaleHeader),
  }
}

describe('scale-out: two command services, one query service, the gateway in front', () => {
  it('reads its own writes across processes: a command made on either instance, then a query that waits for it', async () => {
    // Four in a row: the gateway's round robin sends them to both command services.
    for (let i = 0; i < 4; i += 1) {
      const { id, position } = await competition(`Read back ${i}`, 10)
      expect(position).toMatch(/^\d+\/\d+$/)
      // The query service, in its own process, waits for the projections in theirs.
      const read = await adminIds({ [readAfterHeader]: String(position) })
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
      expect((await adminIds()).ids).toContain((created.body.competition as { id: string }).id)
    }
  })

  it('sells exactly the tickets there are to buyers racing through both command services', async () => {
    const totalTickets = 30
    const { id: competitionId } = await competition('The race', totalTickets)
    const buyers = await Promise.all(Array.from({ length: 60 }, (_, i) => guest(i)))

    const answers = await Promise.all(buyers.map((token) => buy(competitionId, token)))

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

/** A guest account through the gateway, as the entry modal makes one: signed in at once. */
async function guest(index: number): Promise<string> {
  const answer = await call('POST', '/api/auth/create-guest-account', {
    firstName: 'Racing',
    lastName: `Buyer ${index}`,
    email: `racer-${index}-${Date.now()}@example.com`,
    phone: '07700 900123',
    address: '1 Race Street, London',
    tempPassword: `Racer${index}x${Date.now()}`,
    source: 'competition_entry',
  })
  if (answer.status !== 200 && answer.status !== 201) {
    throw new Error(`guest not created: ${answer.status} ${JSON.stringify(answer.body)}`)
  }
  return String(answer.body.token)
}

/**
 * One purchase as the web makes it: the payment intent (tickets reserved), the offline card form
 * with the card that succeeds, the confirmation (tickets numbered). Nothing is asked twice: the
 * command services take turns on the competition's stream themselves, so a buyer never sees the
 * other instance's append as a conflict.
 */
async function buy(competitionId: string, token: string): Promise<Answer> {
  const intent = await call(
    'POST',
    '/api/entries/create-payment-intent',
    {
      competitionId,
      numberOfEntries: 1,
      skillQuestionAnswer: '4',
      firstName: 'Racing',
      lastName: 'Buyer',
      email: 'racer@example.com',
      phone: '07700 900123',
      address: '1 Race Street, London',
      agreedToTerms: true,
      subscribedToNewsletter: false,
    },
    { token },
  )
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
