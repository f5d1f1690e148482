/** How long a link lasts, in words, and until when in UK time, e.g. "1 hour (until 14:32 on 3 March 2030, UK time)". */
export interface LinkValidity {
  /** When the link was asked for (the event's `occurredAt`). */
  readonly requestedAt: Date
  readonly expiresAt: Date
}

const ukDateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
})
const ukTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`

export function describeDuration(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000))
  if (minutes < 60) return plural(minutes, 'minute')
  const hours = Math.round(minutes / 60)
  if (hours < 48) return plural(hours, 'hour')
  return plural(Math.round(hours / 24), 'day')
}

export function describeValidity({ requestedAt, expiresAt }: LinkValidity): string {
  const duration = describeDuration(expiresAt.getTime() - requestedAt.getTime())
  return `${duration} (until ${ukTime.format(expiresAt)} on ${ukDateTime.format(expiresAt)}, UK time)`
}
