import { randomBytes } from 'node:crypto'
import type { EventStore, NewEvent, RecordedEvent, Subscription } from '../port'
import type { SnapshotStore } from '../snapshots/port'

/** Gives each contract run a ready store and a way to tear it down. */
export type StoreFactory = () => Promise<{ store: ContractStore; dispose(): Promise<void> }>

/** An adapter under test: the event store and its snapshots. */
export type ContractStore = EventStore & { readonly snapshots: SnapshotStore }

/** Reads the store of the running suite; set in its `beforeAll`. */
export type StoreAccess = () => ContractStore

/** A name no other test (nor another run on a shared server) uses. */
export function unique(prefix: string): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`
}

export function newEvent(type: string, data: Record<string, unknown> = {}): NewEvent {
  return { type, data, metadata: { test: true } }
}

/** Consumes a subscription in the background, so a test can wait for what it expects. */
export function collect(subscription: Subscription) {
  const received: RecordedEvent[] = []
  let failure: unknown
  const done = (async () => {
    try {
      for await (const event of subscription) received.push(event)
    } catch (error) {
      failure = error
    }
  })()

  return {
    received,
    /** Resolves once `count` events arrived; fails after `timeoutMs`, or at once if the subscription failed. */
    async waitFor(count: number, timeoutMs = 5_000): Promise<RecordedEvent[]> {
      const deadline = Date.now() + timeoutMs
      while (received.length < count) {
        if (failure) throw failure
        if (Date.now() > deadline) {
          throw new Error(`received ${received.length} of ${count} events within ${timeoutMs} ms`)
        }
        await sleep(5)
      }
      return received.slice(0, count)
    },
    async close(): Promise<void> {
      await subscription.close()
      await done
      if (failure) throw failure
    },
  }
}

/** Polls `condition` until it holds; fails after `timeoutMs`, naming `what` it waited for. */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 5_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`)
    await sleep(5)
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
