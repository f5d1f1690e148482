import { expect, test } from '@playwright/test'

const sections = ['competitions', 'winners', 'faqs', 'contact'] as const

test.describe('routes and scrolling', () => {
  for (const section of sections) {
    test(`/${section} redirects to /#${section} and scrolls the section into view`, async ({ page }) => {
      await page.goto(`/${section}`)
      await expect(page).toHaveURL(new RegExp(`/#${section}$`))
      await expect(page.locator(`#${section}`).getByRole('heading', { level: 2 })).toBeInViewport()
    })
  }

  test('a section lands 80 px below the top, clear of the sticky header', async ({ page }) => {
    await page.goto('/faqs')
    await expect(page).toHaveURL(/\/#faqs$/)
    await expect.poll(async () => Math.round((await page.locator('#faqs').boundingBox())?.y ?? -1)).toBe(80)
  })

  test('header links scroll to their section and the logo back to the top', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQs' }).click()
    await expect(page).toHaveURL(/\/#faqs$/)
    await expect(page.locator('#faqs').getByRole('heading', { level: 2 })).toBeInViewport()

    await page.getByRole('banner').getByRole('link', { name: /home$/ }).click()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  })

  test('the mobile menu mirrors the header below 960 px', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/')
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
    await page.getByRole('button', { name: 'Open menu' }).click()
    const menu = page.getByRole('dialog', { name: 'Menu' })
    await expect(menu.getByRole('button', { name: 'Sign In' })).toBeVisible()
    await expect(menu.getByRole('button', { name: 'Sign Up' })).toBeVisible()
    await menu.getByRole('link', { name: 'Contact' }).click()
    await expect(menu).toBeHidden()
    await expect(page).toHaveURL(/\/#contact$/)
    await expect(page.locator('#contact').getByRole('heading', { level: 2 })).toBeInViewport()
  })

  test('Sign In opens the auth modal on Login, with tabs to Sign Up, and Close returns focus', async ({
    page,
  }) => {
    await page.goto('/')
    const signIn = page.getByRole('banner').getByRole('button', { name: 'Sign In' })
    await signIn.click()
    const dialog = page.getByRole('dialog', { name: 'Welcome back' })
    await expect(dialog).toBeVisible()
    const loginTab = dialog.getByRole('tab', { name: 'Login' })
    await expect(loginTab).toHaveAttribute('aria-selected', 'true')
    await expect(dialog.getByRole('form', { name: 'Login' }).getByLabel('Email')).toBeFocused()
    await loginTab.focus()
    await page.keyboard.press('ArrowRight')
    await expect(
      page.getByRole('dialog', { name: 'Create your account' }).getByRole('tab', { name: 'Sign Up' }),
    ).toBeFocused()
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
    await expect(page.getByRole('dialog')).toBeHidden()
    await expect(signIn).toBeFocused()
  })

  test('/about is its own page, loaded on demand', async ({ page }) => {
    await page.goto('/')
    const chunks: string[] = []
    page.on('request', (r) => {
      if (r.resourceType() === 'script') chunks.push(r.url())
    })
    await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click()
    await expect(page).toHaveURL(/\/about$/)
    await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible()
    expect(chunks.some((url) => url.includes('about'))).toBe(true)
  })

  test('footer links reach the legal pages', async ({ page }) => {
    await page.goto('/')
    const footer = page.getByRole('contentinfo')
    // No licence line: this run configures no OPERATOR_LICENCE, and the footer claims none.
    await expect(footer).not.toContainText('regulated by')
    await expect(footer).toContainText('18+ only')
    for (const name of [
      'Privacy Policy',
      'Terms & Conditions',
      'Responsible Gaming',
      'Our Commitments',
      'Complaints',
    ]) {
      await footer.getByRole('link', { name, exact: true }).click()
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    }
  })

  test('verify-email and reset-password read the token from the query', async ({ page }) => {
    const verification = page.waitForRequest((r) => r.url().endsWith('/api/auth/verify-email/abc123'))
    await page.goto('/verify-email?token=abc123')
    await expect(page.getByRole('heading', { level: 1, name: 'Email verification' })).toBeVisible()
    await verification
    const check = page.waitForRequest((r) => r.url().endsWith('/api/auth/verify-reset-token/def456'))
    await page.goto('/reset-password?token=def456')
    await expect(page.getByRole('heading', { level: 1, name: 'Password reset' })).toBeVisible()
    await check

    await page.goto('/verify-email')
    await expect(page.getByRole('alert')).toHaveText(/No verification token provided/)
    await page.goto('/reset-password')
    await expect(page.getByRole('alert')).toHaveText(/No reset token provided/)
    await page.getByRole('button', { name: 'Request a New Link' }).click()
    await expect(page.getByRole('dialog', { name: 'Reset Password' })).toBeVisible()
    await expect(page).toHaveURL(/\/$/)
  })

  test('an unknown address shows the not-found page, with status 404', async ({ page }) => {
    const answer = await page.goto('/no-such-page')
    expect(answer?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
  })

  test('robots.txt is the crawlers’ file, not the app', async ({ request }) => {
    const answer = await request.get('/robots.txt')
    expect(answer.status()).toBe(200)
    expect(answer.headers()['content-type']).toContain('text/plain')
    const text = await answer.text()
    expect(text).toContain('User-agent: *')
    expect(text).toContain('Disallow: /api/')
    expect(text).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap\.xml$/m)
  })
})
