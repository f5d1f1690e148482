import { eventPositionHeader, parseEventPosition, readAfterHeader, readStaleHeader } from '@prizes/contracts'
import type Koa from 'koa'
import { badRequest } from '../http/errors'
import type { CheckpointWatcher } from './checkpoint-watcher'

/** How long a query waits for the read models by default before answering anyway. */
export const defaultReadAfterTimeoutMs = 3000

/**
 * Read-your-writes for a query service behind a load balancer: a request with `X-Read-After`
 * (the `X-Event-Position` of a command the client made) is answered once the read models have
 * applied that position, or after `timeoutMs` (or at once when too many already wait) with
 * `X-Read-Stale: true`. The wait itself reads nothing: the process's one watcher does.
 */
export function readAfter(options: { readonly watcher: CheckpointWatcher; readonly timeoutMs: number }) {
  return async function waitForReadModels(ctx: Koa.Context, next: Koa.Next) {
    const value = ctx.get(readAfterHeader)
    if (value !== '') {
      const position = parseEventPosition(value)
      if (!position) {
        throw badRequest(
          `${readAfterHeader} must be a log position as a command's ${eventPositionHeader} gives it (digits/digits)`,
        )
      }
      const outcome = await options.watcher.waitFor(position, options.timeoutMs)
      if (outcome !== 'reached') ctx.set(readStaleHeader, 'true')
    }
    await next()
  }
}
