import { type Browser, expect, type Locator, type Page, test } from '@playwright/test'
import { endpoints, settingsMessages } from '@prizes/contracts'
import { accountMenu, logIn } from './support/accounts'
import {
  adminCompetitionTitled,
  adminSession,
  adminToken,
  bearer,
  createCompetition,
  e2eAdmin,
  okJson,
  openAdminDashboard,
} from './support/admin'
import { seriousViolations } from './support/axe'
import { drawnCompetitionId } from './support/draws'
import { cards, enterAsGuest, payWithCard, registerVerifiedUser, successHeading } from './support/entries'

/** Issue 24 point 8: the broken edges, each as a user meets it. */

const phone = { width: 375, height: 812 }

/** A page of a context of its own (cookies apart from the test's own page). */
async function ownPage(browser: Browser, viewport?: { width: number; height: number }): Promise<Page> {
  return (await browser.newContext(viewport ? { viewport } : {})).newPage()
}

/** The competition page, once its live stream is open. */
async function competitionPageLive(page: Page, id: string): Promise<void> {
  const streamOpen = page.waitForResponse((r) => r.url().endsWith(endpoints.competitionsLive.path))
  await page.goto(`/competitions/${id}`)
  expect((await streamOpen).status()).toBe(200)
}

/** Signs in a new verified user on `page`: the user. */
async function signedInUser(page: Page, request: Parameters<typeof registerVerifiedUser>[1]) {
  const user = await registerVerifiedUser(page, request)
  await logIn(page, user.email, user.password)
  await expect(accountMenu(page, user.firstName)).toBeVisible()
  return user
}

/** Opens Account Settings from the user menu. */
async function openAccountSettings(page: Page, firstName: string): Promise<Locator> {
  await accountMenu(page, firstName).click()
  await page.getByRole('menuitem', { name: 'Account Settings' }).click()
  const settings = page.getByRole('dialog', { name: 'Account Settings' })
  await expect(settings).toBeVisible()
  return settings
}

/** Opens one of the mobile menu's actions, as a phone does. */
async function fromMobileMenu(page: Page, action: string): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: action }).click()
}

/** On the competition's own page: enters with the correct answer and pays by card, signed in. */
async function enterFromCompetitionPage(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: 'Enter Competition' }).click()
  const dialog = page.getByRole('dialog', { name: title })
  const question = dialog.getByRole('region', { name: 'Set a monthly spending limit?' })
  const form = dialog.getByRole('form', { name: 'Entry Details' })
  await expect(form.or(question)).toBeVisible()
  if (await question.isVisible()) await question.getByRole('button', { name: 'No limit for now' }).click()
  await form.getByRole('radio', { name: '4', exact: true }).check()
  await form.getByLabel(/I agree to the terms and conditions/).check()
  await form.getByRole('button', { name: 'Proceed to Payment' }).click()
  await payWithCard(dialog, cards.debit)
  await expect(successHeading(dialog)).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).first().click()
  await expect(dialog).toBeHidden()
}

test.describe('broken edges (issue 24)', () => {
  test('the competition page counts a sale at once, for the buyer and for another browser, without a reload', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(90_000)
    const admin = await adminToken(request)
    const title = `Live page ${Date.now()}`
    const id = await createCompetition(request, admin, title, { totalTickets: 50 })

    const watcher = await ownPage(browser)
    await competitionPageLive(watcher, id)
    await watcher.evaluate(() => {
      ;(window as unknown as { notReloaded?: boolean }).notReloaded = true
    })
    await expect(watcher.getByTestId('tickets-sold')).toContainText('0 of 50 tickets sold')

    await signedInUser(page, request)
    await competitionPageLive(page, id)
    await expect(page.getByTestId('tickets-sold')).toContainText('0 of 50 tickets sold')
    await enterFromCompetitionPage(page, title)

    await expect(page.getByTestId('tickets-sold')).toContainText('1 of 50 tickets sold')
    await expect(watcher.getByTestId('tickets-sold')).toContainText('1 of 50 tickets sold')
    await expect(watcher.getByTestId('tickets-sold')).toContainText('49 tickets left')
    expect(
      await watcher.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true),
    ).toBe(true)
    // Its live stream would count against this address's streams for the rest of the run.
    await watcher.context().close()
  })

  test('the spending panel shows the spend of the purchase just made', async ({ page, request }) => {
    test.setTimeout(90_000)
    const admin = await adminToken(request)
    const title = `Fresh spend ${Date.now()}`
    const id = await createCompetition(request, admin, title, { entryPrice: 3 })
    const user = await signedInUser(page, request)

    let settings = await openAccountSettings(page, user.firstName)
    await settings.getByRole('tab', { name: 'Limits & breaks' }).click()
    await expect(settings.getByTestId('spending-summary')).toContainText('Spent this month: £0.00')
    await settings.getByRole('button', { name: 'Close' }).first().click()

    await page.goto(`/competitions/${id}`)
    await enterFromCompetitionPage(page, title)

    settings = await openAccountSettings(page, user.firstName)
    await settings.getByRole('tab', { name: 'Limits & breaks' }).click()
    await expect(settings.getByTestId('spending-summary')).toContainText('Spent this month: £3.00')
  })

  test('maintenance keeps the legal pages and draw certificates public; the rest answers 503 with Retry-After', async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000)
    const drawn = await drawnCompetitionId(request)
    const admin = await adminToken(request)
    const setMaintenance = async (on: boolean) =>
      okJson(
        await request.put('/api/admin/settings', {
          headers: bearer(admin),
          data: { maintenanceMode: on, reason: `Edges test: maintenance ${on ? 'on' : 'off'}` },
        }),
        'maintenance',
      )
    await setMaintenance(true)
    try {
      const visitor = await ownPage(browser)
      const maintenancePage = visitor.getByRole('heading', { name: "We'll be back soon" })
      for (const [path, heading] of [
        ['/terms-and-conditions', /Terms/],
        ['/privacy-policy', /Privacy/],
        ['/responsible-gaming', /Responsible/],
      ] as const) {
        const response = await visitor.goto(path)
        expect(response?.status(), path).toBe(200)
        await expect(visitor.getByRole('heading', { level: 1, name: heading })).toBeVisible()
        await expect(maintenancePage).toHaveCount(0)
      }

      const certificate = await visitor.goto(`/draws/${drawn}`)
      expect(certificate?.status()).toBe(200)
      await expect(visitor.getByRole('heading', { name: 'Draw certificate' })).toBeVisible()
      await expect(maintenancePage).toHaveCount(0)
      // Its example reference has the platform's format (PRZ-<year>-<6 digits> here), not another.
      const reference = visitor.getByLabel('Your entry reference')
      await expect(reference).toHaveAttribute('placeholder', /^e\.g\. PRZ-\d{4}-\d{6}$/)

      for (const path of ['/', '/about', `/competitions/${drawn}`]) {
        const response = await visitor.goto(path)
        expect(response?.status(), path).toBe(503)
        expect(response?.headers()['retry-after'], path).toBe('60')
        await expect(maintenancePage).toBeVisible()
        await expect(visitor.getByText(settingsMessages.maintenance)).toBeVisible()
      }
      // From the maintenance page, the open pages are a link away.
      await visitor.getByRole('link', { name: 'Terms and conditions' }).click()
      await expect(visitor.getByRole('heading', { level: 1, name: /Terms/ })).toBeVisible()
      await visitor.context().close()
    } finally {
      await setMaintenance(false)
    }
  })

  test('editing a competition with entries keeps its end date to the second', async ({ page, request }) => {
    test.setTimeout(90_000)
    const admin = await adminSession(request)
    const title = `Seconds kept ${Date.now()}`
    // Its dates carry seconds and milliseconds, as seeded ones do.
    const id = await createCompetition(request, admin.token, title)
    await enterAsGuest(request, { id, title, entryPrice: 2.5 }, { answer: '4' })
    const before = await adminCompetitionTitled(request, admin.token, title)
    expect(before?.end_date).toMatch(/:\d\d\.\d{3}Z$/)

    const dashboard = await openAdminDashboard(page, admin.user)
    await dashboard.getByLabel('Search competitions').fill(title)
    const row = dashboard
      .getByRole('table', { name: 'Competitions' })
      .getByRole('row')
      .filter({ hasText: title })
    await row.getByRole('button', { name: 'Edit' }).click()
    const edit = page.getByRole('dialog', { name: 'Edit Competition' })
    await edit.getByLabel('Description').fill('A competition run by the browser tests, edited.')
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await expect(page.getByText('Competition saved')).toBeVisible()
    await expect(edit).toBeHidden()
    expect(await adminCompetitionTitled(request, admin.token, title)).toMatchObject({
      description: 'A competition run by the browser tests, edited.',
      end_date: before?.end_date,
      start_date: before?.start_date,
    })
  })

  test('Escape closes System Info, and only then the admin dashboard', async ({ page, request }) => {
    const admin = await adminSession(request)
    const dashboard = await openAdminDashboard(page, admin.user)
    await dashboard.getByRole('button', { name: 'System Info' }).click()
    const info = page.getByRole('dialog', { name: 'System Info' })
    await expect(info).toBeVisible()
    await expect(info.getByText('Event store')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(info).toBeHidden()
    await expect(dashboard).toBeVisible()
    await expect(dashboard.getByRole('button', { name: 'System Info' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(dashboard).toBeHidden()
  })
})

test.describe('at 375 px', () => {
  test.use({ viewport: phone })

  test('a competition page offers Enter in a bar at the foot of the screen, out of the way of the panel', async ({
    page,
    request,
  }) => {
    const admin = await adminToken(request)
    const title = `Sticky enter ${Date.now()}`
    const id = await createCompetition(request, admin, title, { entryPrice: 4 })
    await page.goto(`/competitions/${id}`)
    const bar = page.getByRole('region', { name: 'Quick entry' })
    await expect(bar).toBeVisible()
    await expect(bar).toContainText('£4.00')
    const enter = bar.getByRole('button', { name: 'Enter now' })
    const box = await enter.boundingBox()
    expect(box, 'the bar is on screen').not.toBeNull()
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(phone.height)
    expect(box?.height ?? 0, 'a finger-sized target').toBeGreaterThanOrEqual(44)
    expect(await seriousViolations(page)).toEqual([])

    // Once the page's own Enter panel is in view, the bar steps aside: it never covers it.
    const panel = page.getByRole('complementary', { name: 'Enter this competition' })
    await panel.getByRole('button', { name: 'Enter Competition' }).scrollIntoViewIfNeeded()
    await expect(bar).toBeHidden()
    await page.evaluate(() => window.scrollTo(0, 0))
    await expect(bar).toBeVisible()

    await enter.click()
    await expect(page.getByRole('dialog', { name: title })).toBeVisible()
  })

  test('Account Settings shows every tab whole', async ({ page, request }) => {
    const user = await registerVerifiedUser(page, request)
    await logIn(page, user.email, user.password)
    await expect(page.getByRole('dialog', { name: 'Welcome back' })).toBeHidden()
    await fromMobileMenu(page, 'Account Settings')
    const settings = page.getByRole('dialog', { name: 'Account Settings' })
    const list = settings.getByRole('tablist', { name: 'Account settings' })
    const frame = await list.boundingBox()
    if (!frame) throw new Error('no tab list')
    for (const name of ['Profile', 'Password', 'Limits & breaks']) {
      const tab = list.getByRole('tab', { name })
      const box = await tab.boundingBox()
      if (!box) throw new Error(`no ${name} tab`)
      expect(box.x, `${name} starts inside the list`).toBeGreaterThanOrEqual(frame.x)
      expect(box.x + box.width, `${name} ends inside the list`).toBeLessThanOrEqual(
        frame.x + frame.width + 0.5,
      )
      // The label is not cut inside its tab either.
      expect(
        await tab.evaluate((element) => element.scrollWidth <= element.clientWidth),
        `${name} is whole`,
      ).toBe(true)
    }
    expect(await list.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
  })

  test('admin lists are cards with their actions in reach, below 600 px', async ({ page }) => {
    await page.goto('/')
    await fromMobileMenu(page, 'Sign In')
    await logIn(page, e2eAdmin.email, e2eAdmin.password)
    await expect(page.getByRole('dialog', { name: 'Welcome back' })).toBeHidden()
    await fromMobileMenu(page, 'Admin Dashboard')
    const dashboard = page.getByRole('dialog', { name: 'Admin Dashboard' })
    const tables = {
      Competitions: dashboard.getByRole('table', { name: 'Competitions' }),
    }
    const table = tables.Competitions
    const firstRow = table.locator('tbody tr').first()
    await expect(firstRow).toBeVisible()
    // Nothing to scroll sideways: every cell, its actions included, is within the screen.
    expect(await table.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true)
    for (const cell of await firstRow.locator('td').all()) {
      const box = await cell.boundingBox()
      if (!box || box.width === 0) continue
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(phone.width)
    }
    const actions = firstRow.getByRole('button').first()
    const box = await actions.boundingBox()
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(phone.width)
    // Each value is named on its card, as the column's heading names it above 600 px.
    await expect(firstRow.locator('td').first()).toHaveCSS('display', 'grid')
    expect(
      await firstRow
        .locator('td')
        .first()
        .evaluate((cell) => getComputedStyle(cell, '::before').content),
    ).toBe('"Competition"')

    for (const tab of ['Users', 'Entries']) {
      await dashboard.getByRole('tab', { name: tab }).click()
      const panel = dashboard.getByRole('tabpanel', { name: tab })
      const list = panel.getByRole('table').first()
      await expect(list.locator('tbody tr').first()).toBeVisible()
      expect(
        await list.evaluate((element) => element.scrollWidth <= element.clientWidth + 1),
        `${tab}: no sideways scroll`,
      ).toBe(true)
    }
    expect(await seriousViolations(page)).toEqual([])
  })
})

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } })

  test('admin lists stay tables, and a competition page has no Enter bar', async ({ page, request }) => {
    const admin = await adminSession(request)
    const dashboard = await openAdminDashboard(page, admin.user)
    const firstCell = dashboard.getByRole('table', { name: 'Competitions' }).locator('tbody td').first()
    await expect(firstCell).toHaveCSS('display', 'table-cell')
    await expect(dashboard.getByRole('table', { name: 'Competitions' }).locator('thead')).toBeVisible()

    const title = `No bar ${Date.now()}`
    const id = await createCompetition(request, await adminToken(request), title)
    await page.goto(`/competitions/${id}`)
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Quick entry' })).toHaveCount(0)
  })
})
