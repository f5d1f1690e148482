import { expect, test } from '@playwright/test'
import { testChainNotice, testDrandChain } from '@prizes/domain'
import { adminToken, bearer, createCompetition, okJson, skillQuestion } from './support/admin'
import { seriousViolations } from './support/axe'
import { drandRelayUrl } from './support/drand-relay'
import { completeDrawOnceRoundIsOut, completionRefusedTooEarly } from './support/draws'
import { enterAsGuest } from './support/entries'
import { readPorts } from './support/ports'

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
  // drand publishes it, and drand (the suite's TEST chain relay) has nothing for it either.
  const sealed = await completionRefusedTooEarly(request, admin, id)
  const relayed = `${drandRelayUrl(readPorts().drand)}/public/${sealed.round}`
  expect((await request.get(relayed)).status()).toBe(425)
  // Once it is published the platform fetches the round, signed, from the relay itself.
  await completeDrawOnceRoundIsOut(request, admin, id, sealed)
  const beacon = (await okJson(await request.get(relayed), 'drand round')) as { randomness: string }

  await page.goto(`/draws/${id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Draw certificate' })).toBeVisible()
  const verdict = page.getByRole('status').filter({ hasText: /PASS|UNVERIFIED|FAIL/ })
  await expect(verdict.locator('strong')).toHaveText('PASS')
  await expect(verdict).toContainText(testChainNotice)
  await expect(page.getByText(`drand, round ${sealed.round}`)).toBeVisible()
  await expect(page.getByText(`TEST chain (TEST MODE only): ${testDrandChain.chainHash}`)).toBeVisible()
  await expect(page.getByText(beacon.randomness)).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  await page.goto('/#winners')
  const winners = page.getByRole('list', { name: 'Recent winners' })
  await expect(winners.getByText(title, { exact: true })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await winners.getByRole('link', { name: `Verify the draw for ${title}` }).click()
  await expect(page).toHaveURL(new RegExp(`/draws/${id}$`))
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /PASS|UNVERIFIED|FAIL/ })
      .locator('strong'),
  ).toHaveText('PASS')

  await page.goto('/draws/no-such-competition')
  await expect(page.getByRole('status').filter({ hasText: 'No completed draw' })).toHaveText(
    'No completed draw for this competition',
  )
})
