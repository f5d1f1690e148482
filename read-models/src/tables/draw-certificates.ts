export const drawCertificatesTable = 'draw_certificates'
export const drawCertificateEntriesTable = 'draw_certificate_entries'

/** A competition's commitment, seal and draw, for its public certificate. */
export interface DrawCertificateRow {
  readonly competition_id: string
  readonly seed_commitment: string | null
  readonly list_version: number | null
  readonly eligible_tickets: number | null
  readonly list_hash: string | null
  readonly randomness: unknown
  readonly closed_at: Date | null
  readonly seed: string | null
  readonly public_randomness: unknown
  readonly winning_ticket: number | null
  readonly attempts: number | null
  readonly drawn_at: Date | null
}

/** An allocated entry of a competition and whether the seal put it on the list. */
export interface DrawCertificateEntryRow {
  readonly competition_id: string
  readonly entry_id: string
  readonly entry_reference: string
  readonly ticket_numbers: number[]
  readonly first_ticket: number
  readonly eligible: boolean
}
