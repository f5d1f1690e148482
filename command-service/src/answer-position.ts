import { AsyncLocalStorage } from 'node:async_hooks'
import { eventPositionHeader } from '@prizes/contracts'
import { comparePositions, type Position, positionToString } from '@prizes/event-store'
import type { Logger } from '@prizes/platform'
import type Koa from 'koa'
import type { CommandHandler } from './command-handler'

/**
 * Where a request's commands appended, by event type: the furthest position each type reached.
 * As many entries as there are event types, however many commands the request makes.
 */
type Appended = Map<string, Position>

const requests = new AsyncLocalStorage<Appended>()

const later = (a: Position | undefined, b: Position) =>
  a === undefined || comparePositions(b, a) > 0 ? b : a

/**
 * The handler the routes use: it notes in the request it serves (if any) where each command's
 * events went, for `answerPositions`. Reactors keep the plain handler: their commands are no
 * request's.
 */
export function notingPositions(handler: CommandHandler): CommandHandler {
  return {
    ...handler,
    handle(streamId, decider, command, context, options) {
      const appended = requests.getStore()
      const handled = handler.handle(streamId, decider, command, context, options)
      if (!appended) return handled
      return handled.then((result) => {
        if (result.position) {
          for (const event of result.events) {
            appended.set(event.type, later(appended.get(event.type), result.position))
          }
        }
        return result
      })
    },
  }
}

/**
 * Read-your-writes across processes, in one place for every command endpoint: an answer whose
 * commands appended events a read model shows carries `X-Event-Position`, the position of the
 * last of them, which the client hands back to the query service as `X-Read-After`. Events no
 * projection handles never move a checkpoint, so they give no position: a query waiting for
 * one would only time out. The handled types are the checkpoint rows' own (`projectedTypes`,
 * cached). Refusals carry it too when an earlier command of the request went through.
 */
export function answerPositions(options: {
  readonly projectedTypes: () => Promise<ReadonlySet<string>>
  readonly logger: Logger
}) {
  return async function answerPosition(ctx: Koa.Context, next: Koa.Next) {
    const appended: Appended = new Map()
    try {
      await requests.run(appended, next)
    } finally {
      if (appended.size > 0) {
        try {
          const projected = await options.projectedTypes()
          let last: Position | undefined
          for (const [type, position] of appended) if (projected.has(type)) last = later(last, position)
          if (last) ctx.set(eventPositionHeader, positionToString(last))
        } catch (error) {
          // The command is done either way; the client only reads without waiting for it.
          options.logger.warn({ err: error }, 'cannot tell which events the read models show')
        }
      }
    }
  }
}
