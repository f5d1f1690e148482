import { expect, test } from '@playwright/test'
import { authMessages } from '@prizes/contracts'
import { accountMenu, logIn, openAuthModal } from './support/accounts'
import { adminSession, e2eAdmin } from './support/admin'

test('a new message shows at once, replacing the one on screen', async ({ page }) => {
  const { user } = await adminSession(page.request)
  await page.goto('/')
  await openAuthModal(page, 'Sign In')
  await logIn(page, e2eAdmin.email, e2eAdmin.password)
  const messages = page.getByRole('status').filter({ hasText: /Login successful|logged out/ })
  await expect(messages).toHaveText(authMessages.loggedIn)

  // Well inside the login message's 6 s: the logout message must not wait behind it.
  await accountMenu(page, user.firstName).click()
  await page.getByRole('menuitem', { name: 'Logout' }).click()
  await expect(messages).toHaveText(authMessages.loggedOut, { timeout: 1_500 })
  await expect(page.getByText(authMessages.loggedIn)).toHaveCount(0)
})
