import { migrateCommandTables } from '@prizes/command-service'
import type { UserEvent } from '@prizes/contracts'
import type { NewEvent } from '@prizes/event-store'
import {
  createLogger,
  encryptValue,
  generateUserKey,
  issueSessionToken,
  type Logger,
  loadSecrets,
  type PlatformSecrets,
  userKeysTable,
} from '@prizes/platform'
import { type Served, serve } from '@prizes/platform/testing'
import { allProjections, type RunningProjections, startProjections } from '@prizes/projections'
import { createReadSideTestDatabase, type ReadSideTestDatabase } from '@prizes/projections/testing'
import { createQueryApp } from '@prizes/query-service'

/**
 * The query service over HTTP on a real database, for integration tests: a fresh test database
 * with the command tables (sessions, keys) migrated, the real projections running, and the query
 * app served with the given clock. The test plays the command side: it opens sessions, appends
 * events (waiting until the read models show them) and registers users with sealed details.
 */
export interface QueryHarness {
  readonly db: ReadSideTestDatabase
  readonly projections: RunningProjections
  readonly served: Served
  readonly secrets: PlatformSecrets
  readonly logger: Logger
  /** Opens a session row and signs its token, issued at the app's clock. */
  session(userId: string, role: 'user' | 'admin'): Promise<string>
  /** Appends stamped events to a stream and waits until the projections have caught up. */
  append(streamId: string, events: readonly NewEvent[]): Promise<void>
  /** Stores a new key for the user and returns their UserRegistered event, sealed with it. */
  registration(userId: string, person: Person, options?: RegistrationOptions): Promise<UserEvent>
  /** A fetch of the query app, with the token as a bearer when given. */
  get(path: string, token?: string): Promise<Response>
  close(): Promise<void>
}

export interface Person {
  firstName: string
  lastName: string
  email: string
  phone?: string
  address?: string
}
export interface RegistrationOptions {
  role?: 'user' | 'admin'
  verified?: boolean
}

export async function startQueryHarness(
  name: string,
  options: { clock?: () => Date } = {},
): Promise<QueryHarness> {
  const logger = createLogger({ level: 'silent' })
  const clock = options.clock ?? (() => new Date())
  const db = await createReadSideTestDatabase(name)
  let projections: RunningProjections | undefined
  let served: Served | undefined
  const close = async () => {
    await served?.close()
    await projections?.stop()
    await db.drop()
  }
  try {
    await migrateCommandTables(db.knex)
    const secrets = await loadSecrets(db.knex)
    const running = await startProjections({
      store: db.store,
      knex: db.knex,
      logger,
      projections: allProjections,
    })
    projections = running
    const app = createQueryApp({
      knex: db.knex,
      logger,
      secret: secrets.jwt,
      ...(options.clock ? { clock: options.clock } : {}),
    })
    served = await serve(app.callback())
    const url = served.url
    return {
      db,
      projections: running,
      served,
      secrets,
      logger,
      async session(userId, role) {
        await db.knex('auth_sessions').insert({ user_id: userId, token_version: 0, role, banned: false })
        return issueSessionToken(secrets.jwt, { userId, role, tokenVersion: 0 }, clock())
      },
      async append(streamId, events) {
        const { position } = await db.store.append(streamId, [...events], { expectedRevision: 'any' })
        await running.waitForPosition(position, { timeoutMs: 10_000 })
      },
      async registration(userId, person, { role = 'user', verified = true } = {}) {
        const key = generateUserKey()
        await db.knex(userKeysTable).insert({ user_id: userId, key_id: key.id, key: key.key })
        const seal = (value: string) => encryptValue(key, value)
        return {
          type: 'UserRegistered',
          data: {
            userId,
            personal: {
              firstName: seal(person.firstName),
              lastName: seal(person.lastName),
              email: seal(person.email),
              phone: seal(person.phone ?? '+44 7700 900123'),
              address: seal(person.address ?? '1 Some Road, Bath, BA1 1AA'),
              dateOfBirth: null,
            },
            passwordHash: seal('not-a-real-hash'),
            role,
            guest: false,
            source: 'registration',
            marketingEmails: false,
            emailVerified: verified,
          },
        }
      },
      get: (path, token) =>
        fetch(`${url}${path}`, token ? { headers: { authorization: `Bearer ${token}` } } : {}),
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}
