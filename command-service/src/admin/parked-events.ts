import Router from '@koa/router'
import {
  endpoints,
  maxLength,
  type ParkedEvent,
  parkedEventMessages,
  parkedEventParams,
  parkedEventStream,
  parkedEventsPageSize,
  parkedEventsQuery,
} from '@prizes/contracts'
import { parkedEventDecider } from '@prizes/domain'
import type { EventStore, RecordedEvent } from '@prizes/event-store'
import {
  authenticate,
  createKnexSessionStore,
  HttpError,
  jsonBody,
  type Logger,
  type PlatformSecrets,
  parseOr400,
  type RateLimit,
  type RateLimiter,
  requireAdmin,
} from '@prizes/platform'
import type { Knex } from 'knex'
import type Koa from 'koa'
import { tooMany, waitFor } from '../auth/rate-limits'
import { requestContext } from '../auth/request-context'
import { respond } from '../auth/routes'
import type { CommandHandler } from '../command-handler'
import {
  claimParkedEvent,
  finishRetry,
  listParkedEvents,
  type ParkedEventRow,
  resolveParkedEvent,
} from './parked-store'

/** What a retry needs of a reactor (the reactors' `Reactor` is one): its name and its handler. */
export interface RetryableReactor {
  readonly name: string
  react(event: RecordedEvent): Promise<void>
}

export interface ParkedEventsDeps {
  readonly store: Pick<EventStore, 'readStream'>
  /** Records each retry and resolution in the log, with the admin as actor (the audit trail). */
  readonly handler: CommandHandler
  readonly knex: Knex
  readonly secrets: PlatformSecrets
  readonly limiter: RateLimiter
  readonly logger: Logger
  readonly clock: () => Date
  /** The reactors whose handler a retry runs here, by name; one not among them is resolved by hand. */
  readonly reactors: ReadonlyMap<string, RetryableReactor>
  /** Retries and resolutions one admin may make per window. */
  readonly actionLimit?: RateLimit
}

/** Sixty actions an admin per ten minutes: a queue of parked refunds worked through, never a flood of provider calls. */
export const defaultParkedActionLimit: RateLimit = { max: 60, windowMs: 10 * 60_000 }

export function toParkedEvent(row: ParkedEventRow, now: Date): ParkedEvent {
  const iso = (value: Date | null) => value?.toISOString() ?? null
  return {
    id: String(row.id),
    consumer: row.consumer,
    eventId: row.event_id,
    eventType: row.event_type,
    streamId: row.stream_id,
    position: row.position,
    reason: row.reason,
    attempts: row.attempts,
    parkedAt: row.parked_at.toISOString(),
    lastRetriedAt: iso(row.last_retried_at),
    retrying: row.resolved_at === null && row.retrying_until !== null && row.retrying_until > now,
    resolvedAt: iso(row.resolved_at),
    resolvedBy: row.resolved_by,
    resolution: row.resolution,
    resolutionReason: row.resolution_reason,
  }
}

const notFound = () => new HttpError(404, 'PARKED_EVENT_NOT_FOUND', parkedEventMessages.notFound)
const alreadyResolved = () => new HttpError(409, 'PARKED_EVENT_RESOLVED', parkedEventMessages.alreadyResolved)
const busy = () => new HttpError(409, 'PARKED_EVENT_RETRYING', parkedEventMessages.busy)

/** Who acted on which parked event, as its recorded action says. */
const actionOf = (row: ParkedEventRow) => ({
  parkedEventId: String(row.id),
  consumer: row.consumer,
  eventId: row.event_id,
  eventType: row.event_type,
  streamId: row.stream_id,
})

/** The parked event itself, read back from its stream at its revision. */
async function parkedEventOf(
  store: Pick<EventStore, 'readStream'>,
  row: ParkedEventRow,
): Promise<RecordedEvent | undefined> {
  const [event] = await store.readStream(row.stream_id, { from: BigInt(row.stream_revision), limit: 1 })
  return event?.id === row.event_id ? event : undefined
}

/**
 * The admin's parked events (issue 23): `GET /api/admin/parked-events` (a page, newest first,
 * open, resolved or all), `POST .../:id/retry` (the reactor's handler runs the event again here,
 * now: handled, it is resolved as `retried` by the admin; failing, it stays parked with the new
 * reason and the answer is 409 PARKED_EVENT_STILL_FAILING) and `POST .../:id/resolve` with a
 * reason (resolved by hand; the admin and the reason stay on the row and in the log). Admins
 * only; each admin's retries and resolutions are rate limited.
 */
export function parkedEventsRouter(deps: ParkedEventsDeps): Router {
  const { knex, clock, logger } = deps
  const actionLimit = deps.actionLimit ?? defaultParkedActionLimit
  const router = new Router()
  router.use(jsonBody())
  router.use(authenticate({ secret: deps.secrets.jwt, sessions: createKnexSessionStore(knex), clock }))

  /** A retry or a resolution as an event of the parked event's stream, the admin as its actor. */
  async function record(
    ctx: Koa.Context,
    row: ParkedEventRow,
    action: 'retried' | 'resolved',
    why: {
      readonly failure?: string
      readonly reason?: string
    },
  ): Promise<void> {
    const data = actionOf(row)
    const context = { ...requestContext(ctx, clock), ...(why.reason ? { reason: why.reason } : {}) }
    await deps.handler.handle(
      parkedEventStream(row.consumer, row.event_id),
      parkedEventDecider,
      action === 'retried'
        ? {
            type: 'RecordParkedEventRetry',
            data: {
              ...data,
              outcome: why.failure === undefined ? 'handled' : 'failed',
              failure: why.failure?.slice(0, maxLength.reason) ?? null,
            },
            metadata: { now: context.now },
          }
        : { type: 'RecordParkedEventResolution', data, metadata: { now: context.now } },
      context,
    )
  }

  async function withinLimit(ctx: Koa.Context, adminId: string): Promise<void> {
    const verdict = await deps.limiter.hit(`parked-events:admin:${adminId}`, actionLimit, clock())
    if (!verdict.allowed) {
      throw tooMany(
        ctx,
        verdict.retryAfterSeconds,
        `Too many actions on parked events. Please wait ${waitFor(verdict.retryAfterSeconds)} and try again.`,
      )
    }
  }

  router.get(endpoints.adminParkedEvents.path, async (ctx) => {
    requireAdmin(ctx)
    const query = parseOr400(parkedEventsQuery, ctx.query)
    const page = Number(query.page ?? '1')
    const limit = parkedEventsPageSize
    const rows = await listParkedEvents(knex, {
      status: query.status ?? 'open',
      offset: (page - 1) * limit,
      limit: limit + 1,
    })
    const now = clock()
    respond(ctx, 'adminParkedEvents', {
      success: true,
      events: rows.slice(0, limit).map((row) => toParkedEvent(row, now)),
      page,
      pageSize: parkedEventsPageSize,
      hasMore: rows.length > limit,
    })
  })

  router.post(endpoints.adminRetryParkedEvent.path, async (ctx) => {
    const admin = requireAdmin(ctx)
    const { id } = parseOr400(parkedEventParams, ctx.params)
    await withinLimit(ctx, admin.userId)
    const claim = await claimParkedEvent(knex, id)
    if (claim.kind === 'not-found') throw notFound()
    if (claim.kind === 'resolved') throw alreadyResolved()
    if (claim.kind === 'busy') throw busy()
    const { row } = claim
    const reactor = deps.reactors.get(row.consumer)
    const event = reactor ? await parkedEventOf(deps.store, row) : undefined
    if (!reactor || !event) {
      await finishRetry(knex, id, {
        error: new Error(
          reactor ? 'The event is no longer in the log' : `${row.consumer} cannot be retried from here`,
        ),
      })
      throw new HttpError(409, 'PARKED_EVENT_NOT_RETRYABLE', parkedEventMessages.notRetryable)
    }
    const log = logger.child({ parkedEventId: id, consumer: row.consumer, eventId: row.event_id })
    try {
      await reactor.react(event)
    } catch (error) {
      const still = await finishRetry(knex, id, { error })
      await record(ctx, row, 'retried', { failure: still.reason })
      log.warn({ err: error, by: admin.userId }, 'parked event retried by an admin: failed again')
      throw new HttpError(
        409,
        'PARKED_EVENT_STILL_FAILING',
        `${parkedEventMessages.stillFailing}: ${still.reason}`,
      )
    }
    const resolved = await finishRetry(knex, id, { by: admin.userId })
    await record(ctx, row, 'retried', {})
    log.info({ audit: true, by: admin.userId }, 'parked event retried by an admin: handled, resolved')
    respond(ctx, 'adminRetryParkedEvent', {
      success: true,
      message: parkedEventMessages.retried,
      event: toParkedEvent(resolved, clock()),
    })
  })

  router.post(endpoints.adminResolveParkedEvent.path, async (ctx) => {
    const admin = requireAdmin(ctx)
    const { id } = parseOr400(parkedEventParams, ctx.params)
    const { reason } = parseOr400(endpoints.adminResolveParkedEvent.request, ctx.request.body)
    await withinLimit(ctx, admin.userId)
    const outcome = await resolveParkedEvent(knex, id, { userId: admin.userId, reason })
    if (outcome.kind === 'not-found') throw notFound()
    if (outcome.kind === 'already-resolved') throw alreadyResolved()
    if (outcome.kind === 'busy') throw busy()
    await record(ctx, outcome.row, 'resolved', { reason })
    logger.info(
      { audit: true, parkedEventId: id, consumer: outcome.row.consumer, by: admin.userId, reason },
      'parked event resolved by an admin',
    )
    respond(ctx, 'adminResolveParkedEvent', {
      success: true,
      message: parkedEventMessages.resolved,
      event: toParkedEvent(outcome.row, clock()),
    })
  })

  return router
}
