import { expect, test } from '@playwright/test'
import type { PublicCompetition } from '@prizes/contracts'
import { isActive, listCompetitions } from './support/api'

test.describe('home page', () => {
  test('the Live Competitions grid shows every active competition, and closed ones until drawn, nothing else', async ({
    page,
    request,
  }) => {
    const competitions = await listCompetitions(request)
    const onGrid = (c: PublicCompetition) => isActive(c) || c.status === 'closed' || c.status === 'drawing'
    const active = competitions.filter(onGrid)
    expect(active.length, 'the platform seeds active competitions').toBeGreaterThan(0)

    await page.goto('/')
    const section = page.locator('#competitions')
    await expect(section.getByText('Live data')).toBeVisible()
    const grid = page.getByTestId('competition-grid')
    for (const c of active) {
      await expect(grid.getByRole('heading', { level: 3, name: c.title, exact: true })).toBeVisible()
    }
    await expect(grid.getByRole('article')).toHaveCount(active.length)
    for (const c of competitions.filter((c) => !onGrid(c))) {
      await expect(grid.getByRole('heading', { name: c.title, exact: true })).toHaveCount(0)
    }
  })

  test('a card shows the price in pounds, tickets, dates and an Enter Competition button', async ({
    page,
    request,
  }) => {
    const [first] = (await listCompetitions(request)).filter(isActive)
    if (!first) throw new Error('no active competition to look at')

    await page.goto('/')
    const card = page.getByRole('article', { name: first.title, exact: true })
    await expect(card).toContainText(`£${first.entry_price.toFixed(2)}`)
    await expect(card).toContainText(/tickets available|Unlimited tickets/)
    await expect(card).toContainText(/Per purchase/)

    const enter = card.getByRole('button', { name: /Enter Competition|SOLD OUT|Entries Closed/ })
    await expect(enter).toBeVisible()
    if (await enter.isEnabled()) {
      await enter.click()
      const dialog = page.getByRole('dialog', { name: first.title })
      await expect(dialog).toBeVisible()
      // Signed out, a competition with several questions asks for the email before giving one.
      await expect(dialog.getByRole('form', { name: 'Entry Details' })).toContainText(
        /Skill question|Type your email below to see your skill question/,
      )
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
      await expect(enter).toBeFocused()
    }
  })

  test('card images load lazily, keep their space and describe the prize', async ({ page }) => {
    await page.goto('/')
    const grid = page.getByTestId('competition-grid')
    await expect(grid.getByRole('article').first()).toBeVisible()
    for (const img of await grid.locator('img').all()) {
      await expect(img).toHaveAttribute('alt', /\S/)
      await expect(img).toHaveAttribute('loading', 'lazy')
      await expect(img).toHaveAttribute('width', /^\d+$/)
      await expect(img).toHaveAttribute('height', /^\d+$/)
      expect(await img.getAttribute('src')).toMatch(/^\//)
    }
  })

  test('the page arrives rendered: readable before any script runs, then taken over by the app without being rebuilt', async ({
    browser,
    page,
    request,
  }) => {
    const [first] = (await listCompetitions(request, '/api/competitions/featured')).filter(isActive)
    const listed = (await listCompetitions(request)).filter(isActive)
    if (!first || listed.length === 0) throw new Error('no active competition to look at')

    // No script at all: what a phone paints before its scripts arrive.
    const plain = await browser.newContext({ javaScriptEnabled: false })
    const bare = await plain.newPage()
    await bare.goto('/')
    await expect(bare.locator('#root:not([inert])')).toHaveCount(1)
    await expect(bare.getByTestId('featured-slide').getByRole('heading', { level: 2 })).toHaveText(
      first.title,
    )
    const pictures = bare.getByTestId('featured-slide').locator('img')
    await expect(pictures).toHaveAttribute('src', first.image_url ?? /./)
    for (const c of listed) {
      await expect(bare.getByTestId('competition-grid').getByRole('heading', { name: c.title })).toBeVisible()
    }
    await plain.close()

    // With scripts: the app takes the server's markup over, keeping every element the server
    // sent (the featured picture is never taken down and loaded again), and the page becomes
    // usable. Elements the app adds later (the sections below the grid) may change as their
    // data arrives.
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
      })
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.removedNodes)
            if (sent.has(node) && (node as Element).tagName !== 'STYLE')
              removed.push((node as Element).outerHTML.slice(0, 80))
      }).observe(document, { childList: true, subtree: true })
    })
    await page.goto('/')
    await expect(page.locator('#root:not([inert])')).toHaveCount(1)
    await expect(page.getByTestId('featured-slide').getByRole('heading', { level: 2 })).toHaveText(
      first.title,
    )
    await expect(page.getByTestId('competition-grid').getByRole('article')).not.toHaveCount(0)
    // Every part taken over (the grid and the footer a task later each), none rebuilt.
    const footerForm = page.getByRole('form', { name: 'Newsletter sign-up', exact: true })
    await footerForm.getByRole('button', { name: 'Subscribe' }).click()
    await expect(footerForm.getByRole('status')).toHaveText('Please enter your email address')
    const { removed, sent } = await page.evaluate(() => {
      const noted = window as unknown as { removedFromRoot: string[]; seenFromServer: { sent: number } }
      return { removed: noted.removedFromRoot, sent: noted.seenFromServer.sent }
    })
    expect(sent, 'the server sent the page').toBeGreaterThan(100)
    expect(removed).toEqual([])
    // The server's inline styles moved to the head, where the app's own go.
    await expect(page.locator('#root style')).toHaveCount(0)
    await page.getByTestId('featured-slide').getByRole('link', { name: first.title }).click()
    await expect(page).toHaveURL(new RegExp(`/competitions/${first.id}$`))
  })

  test('the featured carousel rotates every 5 seconds and the indicators choose a slide', async ({
    page,
    request,
  }) => {
    const featured = (await listCompetitions(request, '/api/competitions/featured')).filter(
      (c) => isActive(c) && c.featured,
    )
    expect(featured.length, 'the platform seeds more than one featured competition').toBeGreaterThan(1)
    const [first, second] = featured
    if (!first || !second) throw new Error('unreachable')
    const count = featured.length

    await page.goto('/')
    const carousel = page.getByRole('region', { name: 'Featured prizes' })
    const title = page.getByTestId('featured-slide').getByRole('heading', { level: 2 })
    await expect(title).toHaveText(first.title)
    const shownAt = Date.now()
    const indicator = (n: number) =>
      carousel.getByRole('button', { name: `Show featured prize ${n} of ${count}` })
    await expect(indicator(1)).toHaveAttribute('aria-current', 'true')

    await expect(title).toHaveText(second.title, { timeout: 9_000 })
    expect(Date.now() - shownAt).toBeGreaterThan(4_500)
    await expect(indicator(2)).toHaveAttribute('aria-current', 'true')
    await expect(indicator(1)).not.toHaveAttribute('aria-current', 'true')

    await indicator(1).click()
    await expect(title).toHaveText(first.title)
    await expect(indicator(1)).toHaveAttribute('aria-current', 'true')
    await expect(carousel.getByRole('button', { name: 'Enter Competition' })).toBeVisible()
  })

  test("the footer's newsletter sign-up checks the address, then asks to confirm by email", async ({
    page,
  }) => {
    await page.goto('/')
    const form = page.getByRole('form', { name: 'Newsletter sign-up', exact: true })
    const email = form.getByLabel('Email address')
    const message = form.getByRole('status')

    await form.getByRole('button', { name: 'Subscribe' }).click()
    await expect(message).toHaveText('Please enter your email address')
    await expect(email).toHaveAttribute('aria-invalid', 'true')

    await email.fill('not-an-address')
    await form.getByRole('button', { name: 'Subscribe' }).click()
    await expect(message).toHaveText('Please enter a valid email address')

    await email.fill('jo.bloggs@example.co.uk')
    await form.getByRole('button', { name: 'Subscribe' }).click()
    await expect(message).toHaveText(
      'Thanks for subscribing to our newsletter! Please check your inbox and click the link to confirm.',
    )
    await expect(email).toHaveValue('')
  })
})
