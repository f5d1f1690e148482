import { expect, test } from '@playwright/test'
import { adminToken, bearer, createCompetition, okJson, skillQuestion } from './support/admin'
import { seriousViolations } from './support/axe'
import { enterAsGuest } from './support/entries'

test('a completed draw is verified in the browser and its winner listed', async ({ page, request }) => {
  // The sealed drand round is published a minute after the close.
  test.setTimeout(120_000)
  const admin = await adminToken(request)
  const title = `Certificate check ${Date.now()}`
  const id = await createCompetition(request, admin, title)
  await enterAsGuest(
    request,
    { id, title, entryPrice: 2.5 },
    { answer: skillQuestion.correct, numberOfEntries: 2 },
  )

  const status = (body: Record<string, unknown>) =>
    request.put(`/api/admin/competitions/${id}/status`, { headers: bearer(admin), data: body })
  await okJson(await status({ status: 'closed', reason: 'Drawn by the browser tests' }), 'close')
  await okJson(await status({ status: 'drawing' }), 'start draw')

  // Right after the close the sealed round is not published yet: the platform names it and when
  // drand publishes it. The test then gives a value for exactly that round, as an admin would
  // without DRAND_URL (no signature, so the certificate says UNVERIFIED).
  const asked = await status({ status: 'completed' })
  expect(asked.status()).toBe(409)
  const refusal = await asked.text()
  expect(refusal).toContain('RANDOMNESS_NOT_YET_PUBLISHED')
  const round = Number(/drand round (\d+)/.exec(refusal)?.[1])
  expect(round).toBeGreaterThan(0)
  // Refused until drand has published the round; asked again until it is accepted.
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

  await page.goto(`/draws/${id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Draw certificate' })).toBeVisible()
  const verdict = page.getByRole('status').filter({ hasText: /PASS|UNVERIFIED|FAIL/ })
  await expect(verdict).toContainText('UNVERIFIED')
  await expect(verdict).toContainText('recorded without drand’s signature')
  await expect(page.getByText(`drand, round ${round}`)).toBeVisible()
  await expect(page.getByText('ab'.repeat(32))).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  await page.goto('/#winners')
  const winners = page.getByRole('list', { name: 'Recent winners' })
  await expect(winners.getByText(title, { exact: true })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await winners.getByRole('link', { name: `Verify the draw for ${title}` }).click()
  await expect(page).toHaveURL(new RegExp(`/draws/${id}$`))
  await expect(page.getByRole('status').filter({ hasText: /PASS|UNVERIFIED|FAIL/ })).toContainText(
    'UNVERIFIED',
  )

  await page.goto('/draws/no-such-competition')
  await expect(page.getByRole('status').filter({ hasText: 'No completed draw' })).toHaveText(
    'No completed draw for this competition',
  )
})
