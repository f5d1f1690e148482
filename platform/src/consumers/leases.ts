import { createHash } from 'node:crypto'
import type { Logger } from '../logger'
import { sleep } from './backoff'

/**
 * The lease of the projections: they run as one consumer, one subscription feeding them all
 * (`/api/health` reports its holder for each of them).
 */
export const projectionsLeaseName = 'projections'

/** What a lease starts: a consumer that can be stopped. */
export interface Stoppable {
  stop(): Promise<void>
}

/** A consumer run under a lease: started by the one process that holds it. */
export interface LeasedConsumer<T extends Stoppable = Stoppable> {
  /** Names the lease (and its lock key): the consumer's own name. Never rename one that has run. */
  readonly name: string
  /** Starts it from its stored checkpoint: called each time this process takes the lease. */
  start(): Promise<T>
}

/** One consumer's lease, as this process sees it. */
export interface Lease<T extends Stoppable = Stoppable> {
  readonly name: string
  /** The consumer, while this process holds the lease and it has started; else undefined. */
  current(): T | undefined
  /**
   * Stops the consumer if it runs here, runs `between`, and starts it again if the lease is
   * still held, keeping the lease meanwhile so no other process takes it (reset test data).
   */
  whileStopped<R>(between: () => Promise<R>): Promise<R>
}

/**
 * A connection that holds advisory locks for as long as it lives (`pg-lease-session.ts`).
 * Every call is bounded; a call that fails means the session is lost.
 */
export interface LeaseSession {
  /** Tries each key's lock without waiting; answers the keys now held. */
  tryLock(keys: readonly number[]): Promise<Set<number>>
  unlock(key: number): Promise<void>
  /** A round trip: the session is alive (its locks are held). */
  ping(): Promise<void>
  /** Ends the session; its locks go with it. Never throws, never hangs. */
  close(): Promise<void>
}

export interface LeasesOptions {
  /** Opens a session; it calls `onLost` once when the connection breaks or errs. */
  readonly connect: (onLost: (error: unknown) => void) => Promise<LeaseSession>
  readonly logger: Logger
  /** How often a lease not held is tried again, and the session of those held checked. */
  readonly retryMs: number
}

export interface Leases {
  /** Adds a consumer to run under its lease; before `start`. */
  hold<T extends Stoppable>(consumer: LeasedConsumer<T>): Lease<T>
  /**
   * Takes the leases free now and starts their consumers, then keeps trying the others every
   * `retryMs` (and checking the session of those held) until stopped.
   */
  start(): Promise<void>
  /** The names of the leases this process holds. */
  held(): string[]
  /** Stops the consumers running here, then gives their leases back. */
  stop(): Promise<void>
}

/**
 * The lock key of a lease: the first 32 bits of the name's SHA-256, the second key of a
 * two-key advisory lock whose first is `consumerLeaseClass`, so it meets no other lock.
 */
export function leaseKey(name: string): number {
  return createHash('sha256').update(name).digest().readInt32BE(0)
}

interface Entry {
  readonly consumer: LeasedConsumer
  readonly key: number
  /** The session whose lock this process holds for it; undefined while not held. */
  heldOn: LeaseSession | undefined
  running: Stoppable | undefined
  /** A start under way, or a stop after the lease was lost: awaited before it starts again. */
  busy: Promise<void> | undefined
  paused: boolean
}

/**
 * Runs each consumer in the one process that holds its lease (DESIGN section 1): a session-level
 * advisory lock on a connection of its own. A process that does not hold a lease tries again
 * every `retryMs`; when the holder dies, PostgreSQL ends its session, the lock is free, and
 * another process takes it and starts the consumer from its stored checkpoint. When the
 * session breaks, errs or does not answer a check in time, every consumer it held is stopped
 * at once, before this process competes again: two holders never run one consumer together,
 * as long as the database ends a dead holder's session later than the holder notices it
 * (`pg-lease-session.ts` sets its keepalives so).
 */
export function createLeases(options: LeasesOptions): Leases {
  const { logger, retryMs } = options
  const entries: Entry[] = []
  const stopping = new AbortController()
  let session: LeaseSession | undefined
  let connecting: Promise<LeaseSession> | undefined
  let loop: Promise<void> | undefined
  let wake: () => void = () => {}

  const forget = (entry: Entry, work: Promise<void>) => {
    const busy = work.finally(() => {
      if (entry.busy === busy) entry.busy = undefined
    })
    entry.busy = busy
    return busy
  }

  /** Stops what runs for `entry` (after a start under way); errors are logged, not thrown. */
  async function stopConsumer(entry: Entry): Promise<void> {
    await entry.busy
    const running = entry.running
    entry.running = undefined
    if (!running) return
    await running.stop().catch((error: unknown) => {
      logger.error({ err: error, lease: entry.consumer.name }, 'consumer did not stop cleanly')
    })
  }

  /** The session broke: everything it held stops now; the loop competes again at its next round. */
  function lose(lost: LeaseSession, error: unknown): void {
    if (session !== lost) return
    session = undefined
    const held = entries.filter((entry) => entry.heldOn === lost)
    if (held.length > 0) {
      logger.warn(
        { err: error, leases: held.map((entry) => entry.consumer.name) },
        'lease connection lost; stopping its consumers',
      )
    } else logger.warn({ err: error }, 'lease connection lost')
    for (const entry of held) {
      entry.heldOn = undefined
      void forget(entry, stopConsumer(entry))
    }
    void lost.close()
  }

  async function connect(): Promise<LeaseSession> {
    if (session) return session
    connecting ??= (async () => {
      let opened: LeaseSession | undefined
      const onLost = (error: unknown) => {
        if (opened) lose(opened, error)
      }
      opened = await options.connect(onLost)
      session = opened
      return opened
    })().finally(() => {
      connecting = undefined
    })
    return connecting
  }

  /** Starts the consumer of a lease just taken, unless it was lost or paused meanwhile. */
  async function startConsumer(entry: Entry, on: LeaseSession): Promise<void> {
    if (entry.paused || entry.running) return
    const name = entry.consumer.name
    let started: Stoppable
    try {
      started = await entry.consumer.start()
    } catch (error) {
      // Another process may do better (or this one, at the next try).
      logger.error({ err: error, lease: name }, 'consumer did not start; its lease is given back')
      if (entry.heldOn === on) {
        entry.heldOn = undefined
        await on.unlock(entry.key).catch((unlocking: unknown) => lose(on, unlocking))
      }
      return
    }
    if (entry.heldOn !== on || stopping.signal.aborted) {
      await started.stop().catch(() => {})
      return
    }
    entry.running = started
    logger.info({ lease: name }, 'lease taken; consumer started')
  }

  /** One round: the session alive, the free leases taken, their consumers started. */
  async function round(): Promise<void> {
    await Promise.all(entries.map((entry) => entry.busy))
    const on = await connect()
    const wanted = entries.filter((entry) => entry.heldOn === undefined)
    if (wanted.length === 0) return on.ping()
    const taken = await on.tryLock(wanted.map((entry) => entry.key))
    // Lost meanwhile: its locks went with it.
    if (session !== on) return
    for (const entry of wanted) if (taken.has(entry.key)) entry.heldOn = on
    const starting = wanted.filter((entry) => entry.heldOn === on)
    await Promise.all(starting.map((entry) => forget(entry, startConsumer(entry, on))))
  }

  async function safely(): Promise<void> {
    try {
      await round()
    } catch (error) {
      if (session) lose(session, error)
      else logger.warn({ err: error }, 'cannot open the lease connection; trying again')
    }
  }

  async function run(): Promise<void> {
    while (!stopping.signal.aborted) {
      await new Promise<void>((resolve) => {
        wake = resolve
        void sleep(retryMs, stopping.signal).then(resolve)
      })
      if (stopping.signal.aborted) return
      await safely()
    }
  }

  const held = () => entries.filter((entry) => entry.heldOn !== undefined).map((entry) => entry.consumer.name)

  return {
    hold<T extends Stoppable>(consumer: LeasedConsumer<T>): Lease<T> {
      const key = leaseKey(consumer.name)
      const clash = entries.find((entry) => entry.key === key)
      if (clash) throw new Error(`Leases ${clash.consumer.name} and ${consumer.name} share a lock key`)
      const entry: Entry = {
        consumer,
        key,
        heldOn: undefined,
        running: undefined,
        busy: undefined,
        paused: false,
      }
      entries.push(entry)
      return {
        name: consumer.name,
        current: () => entry.running as T | undefined,
        async whileStopped(between) {
          entry.paused = true
          try {
            await forget(entry, stopConsumer(entry))
            return await between()
          } finally {
            entry.paused = false
            const on = entry.heldOn
            if (on && !stopping.signal.aborted) await forget(entry, startConsumer(entry, on))
          }
        },
      }
    },
    async start() {
      await safely()
      logger.info({ leases: held() }, 'consumer leases held by this process')
      loop ??= run()
    },
    held,
    async stop() {
      stopping.abort()
      wake()
      await loop
      await connecting?.catch(() => {})
      await Promise.all(entries.map((entry) => forget(entry, stopConsumer(entry))))
      for (const entry of entries) entry.heldOn = undefined
      const last = session
      session = undefined
      await last?.close()
    },
  }
}
