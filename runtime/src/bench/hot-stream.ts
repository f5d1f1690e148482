import type { EventStore, NewEvent } from '@prizes/event-store'
import { throughput } from './measure'

/**
 * One hot stream written the way the command handler writes it (`createCommandHandler`): the
 * events of `writers` concurrent callers queue while an append is under way and then go
 * together in the next append, at the revision the previous one returned. Each caller waits for
 * the append that carried its event. Reports events and appends per second.
 */
export async function benchHotStreamBatched(
  store: Pick<EventStore, 'append'>,
  streamId: string,
  options: { writers: number; seconds: number; maxBatch?: number; event: (i: number) => NewEvent },
): Promise<{ eventsPerSecond: number; appendsPerSecond: number }> {
  const maxBatch = options.maxBatch ?? 200
  let queue: { event: NewEvent; done: (error?: unknown) => void }[] = []
  let appending = false
  let revision: bigint | 'noStream' = 'noStream'
  let appends = 0

  async function drain(): Promise<void> {
    appending = true
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch)
      queue = queue.slice(maxBatch)
      try {
        const result = await store.append(
          streamId,
          batch.map((b) => b.event),
          { expectedRevision: revision },
        )
        revision = result.nextExpectedRevision
        appends += 1
        for (const b of batch) b.done()
      } catch (error) {
        for (const b of batch) b.done(error)
      }
    }
    appending = false
  }

  const started = performance.now()
  const events = await throughput(options.writers, options.seconds * 1000, (_, i) => {
    const carried = new Promise<void>((resolve, reject) => {
      queue.push({ event: options.event(i), done: (error) => (error ? reject(error) : resolve()) })
    })
    if (!appending) void drain()
    return carried
  })
  const elapsed = (performance.now() - started) / 1000
  return { eventsPerSecond: events.perSecond, appendsPerSecond: appends / elapsed }
}
