export const competitionEventsTable = 'competition_events'
/** Each competition's number of events, so the audit trail's pages need not count them. */
export const competitionEventCountsTable = 'competition_event_counts'

/** An event of a competition stream, for the admin's audit trail. */
export interface CompetitionEventRow {
  readonly competition_id: string
  readonly revision: number
  readonly type: string
  readonly data: unknown
  readonly occurred_at: Date
  /** The envelope's actor (`{ userId, role }` or `{ system }`); null when an event had none. */
  readonly actor: unknown
  /** The reason an admin gave, when they gave one. */
  readonly reason: string | null
}
