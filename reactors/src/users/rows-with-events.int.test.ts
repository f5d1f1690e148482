import type { AccountDeps } from '@prizes/command-service/testing'
import {
  type AuthHarness,
  banUser,
  eraseUser,
  openAccount,
  person,
  promoteUser,
  type StreamStore,
  signedIn,
  silentLogger,
  startAuthHarness,
} from '@prizes/command-service/testing'
import {
  type CommandHandler,
  createCommandHandler,
  migrateReactorTables,
} from '@prizes/command-service/use-cases'
import { userStream } from '@prizes/contracts'
import { readUserKey } from '@prizes/platform'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startUserRowsReactor, userRowsReactorName } from '..'

/**
 * Finding 10 of issue 10: the command-side rows and the log must agree, whatever moment a
 * process dies at. Each test stops a command at its critical point (its events appended and
 * its rows written, not yet committed) and kills it there, or loses its answer right after the
 * commit, and then compares the rows with the log.
 */

let harness: AuthHarness
beforeAll(async () => {
  harness = await startAuthHarness('users_rows')
  await migrateReactorTables(harness.knex)
})
afterAll(() => harness.close())

/**
 * The harness's store, stopped at the critical point until the test kills the process: inside
 * the transaction once the command's events and rows are written, or before a plain append.
 */
function stoppedBeforeCommit() {
  let reach = () => {}
  const reached = new Promise<void>((resolve) => {
    reach = resolve
  })
  let kill = (_: Error) => {}
  const killed = new Promise<never>((_, reject) => {
    kill = reject
  })
  killed.catch(() => {})
  const { store } = harness
  const stopping: StreamStore = {
    readStream: (...args) => store.readStream(...args),
    async append(...args) {
      reach()
      await killed
      return store.append(...args)
    },
    transaction: (work) =>
      store.transaction(async (tx) => {
        const done = await work(tx)
        reach()
        await killed
        return done
      }),
  }
  const handler = createCommandHandler({ store: stopping, knex: harness.knex, logger: silentLogger })
  return {
    deps: { ...harness.deps, handler } satisfies AccountDeps,
    reached,
    kill: () => kill(new Error('the process was killed')),
  }
}

/** The harness's handler, whose caller never hears that the command committed (a timeout). */
function answerLost(): AccountDeps {
  const handler = createCommandHandler({ store: harness.store, knex: harness.knex, logger: silentLogger })
  const losing: CommandHandler = {
    ...handler,
    async handle(...args: Parameters<CommandHandler['handle']>) {
      await handler.handle(...args)
      throw new Error('the answer was lost')
    },
  } as CommandHandler
  return { ...harness.deps, handler: losing }
}

const eventTypes = async (userId: string) =>
  (await harness.store.readStream(userStream(userId))).map((event) => event.type)

const rowsOf = async (userId: string) => ({
  key: (await readUserKey(harness.knex, userId)) !== undefined,
  email: (await harness.knex('user_emails').where({ user_id: userId })).length,
  session: (await harness.knex('auth_sessions').where({ user_id: userId })).length,
})

const emailHolder = async (email: string) =>
  (await harness.knex('user_emails').where({ email: email.toLowerCase() }).first<{ user_id: string }>())
    ?.user_id

const profileStatus = async (token: string) =>
  (await harness.call('GET', '/api/auth/profile', undefined, { token })).status

function account(who = person()) {
  return {
    personal: {
      firstName: who.firstName,
      lastName: who.lastName,
      email: who.email,
      phone: who.phone,
      address: who.address,
      dateOfBirth: who.dateOfBirth,
    },
    password: who.password,
    marketingEmails: false,
    kind: 'self' as const,
  }
}

describe('registration', () => {
  it('keeps the whole account when its answer is lost after the commit', async () => {
    const who = person()
    await expect(openAccount(answerLost(), account(who), harness.context())).rejects.toThrow(
      /answer was lost/,
    )

    const userId = await emailHolder(who.email)
    if (userId === undefined) throw new Error('the email claim is gone while the registration is in the log')
    expect(await eventTypes(userId)).toEqual(['UserRegistered', 'EmailVerificationRequested'])
    expect(await rowsOf(userId)).toEqual({ key: true, email: 1, session: 1 })
    // The link's row and the password both work: the account is whole.
    const link = await harness.linkToken(userId, 'verify-email')
    expect((await harness.call('GET', `/api/auth/verify-email/${link}`)).status).toBe(200)
    const login = await harness.call('POST', '/api/auth/login', { email: who.email, password: who.password })
    expect(login.status).toBe(200)
  })

  it('killed before its commit leaves neither the claim nor the events, and the email free', async () => {
    const who = person()
    const { deps, reached, kill } = stoppedBeforeCommit()
    const registering = openAccount(deps, account(who), harness.context())
    registering.catch(() => {})
    await reached
    expect(await emailHolder(who.email)).toBeUndefined()

    kill()
    await expect(registering).rejects.toThrow(/killed/)
    expect(await emailHolder(who.email)).toBeUndefined()
    const registrations = await harness.store.pool.query(
      `select 1 from events where type = 'UserRegistered' and data->>'userId' not in
         (select user_id from user_keys)`,
    )
    expect(registrations.rowCount).toBe(0)
    expect((await harness.call('POST', '/api/auth/register', who)).status).toBe(200)
  })
})

describe('erasure', () => {
  it('has deleted the key and rows when its answer is lost after the commit', async () => {
    const { userId, token } = await signedIn(harness)
    await expect(eraseUser(answerLost(), { userId }, harness.context())).rejects.toThrow(/answer was lost/)

    expect((await eventTypes(userId)).at(-1)).toBe('UserErased')
    expect(await rowsOf(userId)).toEqual({ key: false, email: 0, session: 0 })
    expect(await profileStatus(token)).toBe(401)
  })

  it('killed before its commit leaves the user whole, signed in and readable', async () => {
    const { userId, token } = await signedIn(harness)
    const { deps, reached, kill } = stoppedBeforeCommit()
    const erasing = eraseUser(deps, { userId }, harness.context())
    erasing.catch(() => {})
    await reached
    expect(await rowsOf(userId)).toEqual({ key: true, email: 1, session: 1 })
    expect(await profileStatus(token)).toBe(200)

    kill()
    await expect(erasing).rejects.toThrow(/killed/)
    expect(await eventTypes(userId)).not.toContain('UserErased')
    expect(await rowsOf(userId)).toEqual({ key: true, email: 1, session: 1 })
    expect(await profileStatus(token)).toBe(200)
  })
})

describe('changes of standing', () => {
  const cases = [
    { name: 'a ban', run: banUser, event: 'UserBanned', row: { banned: true }, endsSessions: true },
    {
      name: 'a promotion',
      run: promoteUser,
      event: 'UserPromoted',
      row: { role: 'admin' },
      endsSessions: false,
    },
  ] as const

  const sessionRow = async (userId: string) =>
    harness.knex('auth_sessions').where({ user_id: userId }).first('token_version', 'role', 'banned')

  it.each(cases)(
    '$name killed before its commit changes neither the log nor the session row',
    async (change) => {
      const { userId, token } = await signedIn(harness)
      const before = await sessionRow(userId)
      const { deps, reached, kill } = stoppedBeforeCommit()
      const changing = change.run(deps, { userId }, harness.context())
      changing.catch(() => {})
      await reached
      expect(await sessionRow(userId)).toEqual(before)
      expect(await profileStatus(token)).toBe(200)

      kill()
      await expect(changing).rejects.toThrow(/killed/)
      expect(await eventTypes(userId)).not.toContain(change.event)
      expect(await sessionRow(userId)).toEqual(before)
      expect(await profileStatus(token)).toBe(200)
    },
  )

  it.each(cases)('$name whose answer is lost after the commit is in the session row', async (change) => {
    const { userId, token } = await signedIn(harness)
    await expect(change.run(answerLost(), { userId }, harness.context())).rejects.toThrow(/answer was lost/)
    expect(await eventTypes(userId)).toContain(change.event)
    expect(await sessionRow(userId)).toMatchObject(change.row)
    expect(await profileStatus(token)).toBe(change.endsSessions ? 401 : 200)
  })
})

describe('where the store has no transactions (EventStoreDB)', () => {
  /** The PostgreSQL store without its transactions stands for EventStoreDB. */
  function withoutTransactions(): AccountDeps {
    const { store } = harness
    const plain: StreamStore = {
      append: (...args) => store.append(...args),
      readStream: (...args) => store.readStream(...args),
    }
    const handler = createCommandHandler({ store: plain, knex: harness.knex, logger: silentLogger })
    expect(handler.rowsCommitWithEvents).toBe(false)
    return { ...harness.deps, handler, store: plain }
  }

  /** Makes the database refuse `operation` on `table` (as an outage would) until the result is called. */
  async function refuse(table: string, operation: 'delete' | 'update') {
    const name = `refuse_${operation}_${table}`
    await harness.knex.raw(`
      create function ${name}() returns trigger language plpgsql as
        $$ begin raise exception 'refused for the test'; end $$;
      create trigger ${name} before ${operation} on ${table} for each row execute function ${name}();
    `)
    return () => harness.knex.raw(`drop trigger ${name} on ${table}; drop function ${name}();`)
  }

  /** Waits, within a bound, until the user-rows reactor has failed on the event at least once. */
  async function failedOn(eventId: string) {
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
      const row = await harness.knex('reactor_checkpoints').where({ name: userRowsReactorName }).first()
      if (row?.failed_event_id === eventId) return
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    throw new Error(`the reactor never failed on ${eventId}`)
  }

  const lastEventId = async (userId: string) => {
    const last = (await harness.store.readStream(userStream(userId))).at(-1)
    if (!last) throw new Error(`${userId} has no events`)
    return last
  }

  it('the user-rows reactor deletes an erased user key, retrying until it can', async () => {
    const reactor = await startUserRowsReactor({
      store: harness.store,
      knex: harness.knex,
      logger: silentLogger,
      retryDelayMs: 20,
    })
    try {
      const { userId, token } = await signedIn(harness)
      const allow = await refuse('user_keys', 'delete')
      // The command stands: its rows failed after the append, which leaves them to the reactor.
      const erased = await eraseUser(withoutTransactions(), { userId }, harness.context())
      expect(erased.events.map((event) => event.type)).toEqual(['UserErased'])
      expect(await rowsOf(userId)).toMatchObject({ key: true })
      const event = await lastEventId(userId)
      await failedOn(event.id)
      expect(await rowsOf(userId)).toMatchObject({ key: true })

      await allow()
      await reactor.waitForPosition(event.position, { timeoutMs: 10_000 })
      expect(await rowsOf(userId)).toEqual({ key: false, email: 0, session: 0 })
      expect(await profileStatus(token)).toBe(401)
    } finally {
      await reactor.stop()
    }
  })

  it('the user-rows reactor gives a session row the standing its stream has, retrying until it can', async () => {
    const reactor = await startUserRowsReactor({
      store: harness.store,
      knex: harness.knex,
      logger: silentLogger,
      retryDelayMs: 20,
    })
    try {
      const { userId, token } = await signedIn(harness)
      const allow = await refuse('auth_sessions', 'update')
      await banUser(withoutTransactions(), { userId }, harness.context())
      const event = await lastEventId(userId)
      expect(event.type).toBe('UserBanned')
      await failedOn(event.id)
      expect(await profileStatus(token)).toBe(200)

      await allow()
      await reactor.waitForPosition(event.position, { timeoutMs: 10_000 })
      expect(await harness.knex('auth_sessions').where({ user_id: userId }).first()).toMatchObject({
        banned: true,
        token_version: 1,
      })
      expect(await profileStatus(token)).toBe(401)
    } finally {
      await reactor.stop()
    }
  })
})
