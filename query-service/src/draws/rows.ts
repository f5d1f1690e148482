import type { Knex } from 'knex'

export interface WinnerRow {
  readonly competition_id: string
  readonly winning_ticket: number
  readonly winner_user_id: string
  readonly drawn_at: Date
  readonly title: string
  readonly prize: string
}

/** A competition's commitment, seal and draw, as the draw_certificates read model holds them. */
export interface CertificateRow {
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

export interface CertificateEntryRow {
  readonly entry_reference: string
  readonly ticket_numbers: number[]
}

/** Completed draws of competitions still listed, most recent first. */
export function listWinners(knex: Knex): Promise<WinnerRow[]> {
  return knex('draws as d')
    .join('competitions as c', 'c.id', 'd.competition_id')
    .whereNull('c.deleted_at')
    .select('d.competition_id', 'd.winning_ticket', 'd.winner_user_id', 'd.drawn_at', 'c.title', 'c.prize')
    .orderBy([
      { column: 'd.drawn_at', order: 'desc' },
      { column: 'd.competition_id', order: 'asc' },
    ])
}

/**
 * The public certificate of a completed draw and its sealed list (eligible entries by first
 * ticket), or undefined until the draw is complete. One read for the row, one for the list.
 */
export async function drawCertificate(
  knex: Knex,
  competitionId: string,
): Promise<{ row: CertificateRow; entries: CertificateEntryRow[] } | undefined> {
  const row: CertificateRow | undefined = await knex('draw_certificates')
    .where('competition_id', competitionId)
    .whereNotNull('drawn_at')
    .first()
  if (!row) return undefined
  const entries: CertificateEntryRow[] = await knex('draw_certificate_entries')
    .where({ competition_id: competitionId, eligible: true })
    .orderBy('first_ticket')
    .select('entry_reference', 'ticket_numbers')
  return { row, entries }
}
