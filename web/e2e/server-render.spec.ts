import { expect, type Page, test } from '@playwright/test'
import { adminToken, createCompetition } from './support/admin'
import { isActive, listCompetitions } from './support/api'
import { e2ePostalAddress } from './support/postal'

/** The text of the page's main content, its countdown's ticking digits left out (they move each second). */
const mainText = (page: Page) =>
  page.locator('main').evaluate((main) => {
    const copy = main.cloneNode(true) as HTMLElement
    for (const timer of copy.querySelectorAll('[role="timer"]')) timer.remove()
    return (copy.textContent ?? '').replace(/\s+/g, ' ').trim()
  })

test('with JavaScript off, the home page and a competition page it links to arrive whole', async ({
  browser,
  page,
  request,
}) => {
  const admin = await adminToken(request)
  const title = `Rendered whole ${Date.now()}`
  const id = await createCompetition(request, admin, title, { entryPrice: 3.75, totalTickets: 40 })

  const plain = await browser.newContext({ javaScriptEnabled: false })
  const bare = await plain.newPage()
  // From the home page, as a visitor without scripts finds it: a plain page, not held inert (no
  // script runs to hold it), its links followed and its content in the accessibility tree.
  await bare.goto('/')
  await expect(bare.locator('#root:not([inert])')).toHaveCount(1)
  // The free route's address and the odds, with scripts off (issue 24).
  await expect(bare.getByTestId('footer-postal-entry')).toContainText(e2ePostalAddress.join(', '))
  await expect(bare.getByTestId('competition-grid').getByTestId('competition-odds').first()).toContainText(
    'Odds: 1 in',
  )
  const link = bare.getByTestId('competition-grid').getByRole('link', { name: title })
  await expect(link.first()).toHaveAttribute('href', `/competitions/${id}`)
  await link.first().click()
  await expect(bare).toHaveURL(new RegExp(`/competitions/${id}$`))
  await expect(bare.getByRole('heading', { level: 1 })).toHaveText(title)
  await expect(bare).toHaveTitle(new RegExp(`^${title} – `))
  await expect(bare.getByText('£3.75', { exact: true })).toBeVisible()
  await expect(bare.getByTestId('tickets-sold')).toContainText('0 of 40 tickets sold')
  await expect(bare.getByTestId('free-entry')).toContainText('Or enter free by post')
  for (const line of e2ePostalAddress) await expect(bare.getByTestId('free-entry')).toContainText(line)
  await expect(bare.getByTestId('competition-odds')).toContainText('Odds: 1 in 40 per ticket')
  await expect(bare.getByTestId('countdown').locator('time')).toHaveAttribute('datetime', /^\d{4}-/)
  await expect(bare.getByText('Seed commitment (sha256)')).toBeVisible()

  // A competition with a picture: the picture is in the page as sent.
  const pictured = (await listCompetitions(request)).find((c) => isActive(c) && c.image_url)
  if (!pictured?.image_url) throw new Error('no active competition with a picture to look at')
  await bare.goto(`/competitions/${pictured.id}`)
  await expect(bare.locator('h1')).toHaveText(pictured.title)
  await expect(bare.locator('main figure img')).toHaveAttribute('src', pictured.image_url)
  await bare.goto(`/competitions/${id}`)

  // Whole: everything the app shows in the page's main content (odds, the postal address, a
  // winner, whatever the page holds) was already there without it.
  const sent = await mainText(bare)
  await plain.close()
  await page.goto(`/competitions/${id}`)
  await expect(page.locator('#root:not([inert])')).toHaveCount(1)
  await expect.poll(() => mainText(page), { timeout: 10_000 }).toBe(sent)
})

test('with scripts on, the server markup is held inert until the app takes over (the inline script passes the CSP)', async ({
  browser,
}) => {
  const context = await browser.newContext()
  const waiting = await context.newPage()
  // The app's scripts never arrive: what a phone shows while they are on their way.
  await waiting.route('**/assets/*.js', (route) => route.abort())
  const violations: string[] = []
  waiting.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text())
  })
  await waiting.goto('/')
  await expect(waiting.locator('#root[inert]')).toHaveCount(1)
  expect(violations).toEqual([])
  await context.close()
})

test("the app takes a competition page over without a flash: the server's elements kept, nothing twice, usable", async ({
  page,
  request,
}) => {
  const admin = await adminToken(request)
  const title = `Taken over ${Date.now()}`
  const id = await createCompetition(request, admin, title)

  await page.addInitScript(() => {
    const removed: string[] = []
    const seen = { sent: 0 }
    Object.assign(window, { removedFromRoot: removed, seenFromServer: seen })
    // The server's elements, noted once the HTML is parsed and before any script of the page runs.
    const sent = new WeakSet<Node>()
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return
      const elements = document.querySelectorAll('#root *')
      for (const element of elements) sent.add(element)
      seen.sent = elements.length
      const heading = document.querySelector('h1')
      Object.assign(window, { serverHeading: heading })
    })
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.removedNodes)
          if (sent.has(node) && (node as Element).tagName !== 'STYLE')
            removed.push((node as Element).outerHTML.slice(0, 80))
    }).observe(document, { childList: true, subtree: true })
  })
  await page.goto(`/competitions/${id}`)
  await expect(page.locator('#root:not([inert])')).toHaveCount(1)
  // Taken over: the countdown ticks (and, below, Enter opens the entry form).
  const seconds = page.getByTestId('countdown').locator('[data-unit="seconds"] span').first()
  const shown = await seconds.textContent()
  await expect.poll(() => seconds.textContent(), { timeout: 3_000 }).not.toBe(shown)
  const { removed, sent, sameHeading } = await page.evaluate(() => {
    const noted = window as unknown as {
      removedFromRoot: string[]
      seenFromServer: { sent: number }
      serverHeading: Element | null
    }
    return {
      removed: noted.removedFromRoot,
      sent: noted.seenFromServer.sent,
      sameHeading: noted.serverHeading !== null && noted.serverHeading === document.querySelector('h1'),
    }
  })
  expect(sent, 'the server sent the page').toBeGreaterThan(50)
  expect(removed).toEqual([])
  expect(sameHeading, "the server's heading is the one on screen").toBe(true)
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
  await expect(page.getByTestId('free-entry')).toHaveCount(1)
  await expect(page.getByTestId('countdown')).toHaveCount(1)
  // The server's inline styles moved to the head, where the app's own go.
  await expect(page.locator('#root style')).toHaveCount(0)
  await page.getByRole('button', { name: 'Enter Competition' }).click()
  await expect(page.getByRole('dialog', { name: title })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog', { name: title })).toBeHidden()
})
