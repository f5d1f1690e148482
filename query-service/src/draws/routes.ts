import Router from '@koa/router'
import { endpoints, type Winner } from '@prizes/contracts'
import { HttpError } from '@prizes/platform'
import type { Knex } from 'knex'
import { sendJsonWithEtag } from '../http/etag'
import { firstNameAndInitial, lookUpPeople, type Person, townOf } from '../users/directory'
import { drawnCompetitionEvents, listWinners, type WinnerRow } from './rows'

/**
 * A winner as the public sees them: first name and initial, and town (SPEC section 2). Both
 * are null once the winner has been erased.
 */
const toWinner = (row: WinnerRow, person: Person | undefined): Winner => ({
  competitionId: row.competition_id,
  prize: row.prize,
  title: row.title,
  ticketNumber: row.winning_ticket,
  drawnAt: row.drawn_at.toISOString(),
  winnerName: person ? firstNameAndInitial(person) : null,
  town: person ? townOf(person.address) : null,
})

/** Public: the winners section and the draw certificate (its events, for the browser's verifier). */
export function drawsRouter(knex: Knex): Router {
  const router = new Router()
  router.get(endpoints.listWinners.path, async (ctx) => {
    const rows = await listWinners(knex)
    const people = await lookUpPeople(
      knex,
      rows.map((row) => row.winner_user_id),
    )
    const winners = rows.map((row) => toWinner(row, people.get(row.winner_user_id)))
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
