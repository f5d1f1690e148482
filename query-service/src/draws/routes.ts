import Router from '@koa/router'
import { endpoints, type Winner } from '@prizes/contracts'
import { HttpError } from '@prizes/platform'
import type { Knex } from 'knex'
import { sendJsonWithEtag } from '../http/etag'
import { drawnCompetitionEvents, listWinners, type WinnerRow } from './rows'

/**
 * Winners' names and towns are personal data, encrypted in the user streams; the query side
 * holds no keys, so both are null until a user directory read model is designed.
 */
const toWinner = (row: WinnerRow): Winner => ({
  competitionId: row.competition_id,
  prize: row.prize,
  title: row.title,
  ticketNumber: row.winning_ticket,
  drawnAt: row.drawn_at.toISOString(),
  winnerName: null,
  town: null,
})

/** Public: the winners section and the draw certificate (its events, for the browser's verifier). */
export function drawsRouter(knex: Knex): Router {
  const router = new Router()
  router.get(endpoints.listWinners.path, async (ctx) => {
    const winners = (await listWinners(knex)).map(toWinner)
    sendJsonWithEtag(ctx, endpoints.listWinners.response.parse({ success: true, winners }))
  })
  router.get(endpoints.drawCertificate.path, async (ctx) => {
    const competitionId = String(ctx.params.competitionId)
    const events = await drawnCompetitionEvents(knex, competitionId)
    if (!events) throw new HttpError(404, 'NOT_FOUND', 'No completed draw for this competition')
    const body = {
      success: true,
      competitionId,
      events: events.map((e) => ({
        type: e.type,
        revision: Number(e.revision),
        data: e.data,
        occurredAt: e.occurred_at.toISOString(),
      })),
    }
    sendJsonWithEtag(ctx, endpoints.drawCertificate.response.parse(body))
  })
  return router
}
