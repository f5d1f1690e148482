import type { EventStore, RecordedEvent } from './port'

/** Events one page holds unless the caller asks for another size. */
export const defaultStreamPageSize = 1000

export interface StreamPagesOptions {
  /** The last revision wanted (inclusive); the stream's end when absent. */
  readonly to?: bigint
  readonly pageSize?: number
}

/**
 * A stream's events from its start, a page at a time: a competition's stream holds an event per
 * entry, so a reader that folds it whole holds 100,000 events at once. Each page is read when the
 * one before has been handled.
 */
export async function* streamPages(
  store: Pick<EventStore, 'readStream'>,
  streamId: string,
  options: StreamPagesOptions = {},
): AsyncGenerator<readonly RecordedEvent[]> {
  const pageSize = options.pageSize ?? defaultStreamPageSize
  const { to } = options
  let from = 0n
  for (;;) {
    const page = await store.readStream(streamId, { from, limit: pageSize })
    const kept = to === undefined ? page : page.filter((event) => event.revision <= to)
    if (kept.length > 0) yield kept
    const last = page.at(-1)
    if (!last || page.length < pageSize || kept.length < page.length) return
    from = last.revision + 1n
  }
}
