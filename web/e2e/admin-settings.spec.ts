import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { authMessages, settingsMessages } from '@prizes/contracts'
import { accountMenu, expectSnackbar, logIn, newUser, openAuthModal } from './support/accounts'
import { adminSession, bearer, e2eAdmin, okJson, openAdminTab } from './support/admin'
import { seriousViolations } from './support/axe'
import { registerVerifiedUser } from './support/entries'

/** Puts every setting back, whatever a test left, so later specs find the site open. */
async function resetSettings(request: APIRequestContext) {
  const { token } = await adminSession(request)
  await okJson(
    await request.put('/api/admin/settings', {
      headers: bearer(token),
      data: { maintenanceMode: false, allowRegistrations: true, emailNotifications: true },
    }),
    'settings reset',
  )
}

/** Puts every setting back, then signs in as the admin and opens the Settings tab. */
async function openFreshSettings(page: Page, request: APIRequestContext) {
  await resetSettings(request)
  const admin = await adminSession(request)
  const { panel: settings } = await openAdminTab(page, admin.user, 'Settings')
  return { admin: admin.user, settings }
}

const maintenanceHeading = (page: Page) => page.getByRole('heading', { name: "We'll be back soon" })

test.describe('admin settings', () => {
  test.afterAll(async ({ request }) => {
    await resetSettings(request)
  })

  test('maintenance mode closes the public site while the admin keeps working', async ({
    page,
    browser,
    request,
  }) => {
    // Three browsers through a dozen steps: about 26 s alone on a busy machine, too near the default 30 s.
    test.setTimeout(60_000)
    const { admin, settings } = await openFreshSettings(page, request)
    const maintenance = settings.getByRole('switch', { name: 'Maintenance mode' })
    const visitor = await browser.newContext()
    const memberContext = await browser.newContext()
    try {
      const memberPage = await memberContext.newPage()
      const member = await registerVerifiedUser(memberPage, memberContext.request)
      await logIn(memberPage, member.email, member.password)
      await expect(accountMenu(memberPage, member.firstName)).toBeVisible()

      await test.step('the admin turns maintenance on, after confirming, with a reason', async () => {
        await expect(maintenance).toHaveAttribute('aria-checked', 'false')
        await maintenance.click()
        const confirm = page.getByRole('dialog', { name: 'Turn on maintenance mode?' })
        await confirm.getByLabel('Reason (optional)').fill('Browser test upgrade')
        await confirm.getByRole('button', { name: 'Turn on maintenance' }).click()
        await expect(confirm).toBeHidden()
        await expect(maintenance).toHaveAttribute('aria-checked', 'true')
        await expectSnackbar(page, 'Settings saved')
        const history = settings.getByRole('table', { name: 'Settings history' })
        await expect(
          history
            .getByRole('row')
            .filter({ hasText: 'Maintenance mode on' })
            .filter({ hasText: 'Browser test upgrade' }),
        ).toHaveCount(1)
      })

      const publicPage = await visitor.newPage()
      await test.step('a signed-out visitor sees the maintenance page, and the API says 503', async () => {
        await publicPage.goto('/')
        await expect(maintenanceHeading(publicPage)).toBeVisible()
        await expect(publicPage.getByText(settingsMessages.maintenance)).toBeVisible()
        expect(await seriousViolations(publicPage)).toEqual([])
        const refused = await visitor.request.post('/api/auth/check-email', {
          data: { email: 'a@example.com' },
        })
        expect(refused.status()).toBe(503)
        expect(refused.headers()['retry-after']).toBeTruthy()
        expect(await refused.json()).toMatchObject({ success: false, code: 'MAINTENANCE' })
      })

      await test.step('a signed-in user sees the maintenance page too, and cannot sign in again', async () => {
        await memberPage.reload()
        await expect(maintenanceHeading(memberPage)).toBeVisible()
        await memberPage.getByRole('button', { name: 'Staff sign in' }).click()
        await logIn(memberPage, member.email, member.password)
        await expect(memberPage.getByRole('dialog').getByText(settingsMessages.maintenance)).toBeVisible()
        await memberPage.keyboard.press('Escape')
      })

      await test.step('the admin keeps working in the dashboard', async () => {
        const dashboard = page.getByRole('dialog', { name: 'Admin Dashboard' })
        await dashboard.getByRole('tab', { name: 'Competitions' }).click()
        await expect(dashboard.getByRole('table', { name: 'Competitions' })).toBeVisible()
        await dashboard.getByRole('button', { name: 'Refresh Data' }).click()
        await expectSnackbar(page, 'Admin data refreshed')
        await dashboard.getByRole('tab', { name: 'Settings' }).click()
      })

      await test.step('staff sign in from the maintenance page and get the site', async () => {
        await publicPage.getByRole('button', { name: 'Staff sign in' }).click()
        await logIn(publicPage, e2eAdmin.email, e2eAdmin.password)
        await expect(maintenanceHeading(publicPage)).toBeHidden()
        await expect(accountMenu(publicPage, admin.firstName)).toBeVisible()
      })

      await test.step('the admin turns maintenance off and the public site is back', async () => {
        await maintenance.click()
        await expect(maintenance).toHaveAttribute('aria-checked', 'false')
        const fresh = await browser.newContext()
        try {
          const again = await fresh.newPage()
          await again.goto('/')
          await expect(again.getByRole('banner')).toBeVisible()
          await expect(maintenanceHeading(again)).toBeHidden()
        } finally {
          await fresh.close()
        }
        // The user's session waited out the maintenance.
        await memberPage.reload()
        await expect(accountMenu(memberPage, member.firstName)).toBeVisible()
      })
    } finally {
      await memberContext.close()
      await visitor.close()
      await resetSettings(request)
    }
  })

  test('with registrations closed, a sign-up is refused with the message', async ({
    page,
    browser,
    request,
  }) => {
    const { settings } = await openFreshSettings(page, request)
    const registrations = settings.getByRole('switch', { name: 'Allow registrations' })
    const visitor = await browser.newContext()
    try {
      await expect(registrations).toHaveAttribute('aria-checked', 'true')
      await expect(settings.getByRole('table', { name: 'Settings history' })).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
      await registrations.click()
      await expect(registrations).toHaveAttribute('aria-checked', 'false')

      const publicPage = await visitor.newPage()
      await publicPage.goto('/')
      const dialog = await openAuthModal(publicPage, 'Sign Up')
      const form = dialog.getByRole('form', { name: 'Sign Up' })
      await expect(form.getByRole('alert')).toHaveText(authMessages.registrationsClosed)
      await expect(form.getByRole('button', { name: 'Create Account' })).toBeDisabled()

      const person = newUser('Closed')
      const refused = await visitor.request.post('/api/auth/register', {
        data: person,
      })
      expect(refused.status()).toBe(403)
      expect(await refused.json()).toMatchObject({ message: authMessages.registrationsClosed })

      await registrations.click()
      await expect(registrations).toHaveAttribute('aria-checked', 'true')
    } finally {
      await visitor.close()
      await resetSettings(request)
    }
  })
})
