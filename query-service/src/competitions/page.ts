import type { PublicCompetitionDetail } from '@prizes/contracts'
import type { Knex } from 'knex'
import { publicWinnerOf } from '../draws/public-winner-of'
import { findDraw } from '../draws/rows'
import { lookUpPeople } from '../users/directory'
import { toPublicCompetitionDetail } from './mapper'
import { type CompetitionReadRow, findPublicCompetition } from './rows'

type Detail = PublicCompetitionDetail

/** Once drawn, the winner as the winners page names them, and the winning ticket. */
async function winnerOf(knex: Knex, row: CompetitionReadRow): Promise<Detail['winner']> {
  if (row.status !== 'completed') return null
  const draw = await findDraw(knex, row.id)
  if (!draw) return null
  const people = await lookUpPeople(knex, [draw.winner_user_id])
  const { name, town } = publicWinnerOf(people.get(draw.winner_user_id))
  return { name, town, ticket_number: draw.winning_ticket }
}

/**
 * A cancelled competition's refunds, from its entry counters (one row, whatever the entries):
 * complete once no money is held for a paid entry, i.e. every paid entry's refund is recorded.
 */
async function cancellationOf(knex: Knex, row: CompetitionReadRow): Promise<Detail['cancellation']> {
  if (row.status !== 'cancelled') return null
  const totals: { revenue_pence: string | number } | undefined = await knex('competition_entry_totals')
    .where('competition_id', row.id)
    .first('revenue_pence')
  const held = Number(totals?.revenue_pence ?? 0)
  return { refunds: held > 0 ? 'in_progress' : 'complete' }
}

/**
 * `GET /api/competitions/:id`: a published competition's page (a cancelled one too), with its
 * winner once drawn and its refunds once cancelled; null when the public may not see it.
 */
export async function findCompetitionPage(knex: Knex, id: string): Promise<Detail | null> {
  const row = await findPublicCompetition(knex, id)
  if (!row) return null
  const [winner, cancellation] = await Promise.all([winnerOf(knex, row), cancellationOf(knex, row)])
  return { ...toPublicCompetitionDetail(row), winner, cancellation }
}
