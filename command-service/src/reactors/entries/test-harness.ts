import { randomUUID } from 'node:crypto'
import { type CompetitionDetails, competitionStream } from '@prizes/contracts'
import { createPostgresEventStore, type PostgresEventStore } from '@prizes/event-store'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import { createOfflinePaymentProvider, type OfflinePaymentProvider, testCards } from '@prizes/payments'
import { createKnex, loadSecrets } from '@prizes/platform'
import type { Knex } from 'knex'
import { type CommandHandler, createCommandHandler } from '../../command-handler'
import { createCompetition, publishCompetition } from '../../competitions/commands'
import { createDrawSeedStore } from '../../competitions/draw-seeds'
import type { EntryDeps } from '../../entries/deps'
import { requestEntry } from '../../entries/entries'
import type { CommandContext } from '../../event-metadata'
import { migrateCommandTables } from '../../migrations'
import { details, silentLogger } from '../../testing/fixtures'
import { openAccount } from '../../users/registration'
import { migrateReactorTables } from '../tables'

/**
 * The entry reactors' world on a real PostgreSQL and the real clock: the event store, the
 * command-side tables, the entries slice and the offline provider, with reservations that last
 * `reservationMs` so the expiry reactor's timers run in test time.
 */
export interface EntryReactorHarness {
  readonly store: PostgresEventStore
  readonly knex: Knex
  readonly handler: CommandHandler
  readonly payments: OfflinePaymentProvider
  readonly deps: EntryDeps
  context(): CommandContext
  /** A published competition open now. */
  competition(overrides?: Partial<CompetitionDetails>): Promise<{ competitionId: string; title: string }>
  /** A registered user with a real key and encrypted personal data. */
  user(): Promise<{ userId: string; email: string }>
  /**
   * create-payment-intent for `quantity` tickets, answering `answer` ('4', the fixtures' correct
   * one, unless given); the reservation lasts `reservationMs`.
   */
  reserve(competitionId: string, userId: string, quantity?: number, answer?: string): Promise<Reserved>
  pay(paymentIntentId: string): Promise<void>
  events(
    competitionId: string,
  ): Promise<{ type: string; data: Record<string, unknown>; occurredAt: string }[]>
  /** Polls the competition's events until `done` holds, or fails after `timeoutMs`. */
  waitFor(competitionId: string, done: (types: string[]) => boolean, timeoutMs?: number): Promise<string[]>
  close(): Promise<void>
}

export interface Reserved {
  readonly entryId: string
  readonly paymentIntentId: string
  readonly amountPence: number
  readonly expiresAt: Date
}

export async function startEntryReactorHarness(
  label: string,
  reservationMs: number,
): Promise<EntryReactorHarness> {
  const database: TestDatabase = await createTestDatabase(label)
  const store = createPostgresEventStore({ connectionString: database.url, logger: silentLogger })
  await store.migrate()
  const knex = createKnex(database.url, { poolMax: 10 })
  await migrateCommandTables(knex)
  await migrateReactorTables(knex)
  const secrets = await loadSecrets(knex)
  const handler = createCommandHandler({ store, logger: silentLogger })
  const payments = createOfflinePaymentProvider({ knex })
  const deps: EntryDeps = {
    handler,
    store,
    knex,
    payments,
    logger: silentLogger,
    reservationMinutes: reservationMs / 60_000,
  }
  const context = (): CommandContext => ({ actor: { system: 'test' }, now: new Date() })
  const day = 86_400_000

  async function events(competitionId: string) {
    const recorded = await store.readStream(competitionStream(competitionId))
    return recorded.map((event) => ({
      type: event.type,
      data: event.data as Record<string, unknown>,
      occurredAt: String(event.metadata.occurredAt),
    }))
  }

  return {
    store,
    knex,
    handler,
    payments,
    deps,
    context,
    async competition(overrides = {}) {
      const admin: CommandContext = { actor: { userId: 'admin-1', role: 'admin' }, now: new Date() }
      const title = `Win a campervan ${randomUUID().slice(0, 8)}`
      const { competitionId } = await createCompetition(
        handler,
        {
          details: {
            ...details,
            title,
            startDate: new Date(Date.now() - day).toISOString(),
            endDate: new Date(Date.now() + 30 * day).toISOString(),
            ...overrides,
          },
        },
        admin,
      )
      await publishCompetition(handler, { competitionId }, admin, createDrawSeedStore(knex))
      return { competitionId, title }
    },
    async user() {
      const email = `ada-${randomUUID()}@example.com`
      const personal = {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email,
        phone: '+44 20 7946 0958',
        address: '1 Analytical Row, London',
        dateOfBirth: null,
      }
      const { user } = await openAccount(
        { handler, store, knex, secrets, logger: silentLogger },
        { personal, password: 'Secret123', marketingEmails: false, kind: 'guest' },
        context(),
      )
      return { userId: user.userId, email }
    },
    async reserve(competitionId, userId, quantity = 1, answer = '4') {
      const submission = {
        competitionId,
        numberOfEntries: quantity,
        skillQuestionAnswer: answer,
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        phone: '+44 20 7946 0958',
        address: '1 Analytical Row, London',
        agreedToTerms: true as const,
        subscribedToNewsletter: false,
      }
      const made = await requestEntry(deps, { userId, submission }, context())
      const reserved = (await events(competitionId)).find(
        (event) => event.type === 'TicketsReserved' && event.data.entryId === made.entryId,
      )
      if (!reserved) throw new Error('no TicketsReserved for the new entry')
      return {
        entryId: made.entryId,
        paymentIntentId: made.paymentIntentId,
        amountPence: made.amountPence,
        expiresAt: new Date(String(reserved.data.expiresAt)),
      }
    },
    async pay(paymentIntentId) {
      const outcome = await payments.confirmWithTestCard(paymentIntentId, {
        cardNumber: testCards.succeeds,
        expiry: '12/34',
      })
      if (outcome.status !== 'succeeded') throw new Error(`payment ${outcome.status}`)
    },
    events,
    async waitFor(competitionId, done, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const types = (await events(competitionId)).map((event) => event.type)
        if (done(types)) return types
        if (Date.now() > deadline) throw new Error(`still waiting; events so far: ${types.join(', ')}`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
    async close() {
      await store.close()
      await knex.destroy()
      await database.drop()
    },
  }
}
