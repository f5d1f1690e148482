import { describe, expect, test, vi } from 'vitest'
import { createLogger } from '../logger'
import { createLeases, type LeaseSession, leaseKey, type Stoppable } from './leases'
import { keepalivesFor } from './pg-lease-session'

const logger = createLogger({ level: 'silent' })

/** Advisory locks as PostgreSQL keeps them: per session, gone with it. */
function fakeDatabase() {
  const owners = new Map<number, FakeSession>()
  interface FakeSession extends LeaseSession {
    alive: boolean
    /** What the driver does when the server ends the session: locks gone, `onLost` told. */
    terminate(): void
    /** A session that no longer answers (a network cut): calls fail, locks stay until the server notices. */
    hang(): void
  }
  const sessions: FakeSession[] = []
  const release = (session: FakeSession) => {
    for (const [key, owner] of owners) if (owner === session) owners.delete(key)
  }
  const connect = async (onLost: (error: unknown) => void): Promise<LeaseSession> => {
    let answering = true
    const session: FakeSession = {
      alive: true,
      async tryLock(keys) {
        if (!session.alive || !answering) throw new Error('no answer')
        const taken = new Set<number>()
        for (const key of keys) {
          const owner = owners.get(key)
          if (owner && owner !== session) continue
          owners.set(key, session)
          taken.add(key)
        }
        return taken
      },
      async unlock(key) {
        if (!session.alive || !answering) throw new Error('no answer')
        if (owners.get(key) === session) owners.delete(key)
      },
      async ping() {
        if (!session.alive || !answering) throw new Error('no answer')
      },
      async close() {
        session.alive = false
        release(session)
      },
      terminate() {
        session.alive = false
        release(session)
        onLost(new Error('terminating connection due to administrator command'))
      },
      hang() {
        answering = false
      },
    }
    sessions.push(session)
    return session
  }
  return { connect, sessions, owners }
}

/** A consumer that says when it runs; `starting` holds its start back while given. */
function spyConsumer(name: string, options: { starting?: Promise<void>; failStarts?: number } = {}) {
  const log: string[] = []
  let running = 0
  let failStarts = options.failStarts ?? 0
  const consumer = {
    name,
    async start(): Promise<Stoppable & { readonly id: number }> {
      await options.starting
      if (failStarts > 0) {
        failStarts -= 1
        throw new Error('cannot start')
      }
      running += 1
      const id = log.length
      log.push('start')
      return {
        id,
        async stop() {
          running -= 1
          log.push('stop')
        },
      }
    },
  }
  return { consumer, log, running: () => running }
}

describe('leases', () => {
  test('one process runs a consumer; when its session ends, the other takes over', async () => {
    const db = fakeDatabase()
    // A dies with its session: it never comes back.
    let aConnected = false
    const a = createLeases({
      connect: (onLost) => {
        if (aConnected) throw new Error('dead')
        aConnected = true
        return db.connect(onLost)
      },
      logger,
      retryMs: 5,
    })
    const b = createLeases({ connect: db.connect, logger, retryMs: 5 })
    const inA = spyConsumer('expiry')
    const inB = spyConsumer('expiry')
    const leaseA = a.hold(inA.consumer)
    const leaseB = b.hold(inB.consumer)
    await a.start()
    await b.start()
    expect(a.held()).toEqual(['expiry'])
    expect(b.held()).toEqual([])
    expect(leaseA.current()).toBeDefined()
    expect(leaseB.current()).toBeUndefined()

    db.sessions[0]?.terminate()
    // Stopped at once, before the other could have it.
    expect(a.held()).toEqual([])
    await vi.waitFor(() => expect(inA.log).toEqual(['start', 'stop']))
    await vi.waitFor(() => expect(b.held()).toEqual(['expiry']))
    expect(leaseB.current()).toBeDefined()
    expect(inB.running()).toBe(1)

    await a.stop()
    await b.stop()
    expect(inB.log).toEqual(['start', 'stop'])
    expect(db.owners.size).toBe(0)
  })

  test('a holder whose session stops answering stops its consumer and competes again', async () => {
    const db = fakeDatabase()
    const leases = createLeases({ connect: db.connect, logger, retryMs: 5 })
    const spy = spyConsumer('auto-close')
    leases.hold(spy.consumer)
    await leases.start()
    expect(spy.running()).toBe(1)

    db.sessions[0]?.hang()
    // Stopped, then started again on the next session (closing the hung one freed its locks).
    await vi.waitFor(() => expect(spy.log).toEqual(['start', 'stop', 'start']))
    expect(db.sessions).toHaveLength(2)
    await leases.stop()
  })

  test('a consumer that fails to start gives its lease back, and the other process starts it', async () => {
    const db = fakeDatabase()
    const a = createLeases({ connect: db.connect, logger, retryMs: 5 })
    const failing = spyConsumer('refunds', { failStarts: Number.POSITIVE_INFINITY })
    a.hold(failing.consumer)
    await a.start()
    expect(a.held()).toEqual([])

    const b = createLeases({ connect: db.connect, logger, retryMs: 5 })
    const working = spyConsumer('refunds')
    b.hold(working.consumer)
    await b.start()
    await vi.waitFor(() => expect(working.running()).toBe(1))
    await a.stop()
    await b.stop()
  })

  test('a consumer still starting when the session is lost is stopped once started, never left running', async () => {
    const db = fakeDatabase()
    let release: () => void = () => {}
    const starting = new Promise<void>((resolve) => {
      release = resolve
    })
    const spy = spyConsumer('mail', { starting })
    const leases = createLeases({ connect: db.connect, logger, retryMs: 60_000 })
    const lease = leases.hold(spy.consumer)
    const started = leases.start()
    await vi.waitFor(() => expect(db.owners.size).toBe(1))
    db.sessions[0]?.terminate()
    release()
    await started
    expect(spy.log).toEqual(['start', 'stop'])
    expect(lease.current()).toBeUndefined()
    await leases.stop()
  })

  test('whileStopped stops the consumer, keeps the lease, and starts it again', async () => {
    const db = fakeDatabase()
    const leases = createLeases({ connect: db.connect, logger, retryMs: 5 })
    const spy = spyConsumer('projections')
    const lease = leases.hold(spy.consumer)
    await leases.start()
    const answer = await lease.whileStopped(async () => {
      expect(lease.current()).toBeUndefined()
      expect(leases.held()).toEqual(['projections'])
      return 'wiped'
    })
    expect(answer).toBe('wiped')
    expect(spy.log).toEqual(['start', 'stop', 'start'])
    expect(lease.current()).toBeDefined()
    await leases.stop()
    expect(spy.log).toEqual(['start', 'stop', 'start', 'stop'])
  })

  test('stopping stops the consumers before giving the leases back', async () => {
    const db = fakeDatabase()
    const leases = createLeases({ connect: db.connect, logger, retryMs: 5 })
    const order: string[] = []
    leases.hold({
      name: 'user-rows',
      start: async () => ({
        stop: async () => void order.push(`stopped, lock held: ${db.owners.size === 1}`),
      }),
    })
    await leases.start()
    await leases.stop()
    expect(order).toEqual(['stopped, lock held: true'])
    expect(db.owners.size).toBe(0)
  })

  test('a database that cannot be reached is tried again until it can', async () => {
    const db = fakeDatabase()
    let refusals = 2
    const leases = createLeases({
      connect: async (onLost) => {
        if (refusals > 0) {
          refusals -= 1
          throw new Error('connection refused')
        }
        return db.connect(onLost)
      },
      logger,
      retryMs: 5,
    })
    const spy = spyConsumer('winner-email')
    leases.hold(spy.consumer)
    await leases.start()
    expect(spy.running()).toBe(0)
    await vi.waitFor(() => expect(spy.running()).toBe(1))
    await leases.stop()
  })
})

describe('lease keys', () => {
  test('are stable and tell names apart', () => {
    expect(leaseKey('projections')).toBe(leaseKey('projections'))
    expect(leaseKey('projections')).not.toBe(leaseKey('reservation-expiry'))
    expect(Number.isInteger(leaseKey('x'))).toBe(true)
  })
})

describe('keepalives', () => {
  test('give up on a silent holder well after it has noticed itself', () => {
    const retryMs = 5000
    const callMs = 5000
    const { idleSeconds, intervalSeconds, count } = keepalivesFor(retryMs, callMs)
    expect((idleSeconds + intervalSeconds * count) * 1000).toBeGreaterThanOrEqual(3 * (retryMs + callMs))
    expect(keepalivesFor(50, 1000)).toEqual({ idleSeconds: 4, intervalSeconds: 2, count: 3 })
  })
})
