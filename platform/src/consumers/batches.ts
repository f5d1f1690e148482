import type { RecordedEvent } from '@prizes/event-store'

const nextTurn = () => new Promise<undefined>((resolve) => setImmediate(() => resolve(undefined)))

/**
 * Groups a subscription's events into batches of what is already at hand: while catching up the
 * store hands over whole pages and batches fill up; live, an event arrives alone and goes alone,
 * so batching never adds latency.
 */
export async function* readBatches(
  events: AsyncIterable<RecordedEvent>,
  maxSize: number,
): AsyncGenerator<RecordedEvent[], void, undefined> {
  const iterator = events[Symbol.asyncIterator]()
  const pull = () => {
    const next = iterator.next()
    // Awaited later; until then a failure must not count as an unhandled rejection.
    next.catch(() => {})
    return next
  }
  let next = pull()
  for (;;) {
    const first = await next
    if (first.done) return
    const batch = [first.value]
    next = pull()
    while (batch.length < maxSize) {
      const ready = await Promise.race([next, nextTurn()])
      if (ready === undefined) break
      if (ready.done) {
        yield batch
        return
      }
      batch.push(ready.value)
      next = pull()
    }
    yield batch
  }
}
