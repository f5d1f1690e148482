import { type EndpointName, endpoints, errorCodes, Refusal } from '@prizes/contracts'
import type Koa from 'koa'
import type { Logger } from 'pino'
import { createEndpointTable } from './endpoint-table'

/** REQUEST_TIMEOUT_MS unless given: past it a request is answered 503, whatever it waits for. */
export const defaultRequestTimeoutMs = 10_000

/** Seconds a client whose request ran out of time is told to wait before trying again. */
const retryAfterSeconds = 5

/**
 * Answers that are long by nature and bounded otherwise: live streams (until the client leaves),
 * streamed exports and backups (as long as they take to send), the admin's database jobs (one at
 * a time each), and the admin's test emails (each send bounded by its own SMTP timeout, which
 * the admin is told of; every template is one send after another). Their time is not a request's.
 */
const longByNature: readonly EndpointName[] = [
  'competitionsLive',
  'adminExportEntries',
  'adminExportCompetitionEntries',
  'adminBackup',
  'adminOptimiseDatabase',
  'adminResetDatabase',
  'emailTestEntryConfirmation',
  'emailDirectTest',
  'emailTestAllTemplates',
]

const longRequests = createEndpointTable(
  Object.fromEntries(longByNature.map((name) => [name, endpoints[name]])),
)

/** A request that needs no deadline: one of the long ones above, or an upload still arriving. */
function exempt(ctx: Koa.Context): boolean {
  if (typeof longRequests.match(ctx.method, ctx.path) === 'object') return true
  // An admin's image (up to 5 MB) may take a while to arrive on a slow line; the server's own
  // request timeout bounds that.
  return ctx.is('multipart/form-data') === 'multipart/form-data'
}

export class RequestDeadlinePassed extends Refusal<typeof errorCodes.unavailable> {
  constructor(ms: number) {
    super(
      errorCodes.unavailable,
      `The request took longer than ${Math.round(ms / 100) / 10} s and was given up. Please try again in a moment.`,
      { retryAfterSeconds },
    )
  }
}

/**
 * Every request has a deadline: when it passes, the request is answered 503 with `Retry-After`
 * (the error handler around this middleware sends it), whatever it was waiting for (a frozen
 * database, a hung outside call). The work it started carries on to its own bounds (statement
 * timeouts, the provider's timeout) and its outcome is logged, never sent: the client was
 * answered. Commands that money depends on are idempotent, so asking again is safe.
 */
export function requestDeadline(options: { readonly ms: number; readonly logger: Logger }) {
  return async function withinRequestDeadline(ctx: Koa.Context, next: Koa.Next) {
    if (exempt(ctx)) return next()
    let timer: NodeJS.Timeout | undefined
    const passed = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new RequestDeadlinePassed(options.ms)), options.ms)
    })
    const work = next()
    try {
      await Promise.race([work, passed])
    } catch (error) {
      if (error instanceof RequestDeadlinePassed) {
        options.logger.warn({ path: ctx.path, method: ctx.method, ms: options.ms }, 'request deadline passed')
        // The request goes on without anyone waiting for it: its failure is only logged.
        work.catch((late: unknown) =>
          options.logger.warn(
            { err: late, path: ctx.path },
            'a request given up at its deadline failed later',
          ),
        )
      }
      throw error
    } finally {
      clearTimeout(timer)
    }
  }
}
