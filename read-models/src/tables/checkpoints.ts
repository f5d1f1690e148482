export const projectionCheckpointsTable = 'projection_checkpoints'

/**
 * A projection's row in `projection_checkpoints`: where it has got to (a position as
 * `positionToString` writes it; null: nothing yet), the event types it handles, and the event it
 * is stuck on, if any.
 */
export interface ProjectionCheckpointRow {
  readonly name: string
  readonly position: string | null
  readonly handles: string[] | null
  readonly failed_position: string | null
  readonly failed_event_id: string | null
  readonly failed_type: string | null
  readonly failed_error: string | null
  readonly failed_at: Date | null
  readonly updated_at: Date
}
