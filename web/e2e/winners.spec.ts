import { expect, test } from '@playwright/test'
import { winnerNameMessages } from '@prizes/contracts'
import { accountMenu, expectSnackbar, logIn } from './support/accounts'
import {
  adminSession,
  adminToken,
  bearer,
  createCompetition,
  okJson,
  openAdminTab,
  skillQuestion,
} from './support/admin'
import { seriousViolations } from './support/axe'
import { completeDrawOnceRoundIsOut, completionRefusedTooEarly } from './support/draws'
import { enterAsGuest, registerVerifiedUser } from './support/entries'

/** Issue 24, point 5: odds, past winners, the winner on the competition page, cancelled pages. */

test('every card and competition page states the odds and the entries so far', async ({ page, request }) => {
  const admin = await adminToken(request)
  const title = `Odds check ${Date.now()}`
  const id = await createCompetition(request, admin, title, { totalTickets: 250 })
  await enterAsGuest(
    request,
    { id, title, entryPrice: 2.5 },
    { answer: skillQuestion.correct, numberOfEntries: 2 },
  )

  await page.goto('/#competitions')
  const card = page.getByRole('article', { name: title })
  await expect(card.getByTestId('odds-headline')).toHaveText('1 in 250 per ticket, at most 250 tickets')
  await expect(card.getByTestId('entries-so-far')).toHaveText('2 entries so far')

  await page.goto(`/competitions/${id}`)
  const odds = page.getByTestId('competition-odds')
  await expect(odds.getByTestId('odds-headline')).toHaveText('1 in 250 per ticket, at most 250 tickets')
  await expect(odds).toContainText('each ticket has at least a 1 in 250 chance')
  await expect(odds.getByTestId('entries-so-far')).toHaveText('2 entries so far')
  expect(await seriousViolations(page)).toEqual([])
})

test('a cancelled competition keeps its page, with JavaScript off too, and says when every entry is refunded', async ({
  page,
  request,
}) => {
  const admin = await adminToken(request)
  const title = `Cancelled check ${Date.now()}`
  const id = await createCompetition(request, admin, title)
  await enterAsGuest(request, { id, title, entryPrice: 2.5 }, { answer: skillQuestion.correct })
  await okJson(
    await request.put(`/api/admin/competitions/${id}/status`, {
      headers: bearer(admin),
      data: { status: 'cancelled', reason: 'Prize no longer available' },
    }),
    'cancel',
  )

  // What a browser without JavaScript gets: the page, 200, with the competition's own head.
  await expect
    .poll(async () => {
      const plain = await request.get(`/competitions/${id}`)
      return [plain.status(), (await plain.text()).includes(`<title>${title} – `)]
    })
    .toEqual([200, true])

  await page.goto(`/competitions/${id}`)
  const notice = page.getByTestId('cancelled-notice')
  await expect(notice.getByRole('heading', { name: 'This competition was cancelled' })).toBeVisible()
  // The cancellation reactor refunds the paid entry; until it has, the page says it is under way.
  await expect(async () => {
    await page.reload()
    await expect(page.getByTestId('cancelled-notice')).toContainText(
      'Every paid entry has been refunded in full.',
      { timeout: 1_000 },
    )
  }).toPass({ timeout: 30_000 })
  await expect(page.getByRole('button', { name: 'Cancelled' })).toBeDisabled()
  expect(await seriousViolations(page)).toEqual([])
})

test('after the draw the page names its winner; the past winners page, from the home page, lists them as they chose', async ({
  page,
  request,
}) => {
  // The sealed drand round is published a minute after the close.
  test.setTimeout(150_000)
  const admin = await adminToken(request)
  const title = `Winner check ${Date.now()}`
  const id = await createCompetition(request, admin, title)
  const winner = await enterAsGuest(
    request,
    { id, title, entryPrice: 2.5 },
    { answer: skillQuestion.correct, firstName: 'Ada' },
  )
  const status = (body: Record<string, unknown>) =>
    request.put(`/api/admin/competitions/${id}/status`, { headers: bearer(admin), data: body })
  await okJson(await status({ status: 'closed', reason: 'Drawn by the browser tests' }), 'close')
  await okJson(await status({ status: 'drawing' }), 'start draw')
  const sealed = await completionRefusedTooEarly(request, admin, id)
  await completeDrawOnceRoundIsOut(request, admin, id, sealed)

  await page.goto(`/competitions/${id}`)
  const named = page.getByTestId('competition-winner')
  // The guest's address is "1 Analytical Row, Cambridge": the town, never the street line.
  await expect(named).toContainText('Ada H., Cambridge')
  await expect(named).not.toContainText('Analytical')
  await expect(named).toContainText(`Winning ticket #${winner.ticketNumbers[0]}`)
  await expect(named.getByRole('link', { name: 'See the draw certificate' })).toHaveAttribute(
    'href',
    `/draws/${id}`,
  )
  expect(await seriousViolations(page)).toEqual([])

  await page.goto('/winners')
  await page.getByRole('link', { name: 'See every past winner' }).click()
  await expect(page).toHaveURL(/\/past-winners$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Past winners' })).toBeVisible()
  const listed = page
    .getByRole('list', { name: 'Past winners' })
    .getByRole('listitem')
    .filter({ hasText: title })
  await expect(listed).toContainText('Ada H., Cambridge')
  await expect(listed).toContainText(`Winning ticket #${winner.ticketNumbers[0]}`)
  expect(await seriousViolations(page)).toEqual([])

  // The winner objects: from then on they are only "a winner from" their town.
  await okJson(
    await request.put('/api/account/winner-name', { headers: bearer(winner.token), data: { shown: false } }),
    'object to the name',
  )
  await expect(async () => {
    await page.reload()
    await expect(listed).toContainText('A winner from Cambridge', { timeout: 1_000 })
  }).toPass({ timeout: 15_000 })
  await expect(listed).not.toContainText('Ada')

  const plain = await request.get('/past-winners')
  expect(plain.status()).toBe(200)
  expect(await (await request.get('/sitemap.xml')).text()).toContain('/past-winners</loc>')
})

test('a member objects in Account Settings to their name being shown if they win, and the admin sees it', async ({
  page,
  browser,
  request,
}) => {
  const member = await registerVerifiedUser(page, request)
  await logIn(page, member.email, member.password)
  await accountMenu(page, member.firstName).click()
  await page.getByRole('menuitem', { name: 'Account Settings' }).click()
  const settings = page.getByRole('dialog', { name: 'Account Settings' })
  const choice = settings.getByRole('switch', { name: 'Show my name if I win' })
  await expect(choice).toHaveAttribute('aria-checked', 'true')
  expect(await seriousViolations(page)).toEqual([])
  await choice.click()
  await expectSnackbar(page, winnerNameMessages.hidden)
  await expect(choice).toHaveAttribute('aria-checked', 'false')

  const adminContext = await browser.newContext()
  const adminPage = await adminContext.newPage()
  const { user: admin } = await adminSession(request)
  const { dashboard } = await openAdminTab(adminPage, admin, 'Users')
  await dashboard.getByLabel('Search users by name or email').fill(member.email)
  const row = dashboard
    .getByRole('table', { name: 'Users' })
    .getByRole('row')
    .filter({ hasText: member.email })
  await row.getByRole('button', { name: `View ${member.email}` }).click()
  const details = adminPage.getByRole('dialog', { name: `User: ${member.firstName} ${member.lastName}` })
  await expect(details).toContainText('Objected: shown only as a winner from their town or county')
  await adminContext.close()
})
