import { type Browser, expect, type Page, test } from '@playwright/test'
import { endpoints } from '@prizes/contracts'
import { newUser } from './support/accounts'
import { adminToken, bearer, createCompetition, okJson } from './support/admin'
import { listCompetitions } from './support/api'
import { cards, fillDetails, openEntryModal, payWithCard, successHeading } from './support/entries'

/** A page on the home page of a context of its own, once its live stream is open. */
async function homeWithStream(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  const streamOpen = page.waitForResponse((r) => r.url().endsWith(endpoints.competitionsLive.path))
  await page.goto('/')
  expect((await streamOpen).status()).toBe(200)
  // Survives anything but a reload: the change must come without one.
  await page.evaluate(() => {
    ;(window as unknown as { notReloaded?: boolean }).notReloaded = true
  })
  return page
}

const notReloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true)

/** The competition list requests a page makes from now on: a change must come without one. */
function listRequests(page: Page): string[] {
  const seen: string[] = []
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname
    if (path === endpoints.listCompetitions.path || path === endpoints.listFeaturedCompetitions.path) {
      seen.push(path)
    }
  })
  return seen
}

test('a sale in one browser and an admin closing the competition change the card in another, without a reload', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000)
  const admin = await adminToken(request)
  const title = `Live tickets ${Date.now()}`
  const id = await createCompetition(request, admin, title, { totalTickets: 50 })
  const competition = (await listCompetitions(request)).find((c) => c.id === id)
  if (!competition) throw new Error('the new competition is not listed')

  const watcher = await homeWithStream(browser)
  const card = watcher.getByRole('article', { name: title, exact: true })
  await expect(card).toContainText('50 tickets available')

  const buyer = await (await browser.newContext()).newPage()
  const dialog = await openEntryModal(buyer, competition)
  const form = await fillDetails(dialog, newUser('Lina'))
  await form.getByLabel(/I agree to the terms and conditions/).check()
  await form.getByRole('button', { name: 'Proceed to Payment' }).click()
  const refetched = listRequests(watcher)
  await payWithCard(dialog, cards.succeeds)
  await expect(successHeading(dialog)).toBeVisible()
  const paidAt = Date.now()

  await expect(card).toContainText('49 tickets available')
  const seenAfterMs = Date.now() - paidAt
  test
    .info()
    .annotations.push({ type: 'sale seen by the other browser after', description: `${seenAfterMs} ms` })
  expect(refetched, 'the count came from the stream, not a refetch').toEqual([])
  expect(await notReloaded(watcher)).toBe(true)

  const closed = await request.put(`/api/admin/competitions/${id}/status`, {
    headers: bearer(admin),
    data: { status: 'closed', reason: 'Closed by the live browser test' },
  })
  await okJson(closed, 'close')
  // Closed: the card no longer takes entries (it leaves the live grid, or shows its draw date).
  await expect(card.getByRole('button', { name: 'Enter Competition' })).toHaveCount(0)
  expect(refetched).toEqual([])
  expect(await notReloaded(watcher)).toBe(true)
})
