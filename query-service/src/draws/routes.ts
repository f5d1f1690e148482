import Router from '@koa/router'
import {
  type DrawCertificate,
  endpoints,
  errorCodes,
  Refusal,
  type Winner,
  winnersPageSize,
  winnersQuery,
} from '@prizes/contracts'
import { parseOr400 } from '@prizes/platform'
import type { Knex } from 'knex'
import { etagOf, sendJsonWithEtag, sendWithEtag } from '../http/etag'
import { createReadLimit, defaultReadLimit, type ReadLimitOptions } from '../http/read-limit'
import { lookUpPeople } from '../users/directory'
import { type CertificateCache, createCertificateCache } from './certificate-cache'
import { publicWinnerOf } from './public-winner-of'
import {
  type CertificateEntryRow,
  type CertificateRow,
  certificateEntries,
  findDrawnCertificate,
  listWinners,
  parseWinnersCursor,
  type WinnerRow,
  winnersCursorOf,
} from './rows'

/** A winner as the public sees them (SPEC section 2, issue 24): null name and town once erased. */
const toWinner = (row: WinnerRow, person: Parameters<typeof publicWinnerOf>[0]): Winner => {
  const { name, town } = publicWinnerOf(person)
  return {
    competitionId: row.competition_id,
    prize: row.prize,
    title: row.title,
    ticketNumber: row.winning_ticket,
    drawnAt: row.drawn_at.toISOString(),
    winnerName: name,
    town,
  }
}

/**
 * The public certificate from its rows: the sealed list by entry reference and the facts of the
 * draw; the contract's parse refuses a row the draw has not filled.
 */
const toCertificate = (row: CertificateRow, entries: readonly CertificateEntryRow[]): DrawCertificate =>
  endpoints.drawCertificate.response.parse({
    success: true,
    competitionId: row.competition_id,
    seedCommitment: row.seed_commitment,
    seal: {
      listVersion: row.list_version,
      eligibleTickets: row.eligible_tickets,
      listHash: row.list_hash,
      randomness: row.randomness,
      closedAt: row.closed_at?.toISOString(),
    },
    entries: entries.map((entry) => ({
      entryReference: entry.entry_reference,
      ticketNumbers: entry.ticket_numbers,
    })),
    draw: {
      seed: row.seed,
      publicRandomness: row.public_randomness,
      winningTicket: row.winning_ticket,
      attempts: row.attempts,
      drawnAt: row.drawn_at?.toISOString(),
    },
  })

/**
 * Public: the winners, a page at a time (display name and town: no ids) and the draw certificate,
 * which lets anyone re-run the draw and each entrant find their tickets by reference, and shows
 * no one's identity (see `drawCertificate` in contracts).
 */
export function drawsRouter(
  knex: Knex,
  winnersLimit: ReadLimitOptions = defaultReadLimit,
  certificates: CertificateCache = createCertificateCache(),
  certificateLimit: ReadLimitOptions = defaultReadLimit,
): Router {
  const router = new Router()
  router.get(endpoints.listWinners.path, createReadLimit(winnersLimit), async (ctx) => {
    const query = parseOr400(winnersQuery, ctx.query)
    const limit = query.limit ? Number(query.limit) : winnersPageSize
    // One more than the page says whether another follows.
    const found = await listWinners(knex, {
      limit: limit + 1,
      ...(query.before ? { after: parseWinnersCursor(query.before) } : {}),
    })
    const rows = found.slice(0, limit)
    const last = rows.at(-1)
    const people = await lookUpPeople(
      knex,
      rows.map((row) => row.winner_user_id),
    )
    const winners = rows.map((row) => toWinner(row, people.get(row.winner_user_id)))
    const nextCursor = found.length > limit && last ? winnersCursorOf(last) : null
    sendJsonWithEtag(ctx, endpoints.listWinners.response.parse({ success: true, winners, nextCursor }))
  })
  router.get(endpoints.drawCertificate.path, createReadLimit(certificateLimit), async (ctx) => {
    const competitionId = String(ctx.params.competitionId)
    const row = await findDrawnCertificate(knex, competitionId)
    if (!row) throw new Refusal(errorCodes.notFound, 'No completed draw for this competition')
    const key = [competitionId, row.list_version, row.list_hash, row.drawn_at?.toISOString()].join('|')
    const tagged = await certificates.get(key, async () => {
      const json = JSON.stringify(toCertificate(row, await certificateEntries(knex, competitionId)))
      return { body: json, etag: etagOf(json), type: 'application/json' }
    })
    sendWithEtag(ctx, tagged)
  })
  return router
}
