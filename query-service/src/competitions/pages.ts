import type { PublicCompetition, PublicCompetitionDetail } from '@prizes/contracts'
import type { Knex } from 'knex'
import { toPublicCompetition, toPublicCompetitionDetail } from './mapper'
import { findPublicCompetition, listPublicCompetitionsUpTo } from './rows'

/**
 * What `GET /api/competitions/:id` and `GET /api/competitions` answer, as functions, for a
 * gateway in the same process: a competition page's head and status, and the sitemap.
 */
export function competitionPages(knex: Knex) {
  return {
    async find(id: string): Promise<PublicCompetitionDetail | null> {
      const row = await findPublicCompetition(knex, id)
      return row ? toPublicCompetitionDetail(row) : null
    },
    async list(limit: number): Promise<PublicCompetition[]> {
      return (await listPublicCompetitionsUpTo(knex, limit)).map(toPublicCompetition)
    },
  }
}
