import { expect, test } from '@playwright/test'
import { authMessages } from '@prizes/contracts'
import { accountMenu, expectSnackbar, logIn, newUser, openAuthModal, signUp } from './support/accounts'
import { seriousViolations } from './support/axe'
import { waitForLink } from './support/maildev'

test.describe('accounts', () => {
  test('a new user signs up, verifies, edits the profile, changes and resets the password', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000)
    const user = newUser()
    const signedUpAt = new Date()

    await test.step('sign up through the modal', async () => {
      await signUp(page, user)
      await expectSnackbar(page, authMessages.registered)
      const login = page.getByRole('dialog', { name: 'Welcome back' })
      await expect(login.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true')
      await expect(login.getByRole('form', { name: 'Login' }).getByLabel('Email')).toHaveValue(user.email)
    })

    await test.step('follow the link in the verification email', async () => {
      const link = await waitForLink(request, { to: user.email, path: '/verify-email', since: signedUpAt })
      await page.goto(link)
      await expect(page.getByRole('heading', { name: 'Email verified!' })).toBeVisible()
      await page.getByRole('button', { name: 'Go to Login' }).click()
    })

    await test.step('log in', async () => {
      await logIn(page, user.email, user.password)
      await expectSnackbar(page, authMessages.loggedIn)
      await expect(accountMenu(page, user.firstName)).toBeVisible()
    })

    const edited = { firstName: 'Amazing', phone: '07700 900123', address: '2 Harvard Yard, Cambridge' }
    await test.step('edit the profile, and find it kept after a reload', async () => {
      await accountMenu(page, user.firstName).click()
      await page.getByRole('menuitem', { name: 'Account Settings' }).click()
      const settings = page.getByRole('dialog', { name: 'Account Settings' })
      const form = settings.getByRole('form', { name: 'Profile' })
      await expect(form.getByLabel('Email')).toHaveValue(user.email)
      await expect(form.getByLabel('Email')).not.toBeEditable()
      await form.getByLabel('First name').fill(edited.firstName)
      await form.getByLabel('Phone').fill(edited.phone)
      await form.getByLabel('Address (optional)').fill(edited.address)
      await form.getByRole('button', { name: 'Save Changes' }).click()
      await expectSnackbar(page, authMessages.profileUpdated)
      await settings.getByRole('button', { name: 'Close' }).click()

      await page.reload()
      await accountMenu(page, edited.firstName).click()
      await page.getByRole('menuitem', { name: 'Account Settings' }).click()
      const reloaded = page
        .getByRole('dialog', { name: 'Account Settings' })
        .getByRole('form', { name: 'Profile' })
      await expect(reloaded.getByLabel('First name')).toHaveValue(edited.firstName)
      await expect(reloaded.getByLabel('Phone')).toHaveValue(edited.phone)
      await expect(reloaded.getByLabel('Address (optional)')).toHaveValue(edited.address)
    })

    const changedPassword = 'Nanosecond1986'
    await test.step('change the password', async () => {
      const settings = page.getByRole('dialog', { name: 'Account Settings' })
      await settings.getByRole('tab', { name: 'Password' }).click()
      const form = settings.getByRole('form', { name: 'Change password' })
      await form.getByLabel('Current password', { exact: true }).fill(user.password)
      await form.getByLabel('New password', { exact: true }).fill(changedPassword)
      await expect(form.getByTestId('password-strength')).toHaveText('Password strength: Strong')
      await form.getByLabel('Confirm new password', { exact: true }).fill(changedPassword)
      await form.getByRole('button', { name: 'Change Password' }).click()
      await expectSnackbar(page, authMessages.passwordChanged)
      await settings.getByRole('button', { name: 'Close' }).click()
      // The change ended older tokens; the session goes on with the fresh one it was given.
      await page.reload()
      await expect(accountMenu(page, edited.firstName)).toBeVisible()
    })

    await test.step('log out: the session ends on the server too', async () => {
      const token = (await page.context().cookies()).find((c) => c.name === 'auth_token')?.value
      if (!token) throw new Error('the browser has no session')
      const profile = () =>
        request.get('/api/auth/profile', { headers: { Authorization: `Bearer ${token}` } })
      expect((await profile()).status()).toBe(200)
      await accountMenu(page, edited.firstName).click()
      await page.getByRole('menuitem', { name: 'Logout' }).click()
      await expectSnackbar(page, authMessages.loggedOut)
      await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible()
      // A copy of the token taken before is refused once the server has ended the session.
      await expect.poll(async () => (await profile()).status()).toBe(401)
    })

    const resetPassword = 'Cobol1959Rules'
    await test.step('ask for a reset link from the login form and use it', async () => {
      const login = await openAuthModal(page, 'Sign In')
      await login.getByRole('button', { name: 'Forgot password?' }).click()
      const dialog = page.getByRole('dialog', { name: 'Reset Password' })
      const askedAt = new Date()
      await dialog.getByLabel('Email').fill(user.email)
      await dialog.getByRole('button', { name: 'Send Reset Link' }).click()
      await expect(dialog).toBeHidden()

      const link = await waitForLink(request, { to: user.email, path: '/reset-password', since: askedAt })
      await page.goto(link)
      await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
      await expect(page.getByText(`${edited.firstName} ${user.lastName}`)).toBeVisible()
      await expect(page.getByTestId('reset-email')).toHaveText(user.email)
      const form = page.getByRole('form', { name: 'Choose a new password' })
      await form.getByLabel('New password', { exact: true }).fill(resetPassword)
      await form.getByLabel('Confirm new password', { exact: true }).fill(resetPassword)
      await form.getByRole('button', { name: 'Reset Password' }).click()
      await expect(page.getByRole('heading', { name: 'Your password has been reset' })).toBeVisible()
      await page.getByRole('button', { name: 'Go to Login' }).click()
    })

    await test.step('log in with the new password', async () => {
      const login = page.getByRole('dialog', { name: 'Welcome back' })
      await expect(login.getByRole('form', { name: 'Login' }).getByLabel('Email')).toHaveValue(user.email)
      await logIn(page, user.email, resetPassword)
      await expectSnackbar(page, authMessages.loggedIn)
      await expect(accountMenu(page, edited.firstName)).toBeVisible()
    })
  })

  test('logging in before verifying shows the verify warning and offers a new link', async ({
    page,
    request,
  }) => {
    const user = newUser('Katherine')
    await signUp(page, user)
    await expectSnackbar(page, authMessages.registered)

    const resentAt = new Date()
    await logIn(page, user.email, user.password)
    const warning = page
      .getByRole('dialog')
      .getByRole('alert')
      .filter({ hasText: authMessages.verifyBeforeLogin })
    await expect(warning).toBeVisible()
    await expect(accountMenu(page, user.firstName)).toHaveCount(0)

    await warning.getByRole('button', { name: 'Resend verification email' }).click()
    await expect(
      await waitForLink(request, { to: user.email, path: '/verify-email', since: resentAt }),
    ).toContain('/verify-email?token=')
  })

  test('the auth modal has no serious or critical axe violations', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto('/')
    const login = await openAuthModal(page, 'Sign In')
    await expect(login.getByRole('form', { name: 'Login' })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])

    await login.getByRole('tab', { name: 'Sign Up' }).click()
    const signUpForm = page
      .getByRole('dialog', { name: 'Create your account' })
      .getByRole('form', { name: 'Sign Up' })
    await expect(signUpForm).toBeVisible()
    // With its messages showing, as someone who skipped every field sees it.
    await signUpForm.getByLabel('First name').focus()
    await signUpForm.getByLabel('Email').fill('not-an-email')
    await signUpForm.getByLabel('Phone').focus()
    await expect(signUpForm.getByText(authMessages.emailInvalid)).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
  })
})
