import type { ConsumerHealth, ConsumerStatus, EmailHealth, HealthResponse } from '@prizes/contracts'
import { type EventStore, positionFromString } from '@prizes/event-store'
import { leaseKey, projectionsLeaseName } from '@prizes/platform'
import type { Knex } from 'knex'
import { countOpenParked } from '../admin/parked-store'
import { countUnsentEmails } from '../email-tools/outbox-admin'
import {
  type ConsumerRow,
  type ProjectionRows,
  type RecordedFailure,
  readLeaseHolders,
  readReactorRows,
} from './consumers'

/** Waiting events counted per consumer at most, by `/api/health` and the lag metrics alike. */
export const defaultLagLimit = 1000
/** How long a reactor may fail before it counts as stuck. */
export const defaultReactorStuckAfterMs = 5 * 60 * 1000

export interface MeasureOptions {
  readonly store: Pick<EventStore, 'readAll'>
  readonly knex: Knex
  /** The projections' checkpoints, from the composition root. */
  readonly projections: ProjectionRows
  readonly now: Date
  /** At most this many waiting events are read per consumer: the cost of one look is bounded. */
  readonly lagLimit: number
  /** A reactor failing this long counts as stuck; a shorter spell is an outside system's hiccup. */
  readonly reactorStuckAfterMs: number
}

/** How far behind a consumer is: the events after its position that it handles, up to the limit. */
async function lagOf(options: MeasureOptions, row: ConsumerRow) {
  const from = row.position === null ? 'start' : positionFromString(row.position)
  const waiting = await options.store.readAll({ from, limit: options.lagLimit, filter: row.filter })
  const oldest = waiting[0]
  return {
    lagEvents: waiting.length,
    lagCapped: waiting.length >= options.lagLimit,
    lagMs: oldest ? Math.max(0, options.now.getTime() - oldest.recordedAt.getTime()) : 0,
  }
}

function failureOf(failure: RecordedFailure) {
  return {
    since: failure.since?.toISOString() ?? null,
    position: failure.position,
    ...(failure.eventType === null ? {} : { eventType: failure.eventType }),
    ...(failure.eventId === null ? {} : { eventId: failure.eventId }),
    ...(failure.error === null ? {} : { error: failure.error }),
  }
}

async function measure(
  options: MeasureOptions,
  row: ConsumerRow,
  status: ConsumerStatus,
  holder: string | undefined,
): Promise<ConsumerHealth> {
  return {
    name: row.name,
    status,
    position: row.position,
    ...(await lagOf(options, row)),
    failure: row.failure ? failureOf(row.failure) : null,
    holder: holder ?? null,
  }
}

/** A projection that recorded a failure has stopped itself on that event: it never retries. */
const projectionStatus = (row: ConsumerRow): ConsumerStatus => (row.failure ? 'stuck' : 'ok')

/** A reactor retries for ever; it is stuck once it has failed for longer than the threshold. */
function reactorStatus(options: MeasureOptions, row: ConsumerRow): ConsumerStatus {
  const since = row.failure?.since
  if (!row.failure) return 'ok'
  if (!since) return 'failing'
  return options.now.getTime() - since.getTime() >= options.reactorStuckAfterMs ? 'stuck' : 'failing'
}

/** PostgreSQL's "undefined_table". */
const undefinedTable = '42P01'

/** The outbox's counts; undefined before the command-side migration that makes it has run. */
async function emailHealthOf(knex: Knex): Promise<EmailHealth | undefined> {
  try {
    const counts = await countUnsentEmails(knex)
    return { ...counts, oldestPendingAt: counts.oldestPendingAt?.toISOString() ?? null }
  } catch (error) {
    if ((error as { code?: unknown }).code === undefinedTable) return undefined
    throw error
  }
}

/** Every projection and reactor, measured now, with every detail (see `forCaller` before answering). */
export async function measureHealth(options: MeasureOptions): Promise<HealthResponse> {
  const [projectionRows, reactorRows, emails, holders] = await Promise.all([
    options.projections(),
    readReactorRows(options.knex),
    emailHealthOf(options.knex),
    readLeaseHolders(options.knex),
  ])
  // The projections run under one lease; each reactor under its own, named as it is.
  const projectionsHolder = holders.get(leaseKey(projectionsLeaseName))
  const projections = await Promise.all(
    projectionRows.map((row) => measure(options, row, projectionStatus(row), projectionsHolder)),
  )
  const parked = await countOpenParked(
    options.knex,
    reactorRows.map((row) => row.name),
  )
  const reactors = await Promise.all(
    reactorRows.map(async (row) => ({
      ...(await measure(options, row, reactorStatus(options, row), holders.get(leaseKey(row.name)))),
      parked: parked.get(row.name) ?? 0,
    })),
  )
  const stuck = [...projections, ...reactors].some((consumer) => consumer.status === 'stuck')
  return {
    success: !stuck,
    status: stuck ? 'stuck' : 'ok',
    checkedAt: options.now.toISOString(),
    database: { ok: true },
    projections,
    reactors,
    ...(emails ? { emails } : {}),
  }
}

/**
 * The report as a caller may see it: the failing event's id, the error text and the process
 * holding a consumer (a host name and a pid) are for admins.
 */
export function forCaller(report: HealthResponse, isAdmin: boolean): HealthResponse {
  if (isAdmin) return report
  const hide = ({ holder: _holder, ...consumer }: ConsumerHealth): ConsumerHealth => {
    if (!consumer.failure) return consumer
    const { eventId: _eventId, error: _error, ...visible } = consumer.failure
    return { ...consumer, failure: visible }
  }
  return { ...report, projections: report.projections.map(hide), reactors: report.reactors.map(hide) }
}
