import { type CompetitionDetails, competitionStream } from '@prizes/contracts'
import { createPostgresEventStore, type PostgresEventStore } from '@prizes/event-store'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import { createOfflinePaymentProvider, type OfflinePaymentProvider, testCards } from '@prizes/payments'
import { createApp, createKnex, loadSecrets, type RateLimit } from '@prizes/platform'
import { serve } from '@prizes/platform/testing'
import type { Knex } from 'knex'
import { type TestClock, testClock } from '../auth/test-harness'
import { createCommandHandler } from '../command-handler'
import { createCompetition, publishCompetition } from '../competitions/commands'
import { createDrawSeedStore } from '../competitions/draw-seeds'
import { mapCommandError } from '../errors'
import type { CommandContext } from '../event-metadata'
import { migrateCommandTables } from '../migrations'
import { details, silentLogger } from '../testing/fixtures'
import { signedInGuest } from '../testing/signed-in-guest'
import type { AccountDeps } from '../users/deps'
import type { ReservationLimits } from './rate-limits'
import type { EntriesRouterDeps } from './routes'
import { entriesRouter } from './routes'

/**
 * The entries router on a real PostgreSQL (event store, command tables, the offline payment
 * provider), mounted with the platform's `createApp` and the command error mapping, served on
 * an ephemeral port, with a clock the test moves.
 */

export interface Answer {
  readonly status: number
  // Response bodies are read as the contract says; tests assert on their fields.
  readonly body: Record<string, unknown>
}

export interface EntriesHarness {
  readonly store: PostgresEventStore
  readonly knex: Knex
  readonly payments: OfflinePaymentProvider
  readonly clock: TestClock
  readonly deps: EntriesRouterDeps
  readonly context: () => CommandContext
  call(
    path: string,
    body: unknown,
    options?: { token?: string; raw?: string; idempotencyKey?: string },
  ): Promise<Answer>
  /** A registered user, signed in: their id and session token. */
  user(): Promise<{ userId: string; token: string }>
  /** A published competition open now (the fixtures' dates), with these details changed. */
  competition(overrides?: Partial<CompetitionDetails>): Promise<string>
  /** The entrant's card form, as the offline provider's test route confirms it. */
  pay(paymentIntentId: string, cardNumber?: string): Promise<string>
  /** The competition's events, for assertions on what was recorded. */
  events(competitionId: string): Promise<{ type: string; data: Record<string, unknown> }[]>
  close(): Promise<void>
}

/**
 * Tests buy as many users from one address (127.0.0.1), far more than `defaultReservationLimits`
 * allow one address; a test of the limits passes its own.
 */
const unlimited: ReservationLimits = {
  perUser: { max: 1_000_000, windowMs: 60_000 },
  perAddress: { max: 1_000_000, windowMs: 60_000 },
}

export async function startEntriesHarness(
  label: string,
  options: { readonly reservationLimits?: ReservationLimits; readonly questionLimit?: RateLimit } = {},
): Promise<EntriesHarness> {
  const database: TestDatabase = await createTestDatabase(label)
  const store = createPostgresEventStore({ connectionString: database.url, logger: silentLogger })
  await store.migrate()
  const knex = createKnex(database.url, { poolMax: 30 })
  await migrateCommandTables(knex)
  const secrets = await loadSecrets(knex)
  const clock = testClock(new Date('2030-01-10T12:00:00.000Z'))
  const handler = createCommandHandler({ store, logger: silentLogger })
  const payments = createOfflinePaymentProvider({ knex, now: clock.now })
  const deps: EntriesRouterDeps = {
    handler,
    store,
    knex,
    secrets,
    payments,
    logger: silentLogger,
    clock: clock.now,
    reservationLimits: options.reservationLimits ?? unlimited,
    questionLimit: options.questionLimit ?? unlimited.perAddress,
  }
  const accounts: AccountDeps = { handler, store, knex, secrets, logger: silentLogger }
  const app = createApp({
    name: 'command',
    logger: silentLogger,
    mapError: mapCommandError,
    routers: [entriesRouter(deps)],
  })
  const served = await serve(app.callback())
  const context = (): CommandContext => ({ actor: { system: 'test' }, now: clock.now() })

  return {
    store,
    knex,
    payments,
    clock,
    deps,
    context,
    async call(path, body, options = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json' }
      if (options.token) headers.authorization = `Bearer ${options.token}`
      if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey
      const response = await fetch(`${served.url}${path}`, {
        method: 'POST',
        headers,
        body: options.raw ?? JSON.stringify(body),
      })
      const text = await response.text()
      return { status: response.status, body: text ? JSON.parse(text) : {} }
    },
    user: () => signedInGuest(accounts, context()),
    async competition(overrides = {}) {
      const admin: CommandContext = { actor: { userId: 'admin-1', role: 'admin' }, now: clock.now() }
      const { competitionId } = await createCompetition(
        handler,
        { details: { ...details, ...overrides } },
        admin,
      )
      await publishCompetition(handler, { competitionId }, admin, createDrawSeedStore(knex))
      return competitionId
    },
    async pay(paymentIntentId, cardNumber = testCards.succeeds) {
      const outcome = await payments.confirmWithTestCard(paymentIntentId, { cardNumber, expiry: '12/34' })
      return outcome.status
    },
    async events(competitionId) {
      const recorded = await store.readStream(competitionStream(competitionId))
      return recorded.map((event) => ({ type: event.type, data: event.data as Record<string, unknown> }))
    },
    async close() {
      await served.close()
      await store.close()
      await knex.destroy()
      await database.drop()
    },
  }
}

/** A valid entry submission for `competitionId`; the fixtures' question has '4' as its answer. */
export function submission(competitionId: string, overrides: Record<string, unknown> = {}) {
  return {
    competitionId,
    competitionTitle: 'Win a campervan',
    entryPrice: 2.5,
    numberOfEntries: 1,
    skillQuestionAnswer: '4',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    phone: '+44 20 7946 0958',
    address: '1 Analytical Row, London',
    agreedToTerms: true,
    subscribedToNewsletter: false,
    ...overrides,
  }
}
