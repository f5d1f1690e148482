import type { ConsumerFailure, ConsumerHealth, ConsumerStatus, HealthResponse } from '@prizes/contracts'
import { formatCount, formatDateTime } from '../../../../lib/format'

/** One projection or reactor as System Info lists it. */
export interface HealthRow {
  readonly key: string
  readonly name: string
  readonly kind: 'Projection' | 'Reactor'
  readonly status: string
  readonly tone: 'success' | 'warning' | 'error'
  /** The last event it dealt with (`commit/prepare`), or that it has none yet. */
  readonly position: string
  readonly lag: string
  /** What fails and why (the error text only reaches admins); null while it is well. */
  readonly problem: string | null
}

const statuses: Record<ConsumerStatus, Pick<HealthRow, 'status' | 'tone'>> = {
  ok: { status: 'OK', tone: 'success' },
  failing: { status: 'Retrying', tone: 'warning' },
  stuck: { status: 'Stuck', tone: 'error' },
}

/** A wait as people say it: "under a second", "42 s", "3 min", "2 h 5 min", "3 days". */
export function formatWait(ms: number): string {
  const seconds = Math.floor(ms / 1000)
  if (seconds < 1) return 'under a second'
  if (seconds < 60) return `${seconds} s`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`
  const days = Math.floor(hours / 24)
  return days === 1 ? '1 day' : `${days} days`
}

/** "Up to date", or how many events wait ("over" when only some were counted) and for how long. */
export function formatLag(consumer: Pick<ConsumerHealth, 'lagEvents' | 'lagCapped' | 'lagMs'>): string {
  if (consumer.lagEvents === 0) return 'Up to date'
  const count = `${consumer.lagCapped ? 'over ' : ''}${formatCount(consumer.lagEvents)}`
  const events = consumer.lagEvents === 1 && !consumer.lagCapped ? '1 event' : `${count} events`
  return `${events} waiting, oldest ${formatWait(consumer.lagMs)}`
}

/** "On TicketsAllocated, event 9c…, at position 12/3, since 24 Nov 2026, 10:00:00: the error". */
export function describeFailure(failure: ConsumerFailure): string {
  const where = [
    failure.eventType && `on ${failure.eventType}`,
    failure.eventId && `event ${failure.eventId}`,
    failure.position && `at position ${failure.position}`,
    failure.since && `since ${formatDateTime(failure.since)}`,
  ]
    .filter(Boolean)
    .join(', ')
  const sentence = where === '' ? 'Failing' : where.charAt(0).toUpperCase() + where.slice(1)
  return failure.error ? `${sentence}: ${failure.error}` : sentence
}

/** Its failure, and the events it parked that no admin has dealt with (see Parked events below). */
function problemOf(consumer: ConsumerHealth): string | null {
  const parked = consumer.parked ?? 0
  const parkedText =
    parked === 0
      ? null
      : `${parked >= 1000 ? '1,000 or more' : formatCount(parked)} parked ${parked === 1 ? 'event' : 'events'}`
  const failure = consumer.failure ? describeFailure(consumer.failure) : null
  return [failure, parkedText].filter(Boolean).join('. ') || null
}

function rowOf(kind: HealthRow['kind'], consumer: ConsumerHealth): HealthRow {
  return {
    key: `${kind}:${consumer.name}`,
    name: consumer.name,
    kind,
    ...statuses[consumer.status],
    position: consumer.position ?? 'None yet',
    lag: formatLag(consumer),
    problem: problemOf(consumer),
  }
}

/** Projections first, then reactors, each as the server listed them (by name). */
export function healthRows(report: HealthResponse): HealthRow[] {
  return [
    ...report.projections.map((consumer) => rowOf('Projection', consumer)),
    ...report.reactors.map((consumer) => rowOf('Reactor', consumer)),
  ]
}

/** One sentence over the whole report: the database not answering, which are stuck, else that all keep up. */
export function healthSummary(report: HealthResponse): { readonly stuck: boolean; readonly text: string } {
  if (!report.database.ok) {
    const why = report.database.reason ? ` (${report.database.reason})` : ''
    return {
      stuck: true,
      text: `The database is not answering${why}. Nothing can be measured until it does.`,
    }
  }
  const stuck = [...report.projections, ...report.reactors]
    .filter((c) => c.status === 'stuck')
    .map((c) => c.name)
  if (stuck.length > 0)
    return { stuck: true, text: `Stuck: ${stuck.join(', ')}. What they feed is not updating.` }
  return { stuck: false, text: 'Every projection and reactor is running.' }
}
