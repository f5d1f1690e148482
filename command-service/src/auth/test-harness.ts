import { userEvents, userStream } from '@prizes/contracts'
import { createPostgresEventStore, type PostgresEventStore } from '@prizes/event-store'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import { createOfflinePaymentProvider } from '@prizes/payments'
import { createKnex, loadSecrets, type PlatformSecrets } from '@prizes/platform'
import { serve } from '@prizes/platform/testing'
import type { Knex } from 'knex'
import { createCommandApp } from '../app'
import { createCommandHandler } from '../command-handler'
import { deriveOneTimeToken, type OneTimeTokenPurpose } from '../crypto/one-time-token'
import type { CommandContext } from '../event-metadata'
import { migrateCommandTables } from '../migrations'
import { silentLogger } from '../testing/fixtures'
import type { AccountDeps } from '../users/deps'
import { type AfterAnswer, createAfterAnswer } from './after-answer'
import type { SignInLimits } from './login-guard'
import type { RateLimitedAction, RateLimitPolicy } from './rate-limits'

/**
 * The command app on a real PostgreSQL (event store and command-side tables), served on an
 * ephemeral port, with a clock the test moves. Shared by the auth integration tests.
 */

export interface TestClock {
  now(): Date
  advance(ms: number): void
}

export function testClock(start = new Date('2030-06-15T10:00:00.000Z')): TestClock {
  let current = start.getTime()
  return { now: () => new Date(current), advance: (ms) => (current += ms) }
}

export interface Answer {
  readonly status: number
  // Response bodies are read as the contract says; tests assert on their fields.
  readonly body: Record<string, unknown>
  readonly headers: Headers
}

export interface RequestOptions {
  readonly token?: string
  /** Stands for the client's address (the app trusts X-Forwarded-For, as behind the gateway). */
  readonly ip?: string
  /** Sent as is, for malformed bodies. */
  readonly raw?: string
}

/** Generous limits so only the rate-limit tests ever meet one. */
const plenty = { max: 10_000, windowMs: 60_000 }
const roomy: RateLimitPolicy = { perAddress: plenty, perEmail: plenty, perInbox: plenty }
const roomySignIn: SignInLimits = {
  attemptsPerAddress: plenty,
  failuresPerEmailAndAddress: plenty,
  failuresPerAddress: plenty,
  failuresPerEmail: plenty,
  currentPasswordFailuresPerUser: plenty,
}

export interface AuthHarness {
  readonly url: string
  readonly store: PostgresEventStore
  readonly knex: Knex
  readonly secrets: PlatformSecrets
  readonly clock: TestClock
  readonly deps: AccountDeps
  readonly context: () => CommandContext
  /** Every `readStream` and `append` the app made, as `method stream`, in order; tests clear it. */
  readonly storeCalls: string[]
  /** Link requests run after their answer; `call` waits for them too, so a test sees their effects. */
  readonly afterAnswer: AfterAnswer
  call(method: string, path: string, body?: unknown, options?: RequestOptions): Promise<Answer>
  /** The token of the latest link of this purpose the user was sent, as the mail reactor derives it. */
  linkToken(userId: string, purpose: OneTimeTokenPurpose): Promise<string>
  close(): Promise<void>
}

/**
 * The store, noting each stream read and append, and each row statement of an append's
 * transaction (the steps a request takes in the log).
 */
function recordingStore(store: PostgresEventStore, calls: string[]): PostgresEventStore {
  const appending = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(inner, property, receiver) {
        const value: unknown = Reflect.get(inner, property, receiver)
        if (typeof value !== 'function') return value
        if (property === 'readStream' || property === 'append') {
          return (stream: string, ...rest: unknown[]) => {
            calls.push(`${property} ${stream}`)
            return value.call(inner, stream, ...rest)
          }
        }
        if (property === 'query') {
          return (...args: unknown[]) => {
            calls.push('row statement')
            return value.apply(inner, args)
          }
        }
        if (property === 'transaction') {
          return (work: (tx: object) => Promise<unknown>) =>
            value.call(inner, (tx: object) => work(appending(tx)))
        }
        return value.bind(inner)
      },
    })
  return appending(store)
}

export async function startAuthHarness(
  label: string,
  rateLimits: Partial<Record<RateLimitedAction, RateLimitPolicy>> = {},
  signInLimits: Partial<SignInLimits> = {},
): Promise<AuthHarness> {
  const database: TestDatabase = await createTestDatabase(label)
  const store = createPostgresEventStore({ connectionString: database.url, logger: silentLogger })
  await store.migrate()
  const storeCalls: string[] = []
  const recorded = recordingStore(store, storeCalls)
  const knex = createKnex(database.url, { poolMax: 20 })
  await migrateCommandTables(knex)
  const secrets = await loadSecrets(knex)
  const clock = testClock()
  const handler = createCommandHandler({ store: recorded, logger: silentLogger })
  const afterAnswer = createAfterAnswer(silentLogger)
  const app = createCommandApp({
    afterAnswer,
    store: recorded,
    knex,
    secrets,
    handler,
    payments: createOfflinePaymentProvider({ knex }),
    logger: silentLogger,
    clock: clock.now,
    rateLimits: {
      checkEmail: roomy,
      forgotPassword: roomy,
      resendVerification: roomy,
      register: roomy,
      createGuestAccount: roomy,
      accountToken: roomy,
      ...rateLimits,
    },
    signInLimits: { ...roomySignIn, ...signInLimits },
  })
  const served = await serve(app.callback())
  const deps: AccountDeps = { handler, store: recorded, knex, secrets, logger: silentLogger }

  return {
    url: served.url,
    store,
    knex,
    secrets,
    clock,
    deps,
    context: () => ({ actor: { system: 'test' }, now: clock.now() }),
    storeCalls,
    afterAnswer,
    async call(method, path, body, options = {}) {
      const headers: Record<string, string> = {}
      if (body !== undefined || options.raw !== undefined) headers['content-type'] = 'application/json'
      if (options.token) headers.authorization = `Bearer ${options.token}`
      if (options.ip) headers['x-forwarded-for'] = options.ip
      const response = await fetch(`${served.url}${path}`, {
        method,
        headers,
        ...(options.raw !== undefined
          ? { body: options.raw }
          : body !== undefined
            ? { body: JSON.stringify(body) }
            : {}),
      })
      const text = await response.text()
      await afterAnswer.idle()
      return { status: response.status, body: text ? JSON.parse(text) : {}, headers: response.headers }
    },
    async linkToken(userId, purpose) {
      const type = purpose === 'verify-email' ? 'EmailVerificationRequested' : 'PasswordResetRequested'
      const requests = (await store.readStream(userStream(userId))).filter((event) => event.type === type)
      const last = requests.at(-1)
      if (!last) throw new Error(`no ${type} for ${userId}`)
      const { nonce } = userEvents[type].parse(last.data)
      return deriveOneTimeToken(secrets.oneTimeTokens, purpose, userId, nonce)
    },
    async close() {
      await served.close()
      await store.close()
      await knex.destroy()
      await database.drop()
    },
  }
}
