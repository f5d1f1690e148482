import { type APIRequestContext, expect } from '@playwright/test'
import { adminToken, bearer, createCompetition, okJson, skillQuestion } from './admin'
import { listCompetitions } from './api'
import { withholdRoundUrl } from './drand-relay'
import { enterAsGuest } from './entries'
import { readPorts } from './ports'

/** The sealed round of a draw asked for too early, and when the platform says it is published. */
export interface SealedRound {
  readonly round: number
  readonly publishedAt: Date
}

const completeDraw = (request: APIRequestContext, token: string, id: string) =>
  request.put(`/api/admin/competitions/${id}/status`, {
    headers: bearer(token),
    data: { status: 'completed' },
  })

/**
 * Asks to complete the draw of a competition in drawing right after its close, as an admin
 * might: the platform refuses (409), naming the sealed round and when drand publishes it.
 */
export async function completionRefusedTooEarly(
  request: APIRequestContext,
  token: string,
  id: string,
): Promise<SealedRound> {
  const early = await completeDraw(request, token, id)
  expect(early.status()).toBe(409)
  const refusal = await early.text()
  expect(refusal).toContain('RANDOMNESS_NOT_YET_PUBLISHED')
  const [, round, publishedAt] = /drand round (\d+) is published at (\S+?),/.exec(refusal) ?? []
  const sealed = { round: Number(round), publishedAt: new Date(publishedAt ?? '') }
  expect(sealed.round).toBeGreaterThan(0)
  expect(sealed.publishedAt.getTime()).toBeGreaterThan(Date.now())
  return sealed
}

/**
 * Completes the draw as an admin does with drand configured: once the sealed round is
 * published the platform fetches it from drand (here the suite's TEST chain relay) itself.
 * Asks again every two seconds, for at most half a minute past the time the platform gave.
 */
export async function completeDrawOnceRoundIsOut(
  request: APIRequestContext,
  token: string,
  id: string,
  sealed: SealedRound,
): Promise<void> {
  await expect
    .poll(async () => (await completeDraw(request, token, id)).status(), {
      timeout: Math.max(sealed.publishedAt.getTime() - Date.now(), 0) + 30_000,
      intervals: [2_000],
    })
    .toBe(200)
}

/**
 * Makes the suite's drand relay answer 503 for `round` (for ten minutes), as drand does when it
 * cannot be reached: completing a draw sealed on it then asks the admin for the randomness.
 */
export async function withholdRound(request: APIRequestContext, round: number): Promise<void> {
  await okJson(
    await request.post(withholdRoundUrl(readPorts().drand, round)),
    `withhold drand round ${round}`,
  )
}

/**
 * A drawn competition's id: one the platform already lists as completed, else a new one entered,
 * closed and drawn through the admin API. The draw waits for the drand round named at the close
 * (about a minute), so a caller allows two.
 */
export async function drawnCompetitionId(request: APIRequestContext): Promise<string> {
  const drawn = (await listCompetitions(request)).find((c) => c.status === 'completed')
  if (drawn) return drawn.id

  const admin = await adminToken(request)
  const title = `Drawn for the layout checks ${Date.now()}`
  const id = await createCompetition(request, admin, title)
  await enterAsGuest(request, { id, title, entryPrice: 2.5 }, { answer: skillQuestion.correct })
  const status = (body: Record<string, unknown>) =>
    request.put(`/api/admin/competitions/${id}/status`, { headers: bearer(admin), data: body })
  await okJson(await status({ status: 'closed', reason: 'Drawn by the browser tests' }), 'close')
  await okJson(await status({ status: 'drawing' }), 'start draw')
  await completeDrawOnceRoundIsOut(request, admin, id, await completionRefusedTooEarly(request, admin, id))
  return id
}
