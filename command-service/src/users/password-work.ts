import { availableParallelism } from 'node:os'

/**
 * argon2 work, queued in two lanes. Checking a password (sign-in, change-password, the decoy for
 * an unknown email) goes first; hashing a new one (registration, guest creation, a password set
 * or reset) waits behind it and may hold all slots but one, so a burst of sign-ups can slow
 * other sign-ups but never queue a sign-in behind them. Each hash takes tens of milliseconds of
 * one core and 19 MiB: running more at once than there are cores only makes every one slower.
 */
export type PasswordLane = 'check' | 'new-password'

export interface PasswordWorkState {
  readonly running: Readonly<Record<PasswordLane, number>>
  readonly waiting: Readonly<Record<PasswordLane, number>>
}

export interface PasswordWork {
  run<T>(lane: PasswordLane, work: () => Promise<T>): Promise<T>
  state(): PasswordWorkState
  /** Called as each piece of work starts, with the state it starts in (it counts as running). */
  onStart(listener: (lane: PasswordLane, state: PasswordWorkState) => void): () => void
}

export function createPasswordWork(slots: number): PasswordWork {
  if (!Number.isInteger(slots) || slots < 2) throw new Error('password work needs at least 2 slots')
  const waiting: Record<PasswordLane, (() => void)[]> = { check: [], 'new-password': [] }
  const running: Record<PasswordLane, number> = { check: 0, 'new-password': 0 }
  const listeners = new Set<(lane: PasswordLane, state: PasswordWorkState) => void>()
  const state = (): PasswordWorkState => ({
    running: { ...running },
    waiting: { check: waiting.check.length, 'new-password': waiting['new-password'].length },
  })
  const busy = () => running.check + running['new-password']
  const mayStart = (lane: PasswordLane) =>
    busy() < slots && (lane === 'check' || running['new-password'] < slots - 1)

  /** Hands free slots to waiting work, checks first; the slot is taken here, before it resumes. */
  function dispatch() {
    for (const lane of ['check', 'new-password'] as const) {
      while (waiting[lane].length > 0 && mayStart(lane)) {
        running[lane] += 1
        waiting[lane].shift()?.()
      }
    }
  }

  /** Work waits its turn behind waiting checks, and a new password behind waiting ones too. */
  const mustWait = (lane: PasswordLane) =>
    !mayStart(lane) || waiting.check.length > 0 || (lane === 'new-password' && waiting[lane].length > 0)

  return {
    async run(lane, work) {
      if (mustWait(lane)) await new Promise<void>((resolve) => waiting[lane].push(resolve))
      else running[lane] += 1
      const now = state()
      for (const listener of listeners) listener(lane, now)
      try {
        return await work()
      } finally {
        running[lane] -= 1
        dispatch()
      }
    },
    state,
    onStart(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** libuv's default thread pool, where argon2 runs: more slots than threads would queue in there, first come first served. */
const libuvThreads = 4

/**
 * The process's one queue, as argon2 shares the process's thread pool. One slot more than the
 * cores keeps every core hashing during a burst of sign-ups and one slot free for a sign-in.
 */
export const passwordWork = createPasswordWork(
  Math.min(libuvThreads, Math.max(2, availableParallelism() + 1)),
)
