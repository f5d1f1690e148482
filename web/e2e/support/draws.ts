import { type APIRequestContext, expect } from '@playwright/test'
import { adminToken, bearer, createCompetition, okJson, skillQuestion } from './admin'
import { listCompetitions } from './api'
import { enterAsGuest } from './entries'

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
  const asked = await status({ status: 'completed' })
  const round = Number(/drand round (\d+)/.exec(await asked.text())?.[1])
  if (asked.ok()) return id
  expect(round).toBeGreaterThan(0)
  await expect
    .poll(
      async () =>
        (
          await status({
            status: 'completed',
            publicRandomness: { source: 'drand', round, value: 'ab'.repeat(32) },
          })
        ).status(),
      { timeout: 90_000, intervals: [2_000] },
    )
    .toBe(200)
  return id
}
