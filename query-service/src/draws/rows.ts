import type {
  CompetitionRow,
  DrawCertificateEntryRow,
  DrawCertificateRow,
  DrawRow,
} from '@prizes/read-models'
import type { Knex } from 'knex'

/** A completed draw with its competition's title and prize. */
export type WinnerRow = Omit<DrawRow, 'winning_entry_id'> & Pick<CompetitionRow, 'title' | 'prize'>

export type CertificateRow = DrawCertificateRow

export type CertificateEntryRow = Pick<DrawCertificateEntryRow, 'entry_reference' | 'ticket_numbers'>

/** Where a page of winners starts: after this draw in the list's order. */
export interface WinnersCursor {
  readonly drawnAt: Date
  readonly competitionId: string
}

export const winnersCursorOf = (row: WinnerRow): string => `${row.drawn_at.getTime()}~${row.competition_id}`

/** A cursor `winnersCursorOf` made; the contract has checked its shape. */
export function parseWinnersCursor(cursor: string): WinnersCursor {
  const [ms = '', competitionId = ''] = cursor.split('~')
  return { drawnAt: new Date(Number(ms)), competitionId }
}

/**
 * A page of completed draws of competitions still listed, most recent first, from `after` on:
 * a keyset over `draws_newest_idx`, so the hundredth page costs what the first does.
 */
export function listWinners(
  knex: Knex,
  { limit, after }: { readonly limit: number; readonly after?: WinnersCursor },
): Promise<WinnerRow[]> {
  const query = knex('draws as d')
    .join('competitions as c', 'c.id', 'd.competition_id')
    .whereNull('c.deleted_at')
    .select('d.competition_id', 'd.winning_ticket', 'd.winner_user_id', 'd.drawn_at', 'c.title', 'c.prize')
    .orderBy([
      { column: 'd.drawn_at', order: 'desc' },
      { column: 'd.competition_id', order: 'asc' },
    ])
    .limit(limit)
  if (!after) return query
  return query.where((q) =>
    q
      .where('d.drawn_at', '<', after.drawnAt)
      .orWhere((same) =>
        same.where('d.drawn_at', after.drawnAt).where('d.competition_id', '>', after.competitionId),
      ),
  )
}

/** One competition's completed draw, if it has one. */
export function findDraw(
  knex: Knex,
  competitionId: string,
): Promise<Pick<WinnerRow, 'winning_ticket' | 'winner_user_id'> | undefined> {
  return knex('draws').where('competition_id', competitionId).first('winning_ticket', 'winner_user_id')
}

/** A completed draw's certificate row (one indexed read), or undefined until the draw is complete. */
export function findDrawnCertificate(knex: Knex, competitionId: string): Promise<CertificateRow | undefined> {
  return knex('draw_certificates').where('competition_id', competitionId).whereNotNull('drawn_at').first()
}

/** A draw's sealed list: the eligible entries by first ticket. O(entries): built once, kept. */
export function certificateEntries(knex: Knex, competitionId: string): Promise<CertificateEntryRow[]> {
  return knex('draw_certificate_entries')
    .where({ competition_id: competitionId, eligible: true })
    .orderBy('first_ticket')
    .select('entry_reference', 'ticket_numbers')
}
