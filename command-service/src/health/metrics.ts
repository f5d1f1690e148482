import type { ConsumerHealth, HealthResponse } from '@prizes/contracts'
import type { EventStore } from '@prizes/event-store'
import { gauge, type Logger, withinDeadline } from '@prizes/platform'
import type { Knex } from 'knex'
import { reuseFor } from './cache'
import { noProjections, type ProjectionRows } from './consumers'
import { defaultLagLimit, defaultReactorStuckAfterMs, measureHealth } from './measure'

/**
 * The projections' and reactors' lag and the mail outbox as gauges, measured from the database
 * when `/metrics` is read: the checkpoint tables and the outbox, the way `/api/health` measures
 * them (each consumer's waiting events read up to `defaultLagLimit`, the outbox by its indexes),
 * so a scrape costs the same however long the log grows.
 */

/** One measurement serves every scrape for this long: scraping often, or by several, stays cheap. */
export const metricsReuseMs = 5000
/** A database that does not answer in this long makes the scrape say so rather than hang it. */
const deadlineMs = 2000

const consumerLabels = ['kind', 'name'] as const

let collectNow: (() => Promise<void>) | undefined
/** Each gauge waits for the same shared measurement before it is read. */
const collect = async () => {
  await collectNow?.()
}

const lagEvents = gauge({
  name: 'prizes_consumer_lag_events',
  help: `Events waiting for a projection or reactor (kind, name), counted up to ${defaultLagLimit}`,
  labelNames: consumerLabels,
  collect,
})
const lagSeconds = gauge({
  name: 'prizes_consumer_lag_seconds',
  help: 'How long the oldest event waiting for a projection or reactor has been in the log; 0 when none waits',
  labelNames: consumerLabels,
  collect,
})
const failing = gauge({
  name: 'prizes_consumer_failing',
  help: '1 while a projection or reactor fails on an event (a reactor retrying it, or either stuck), else 0',
  labelNames: consumerLabels,
  collect,
})
const stuck = gauge({
  name: 'prizes_consumer_stuck',
  help: '1 while a projection stopped on an event or a reactor has failed for over 5 minutes (/api/health answers 503)',
  labelNames: consumerLabels,
  collect,
})
const parked = gauge({
  name: 'prizes_consumer_parked_events',
  help: 'Events a reactor (kind, name) parked that no admin has retried or resolved yet, counted up to 1000',
  labelNames: consumerLabels,
  collect,
})
const outboxPending = gauge({
  name: 'prizes_email_outbox_pending',
  help: 'Emails in the outbox waiting to be sent, retries included',
  collect,
})
const outboxFailed = gauge({
  name: 'prizes_email_outbox_failed',
  help: 'Emails that gave up after every attempt; they wait for an admin to resend them',
  collect,
})
const outboxOldestPending = gauge({
  name: 'prizes_email_outbox_oldest_pending_seconds',
  help: 'How long the oldest email waiting to be sent has waited; 0 when none waits',
  collect,
})
const measured = gauge({
  name: 'prizes_health_measured',
  help: '1 when the consumers and the outbox could be measured at the last scrape, 0 when the database did not answer in time',
  collect,
})

const scraped = [
  lagEvents,
  lagSeconds,
  failing,
  stuck,
  parked,
  outboxPending,
  outboxFailed,
  outboxOldestPending,
]

function record(report: HealthResponse, now: Date): void {
  for (const metric of scraped) metric.reset()
  const consumers = (kind: string, list: readonly ConsumerHealth[]) => {
    for (const consumer of list) {
      const labels = { kind, name: consumer.name }
      lagEvents.set(labels, consumer.lagEvents)
      lagSeconds.set(labels, consumer.lagMs / 1000)
      failing.set(labels, consumer.status === 'ok' ? 0 : 1)
      stuck.set(labels, consumer.status === 'stuck' ? 1 : 0)
      if (consumer.parked !== undefined) parked.set(labels, consumer.parked)
    }
  }
  consumers('projection', report.projections)
  consumers('reactor', report.reactors)
  if (report.emails) {
    outboxPending.set(report.emails.pending)
    outboxFailed.set(report.emails.failed)
    const oldest = report.emails.oldestPendingAt
    outboxOldestPending.set(oldest ? Math.max(0, now.getTime() - Date.parse(oldest)) / 1000 : 0)
  }
  measured.set(1)
}

export interface HealthMetricsDeps {
  readonly store: Pick<EventStore, 'readAll'>
  readonly knex: Knex
  /** The projections' checkpoints (`ProjectionRows`); none unless given. */
  readonly projections?: ProjectionRows
  readonly logger: Logger
}

/**
 * Makes the gauges above read this process's database, until the answered function is called.
 * One source at a time per process: the command service registers it where it starts.
 */
export function registerHealthMetrics(deps: HealthMetricsDeps): () => void {
  const current = reuseFor(metricsReuseMs, async () => {
    const now = new Date()
    try {
      const report = await withinDeadline(
        deadlineMs,
        measureHealth({
          store: deps.store,
          knex: deps.knex,
          projections: deps.projections ?? noProjections,
          now,
          lagLimit: defaultLagLimit,
          reactorStuckAfterMs: defaultReactorStuckAfterMs,
        }),
      )
      record(report, now)
    } catch (error) {
      // Old values would look current: the series go, and `prizes_health_measured` says why.
      deps.logger.warn({ err: error }, 'metrics: consumers and outbox could not be measured')
      for (const metric of scraped) metric.reset()
      measured.set(0)
    }
  })
  collectNow = current
  return () => {
    if (collectNow !== current) return
    collectNow = undefined
    for (const metric of [...scraped, measured]) metric.reset()
  }
}
