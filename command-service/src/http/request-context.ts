import { randomUUID } from 'node:crypto'
import { optionalUser } from '@prizes/platform'
import type Koa from 'koa'
import type { CommandContext } from '../event-metadata'

/**
 * A command's context from an HTTP request: the signed-in caller as actor (else the anonymous
 * web), the request's time from the app's clock, and the caller's request id to correlate by.
 */
export function requestContext(ctx: Koa.Context, clock: () => Date): CommandContext {
  const principal = optionalUser(ctx)
  const requestId = ctx.get('x-request-id')
  return {
    actor: principal ? { userId: principal.userId, role: principal.role } : { system: 'anonymous-web' },
    now: clock(),
    correlationId: requestId !== '' && requestId.length <= 200 ? requestId : randomUUID(),
  }
}
