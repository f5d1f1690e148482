export const userResponsiblePlayTable = 'user_responsible_play'

/** A user's monthly limit, pending increase and break as they stand. */
export interface UserResponsiblePlayRow {
  readonly user_id: string
  readonly limit_pence: number | null
  readonly pending: boolean
  readonly pending_limit_pence: number | null
  readonly pending_effective_at: Date | null
  readonly break_ends_at: Date | null
  readonly break_permanent: boolean
  readonly held_for_review: boolean
  readonly last_revision: number
}
