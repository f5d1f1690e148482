import type Router from '@koa/router'
import { type CodedError, errorCodes, isCodedError, Refusal } from '@prizes/contracts'
import { isDatabaseUnavailable, WrongExpectedVersion } from '@prizes/event-store'
import Koa from 'koa'
import type { Logger } from 'pino'
import { DeadlineExceeded } from '../db/probe'
import { type MetricsEndpointOptions, metricsEndpoint } from '../metrics/endpoint'
import { requestMetrics } from '../metrics/http'
import { compression } from './compression'
import { defaultRequestTimeoutMs, requestDeadline } from './deadline'
import { type ErrorReply, replyTo, serviceUnavailable } from './errors'
import { apiNoStoreByDefault, type SecurityHeadersOptions, securityHeaders } from './security-headers'
import { validateRequestTarget } from './validate'

export interface AppOptions {
  readonly name: string
  readonly logger: Logger
  readonly routers?: readonly Router[]
  /** Which CSP and Permissions-Policy, and how to tell https; the default suits a JSON service. */
  readonly security?: SecurityHeadersOptions
  /** Run before every router, after validation (e.g. the maintenance guard). */
  readonly guards?: readonly Koa.Middleware[]
  /** Answer `GET /metrics` (this process's metrics) on this app; not unless given. */
  readonly metrics?: MetricsEndpointOptions
  /** REQUEST_TIMEOUT_MS: a request still unanswered after this is answered 503; 10 s unless given. */
  readonly requestTimeoutMs?: number
}

/** Koa's own JSON-body failures and payload limits carry a status we can trust. */
function clientErrorStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const status = (error as { status?: unknown; expose?: unknown }).status
  const expose = (error as { expose?: unknown }).expose
  return typeof status === 'number' && status >= 400 && status < 500 && expose === true ? status : undefined
}

/**
 * The typed error a thrown one stands for. A lost race on a stream (once the handler's retries
 * are spent) is a conflict; whatever the route, a database that is down, hung or full is 503
 * with `Retry-After` rather than a 500: the request was fine and will work again once the
 * database answers.
 */
function typed(error: unknown): CodedError | undefined {
  if (isCodedError(error)) return error
  if (error instanceof WrongExpectedVersion) return new Refusal(errorCodes.conflict)
  if (isDatabaseUnavailable(error) || error instanceof DeadlineExceeded) return serviceUnavailable()
  return undefined
}

/** Anything else: a client error Koa itself threw (a body it could not read) keeps its status. */
function untyped(error: unknown): ErrorReply {
  const status = clientErrorStatus(error)
  if (status === undefined) return replyTo(new Refusal(errorCodes.internal))
  return { status, body: { success: false, code: errorCodes.validation, message: (error as Error).message } }
}

/**
 * The error middleware: one place that turns any thrown error into the error body, answering
 * every typed error from contracts' one table (`errorAnswers`).
 */
export function errorHandler(options: Pick<AppOptions, 'logger'>) {
  return async function handleErrors(ctx: Koa.Context, next: Koa.Next) {
    try {
      await next()
      if (ctx.respond !== false && ctx.status === 404 && ctx.body === undefined) {
        throw new Refusal(errorCodes.notFound, `No route for ${ctx.method} ${ctx.path}`)
      }
    } catch (error) {
      const coded = typed(error)
      const reply = coded ? replyTo(coded) : untyped(error)
      // Maintenance is the operator's choice, not a failure: its 503s are not logged as errors.
      if (reply.status >= 500 && reply.body.code !== errorCodes.maintenance)
        options.logger.error({ err: error, path: ctx.path }, 'request failed')
      if (reply.retryAfterSeconds !== undefined) ctx.set('Retry-After', String(reply.retryAfterSeconds))
      // Answered before the body was read (too large, refused early): the rest of it is still on
      // the connection, so it cannot carry another request. Closing it tells the client so,
      // instead of the client's next request on it failing with a reset.
      if (!ctx.req.complete) ctx.set('Connection', 'close')
      ctx.status = reply.status
      ctx.body = reply.body
    }
  }
}

/** A Koa app with the shared middleware; tests drive `app.callback()` without a port. */
export function createApp(options: AppOptions): Koa {
  const app = new Koa()
  app.proxy = true
  app.silent = true
  // First, so its time and status are the whole answer's, errors and headers included.
  app.use(requestMetrics(options.name))
  app.use(securityHeaders(options.security))
  app.use(apiNoStoreByDefault())
  // Outside the error handler, so error bodies are compressed like any other answer.
  app.use(compression())
  app.use(errorHandler(options))
  // Inside the error handler, which sends its 503; long streams and jobs are exempt.
  app.use(
    requestDeadline({ ms: options.requestTimeoutMs ?? defaultRequestTimeoutMs, logger: options.logger }),
  )
  // Before the guards: maintenance mode must not blind the monitoring.
  if (options.metrics) app.use(metricsEndpoint(options.metrics))
  app.use(validateRequestTarget())
  for (const guard of options.guards ?? []) app.use(guard)
  for (const router of options.routers ?? []) {
    app.use(router.routes())
    app.use(router.allowedMethods())
  }
  return app
}
