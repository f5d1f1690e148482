/** The admins' retries and resolutions of parked events: their part of the audit trail. */
export const parkedEventActionsTable = 'parked_event_actions'

export interface ParkedEventActionRow {
  readonly stream_id: string
  readonly revision: number
  readonly parked_event_id: string
  readonly consumer: string
  readonly event_id: string
  readonly event_type: string
  readonly event_stream_id: string
  readonly action: 'retried' | 'resolved'
  readonly outcome: 'handled' | 'failed' | null
  readonly failure: string | null
  readonly occurred_at: Date
  readonly actor: unknown
  readonly reason: string | null
}
