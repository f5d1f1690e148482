import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { competitionStream, userStream } from '@prizes/contracts'
import { createPostgresEventStore, type PostgresEventStore } from '@prizes/event-store'
import { createTestDatabase } from '@prizes/event-store/testing'
import {
  type ActivePaymentProvider,
  createOfflinePaymentProvider,
  createStripePaymentProvider,
  type OfflinePaymentProvider,
  testCards,
} from '@prizes/payments'
import { createKnex, loadSecrets } from '@prizes/platform'
import { serve } from '@prizes/platform/testing'
import type { Knex } from 'knex'
import { type CommandAppOptions, createCommandApp } from '../app'
import { type TestClock, testClock } from '../auth/test-harness'
import { createCommandHandler } from '../command-handler'
import { submission } from '../entries/test-harness'
import { migrateCommandTables } from '../migrations'
import { silentLogger } from '../testing/fixtures'
import { signedInGuest } from '../testing/signed-in-guest'
import { createAdminAccount } from '../users/admin-account'
import type { AccountDeps } from '../users/deps'

/** The whole command app on a real PostgreSQL, with a media folder of its own, for the admin routes. */

export interface Answer {
  readonly status: number
  // Response bodies are read as the contract says; tests assert on their fields.
  readonly body: Record<string, unknown>
}

export interface AdminHarness {
  readonly url: string
  /** The test database, for a connection of a test's own (a lease holder's). */
  readonly databaseUrl: string
  readonly store: PostgresEventStore
  readonly knex: Knex
  readonly clock: TestClock
  readonly mediaDir: string
  readonly payments: OfflinePaymentProvider
  call(method: string, path: string, body?: unknown, token?: string): Promise<Answer>
  /** Sends a FormData body as multipart/form-data. */
  upload(method: string, path: string, form: FormData, token?: string): Promise<Answer>
  /** A signed-in admin's token. */
  admin(): Promise<string>
  /** A signed-in admin with a known email and password (`Secret123`). */
  adminAccount(): Promise<{ userId: string; email: string; token: string }>
  /** Signs in through the login endpoint. */
  login(email: string, password?: string): Promise<Answer>
  /** A signed-in ordinary user. */
  user(): Promise<{ userId: string; token: string }>
  /** A competition made through the admin route from `form(overrides)`; its id. */
  competition(adminToken: string, overrides?: Record<string, unknown>): Promise<string>
  /** A new signed-in user's reservation through the entries route, awaiting payment. */
  reservation(competitionId: string, numberOfEntries?: number): Promise<Entrant>
  /** A new signed-in user's entry, paid by the offline test card and confirmed: allocated. */
  paidEntry(competitionId: string, numberOfEntries?: number): Promise<Entrant>
  /** How many refunds the offline provider made of this payment. */
  providerRefunds(paymentIntentId: string): Promise<number>
  events(competitionId: string): Promise<{ type: string; data: Record<string, unknown> }[]>
  metadata(competitionId: string): Promise<Record<string, unknown>[]>
  /** The user's stream: each event's type and metadata. */
  userEvents(userId: string): Promise<{ type: string; metadata: Record<string, unknown> }[]>
  close(): Promise<void>
}

export interface Entrant {
  readonly userId: string
  readonly token: string
  readonly paymentIntentId: string
}

export async function startAdminHarness(
  label: string,
  options: Pick<
    CommandAppOptions,
    'readModels' | 'rateLimits' | 'health' | 'drandUrls' | 'drandChain' | 'email' | 'resetTestData'
  > & {
    /** The app takes payments through Stripe (keys that reach nothing): real money, not TEST MODE. */
    readonly stripe?: boolean
    /** The provider the app runs with, made from the offline one (a test's Stripe webhook on it). */
    readonly activePayments?: (offline: OfflinePaymentProvider) => ActivePaymentProvider
  } = {},
): Promise<AdminHarness> {
  const { stripe, activePayments, ...appOptions } = options
  const database = await createTestDatabase(label)
  const store = createPostgresEventStore({ connectionString: database.url, logger: silentLogger })
  await store.migrate()
  const knex = createKnex(database.url, { poolMax: 20 })
  await migrateCommandTables(knex)
  const secrets = await loadSecrets(knex)
  const clock = testClock(new Date('2030-01-10T12:00:00.000Z'))
  const handler = createCommandHandler({ store, logger: silentLogger })
  const mediaDir = await mkdtemp(path.join(tmpdir(), 'admin-media-'))
  const payments = createOfflinePaymentProvider({ knex, now: clock.now })
  const app = createCommandApp({
    ...{ store, knex, secrets, handler, payments: activePayments?.(payments) ?? payments },
    ...{ logger: silentLogger, clock: clock.now, mediaDir },
    ...(stripe
      ? {
          payments: createStripePaymentProvider({
            secretKey: 'sk_live_harness',
            publishableKey: 'pk_live_harness',
            webhookSecret: 'whsec_harness',
          }),
        }
      : {}),
    ...appOptions,
  })
  const served = await serve(app.callback())
  const accounts: AccountDeps = { handler, store, knex, secrets, logger: silentLogger }
  const context = () => ({ actor: { system: 'test' }, now: clock.now() })
  const read = async (response: Response): Promise<Answer> => {
    const text = await response.text()
    return { status: response.status, body: text ? JSON.parse(text) : {} }
  }
  const auth = (token?: string): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {})

  const harness: AdminHarness = {
    url: served.url,
    databaseUrl: database.url,
    store,
    knex,
    clock,
    mediaDir,
    payments,
    async call(method, route, body, token) {
      const headers = {
        ...auth(token),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      }
      const init = body === undefined ? { method, headers } : { method, headers, body: JSON.stringify(body) }
      return read(await fetch(`${served.url}${route}`, init))
    },
    async upload(method, route, form, token) {
      return read(await fetch(`${served.url}${route}`, { method, headers: auth(token), body: form }))
    },
    async admin() {
      return (await harness.adminAccount()).token
    },
    async adminAccount() {
      const email = `admin-${randomUUID()}@example.com`
      const { userId } = await createAdminAccount(accounts, { email, password: 'Secret123' }, context())
      const answer = await harness.login(email)
      if (typeof answer.body.token !== 'string') throw new Error(`admin login failed: ${answer.status}`)
      return { userId, email, token: answer.body.token }
    },
    async login(email, password = 'Secret123') {
      return read(
        await fetch(`${served.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password }),
        }),
      )
    },
    user: () => signedInGuest(accounts, context()),
    async competition(adminToken, overrides) {
      const answer = await harness.call('POST', '/api/admin/competitions', form(overrides), adminToken)
      const competition = answer.body.competition as { id?: unknown } | undefined
      if (answer.status !== 201 || typeof competition?.id !== 'string') {
        throw new Error(`competition not created: ${answer.status} ${JSON.stringify(answer.body)}`)
      }
      return competition.id
    },
    async reservation(competitionId, numberOfEntries = 1) {
      const { userId, token } = await harness.user()
      // The question this entrant is given (a competition may have a pool), answered with its
      // first option: right or wrong, an answer it offers is taken.
      const asked = await harness.call('POST', '/api/entries/skill-question', { competitionId }, token)
      if (asked.status !== 200)
        throw new Error(`no skill question: ${asked.status} ${JSON.stringify(asked.body)}`)
      const question = asked.body.question as { index: number; options: string[] }
      const body = submission(competitionId, {
        numberOfEntries,
        skillQuestionIndex: question.index,
        skillQuestionAnswer: question.index === 0 ? '4' : question.options[0],
      })
      const intent = await harness.call('POST', '/api/entries/create-payment-intent', body, token)
      if (intent.status !== 200) {
        throw new Error(`no payment intent: ${intent.status} ${JSON.stringify(intent.body)}`)
      }
      return { userId, token, paymentIntentId: String(intent.body.paymentIntentId) }
    },
    async paidEntry(competitionId, numberOfEntries) {
      const entrant = await harness.reservation(competitionId, numberOfEntries)
      const { paymentIntentId, token } = entrant
      await payments.confirmWithTestCard(paymentIntentId, { cardNumber: testCards.succeeds, expiry: '12/34' })
      const confirmed = await harness.call('POST', '/api/entries/confirm-payment', { paymentIntentId }, token)
      if (confirmed.status !== 200) {
        throw new Error(`payment not confirmed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`)
      }
      return entrant
    },
    async providerRefunds(paymentIntentId) {
      const [row] = await knex('offline_payment_refunds')
        .where({ payment_intent_id: paymentIntentId })
        .count({ n: '*' })
      return Number(row?.n)
    },
    async events(competitionId) {
      const recorded = await store.readStream(competitionStream(competitionId))
      return recorded.map((event) => ({ type: event.type, data: event.data as Record<string, unknown> }))
    },
    async metadata(competitionId) {
      const recorded = await store.readStream(competitionStream(competitionId))
      return recorded.map((event) => ({ ...event.metadata }))
    },
    async userEvents(userId) {
      const recorded = await store.readStream(userStream(userId))
      return recorded.map((event) => ({ type: event.type, metadata: { ...event.metadata } }))
    },
    async close() {
      await served.close()
      await store.close()
      await knex.destroy()
      await database.drop()
      await rm(mediaDir, { recursive: true, force: true })
    },
  }
  return harness
}

/** A valid admin form (JSON), with these fields changed. */
export function form(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Win a campervan',
    description: 'A VW California, fully kitted out',
    prize: 'VW California',
    prize_value: 55000,
    entry_price: 2.5,
    total_tickets: 1000,
    start_date: '2030-01-10T00:00:00.000Z',
    end_date: '2030-02-10T00:00:00.000Z',
    status: 'active',
    featured: false,
    skill_question: { question: 'What is 2 + 2?', options: ['3', '4', '5', '6'], correct: '4' },
    ...overrides,
  }
}
