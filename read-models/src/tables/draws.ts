export const drawsTable = 'draws'

/** A completed draw. Titles and prizes are joined from `competitions`. */
export interface DrawRow {
  readonly competition_id: string
  readonly winning_ticket: number
  readonly winning_entry_id: string
  readonly winner_user_id: string
  readonly drawn_at: Date
}
