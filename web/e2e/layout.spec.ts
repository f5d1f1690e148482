import { expect, type Page, test } from '@playwright/test'
import { authMessages } from '@prizes/contracts'
import { expectSnackbar, logIn } from './support/accounts'
import { adminSession, e2eAdmin, openAdminTab } from './support/admin'
import { seriousViolations } from './support/axe'
import { drawnCompetitionId } from './support/draws'
import { openCompetition, registerVerifiedUser } from './support/entries'
import { sidewaysOverflow } from './support/layout'

/** SPEC section 9's phone width, and a laptop's. */
const widths = [375, 1280] as const

/**
 * The home page's sections, in SPEC section 2's order (the hero comes first, without an id); the
 * success stories show only once a draw is complete (`honest.spec.ts`).
 */
const homeSections = ['competitions', 'how-to-play', 'trust', 'winners', 'faqs', 'contact', 'newsletter']

let drawn: Promise<string> | undefined

/** Every route, with what shows it has rendered. */
const routes: readonly {
  name: string
  path: (page: Page) => Promise<string>
  ready: (page: Page) => Promise<void>
}[] = [
  {
    name: 'home',
    path: async () => '/',
    ready: async (page) => {
      await expect(page.locator('#competitions').getByText('Live data')).toBeVisible()
      await expect(
        page.getByTestId('featured-slide').or(page.getByText('Amazing Prizes Coming Soon!')),
      ).toBeVisible()
      // The server's page shows at once; the app then takes it over and builds the sections below
      // the grid one a frame.
      await expect(page.locator('#root:not([inert])')).toBeAttached()
      for (const id of homeSections) await expect(page.locator(`[id="${id}"]`)).toBeAttached()
    },
  },
  ...[
    '/about',
    '/privacy-policy',
    '/terms-and-conditions',
    '/responsible-gaming',
    '/complaints',
    '/our-commitments',
    '/no-such-page',
  ].map((path) => ({
    name: path,
    path: async () => path,
    ready: async (page: Page) => {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    },
  })),
  {
    name: 'a competition page',
    path: async (page) => `/competitions/${(await openCompetition(page.request)).id}`,
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.getByTestId('countdown')).toBeVisible()
    },
  },
  {
    name: 'a draw certificate',
    path: async (page) => {
      drawn ??= drawnCompetitionId(page.request)
      return `/draws/${await drawn}`
    },
    ready: async (page) => {
      await expect(page.getByRole('status').filter({ hasText: /PASS|UNVERIFIED|FAIL/ })).toBeVisible()
    },
  },
  {
    name: '/verify-email',
    path: async () => '/verify-email?token=not-a-real-token',
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.getByRole('button', { name: /Resend|Back to Login/ }).first()).toBeVisible()
    },
  },
  {
    name: '/reset-password',
    path: async () => '/reset-password?token=not-a-real-token',
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.getByText(/Invalid or expired/)).toBeVisible()
    },
  },
]

/** Signs in as the admin and opens the Admin Dashboard through the mobile menu, as a phone would. */
async function openAdminDashboardOnPhone(page: Page) {
  await page.goto('/')
  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Sign In' }).click()
  await logIn(page, e2eAdmin.email, e2eAdmin.password)
  await expectSnackbar(page, authMessages.loggedIn)
  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Admin Dashboard' }).click()
  const dashboard = page.getByRole('dialog', { name: 'Admin Dashboard' })
  await expect(dashboard.getByRole('table', { name: 'Competitions' })).toBeVisible()
  return dashboard
}

async function expectFits(page: Page) {
  expect(await sidewaysOverflow(page)).toEqual([])
}

for (const width of widths) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 812 : 900 } })

    for (const route of routes) {
      test(`${route.name}: nothing overflows sideways, no serious axe violation`, async ({ page }) => {
        test.setTimeout(route.name === 'a draw certificate' ? 180_000 : 30_000)
        await page.emulateMedia({ reducedMotion: 'reduce' })
        await page.goto(await route.path(page))
        await route.ready(page)
        await expectFits(page)
        expect(await seriousViolations(page)).toEqual([])
      })
    }

    test('every home section is there, in order, and fits', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' })
      await page.goto('/')
      await routes[0]?.ready(page)
      const order = await page.evaluate(
        (ids) => [...document.querySelectorAll('[id]')].map((e) => e.id).filter((id) => ids.includes(id)),
        homeSections,
      )
      expect(order).toEqual(homeSections)
      for (const id of homeSections) {
        const section = page.locator(`[id="${id}"]`)
        await section.scrollIntoViewIfNeeded()
        await expect(section).toBeVisible()
        const box = await section.boundingBox()
        expect(box && box.x >= 0 && box.x + box.width <= width, `#${id} fits in ${width} px`).toBe(true)
      }
      await expectFits(page)
    })

    test('the auth modal and the entry modal fit and pass axe', async ({ page }) => {
      const competition = await openCompetition(page.request)
      await page.emulateMedia({ reducedMotion: 'reduce' })
      await page.goto(`/competitions/${competition.id}`)
      await page.getByRole('button', { name: 'Enter Competition' }).click()
      const entry = page.getByRole('dialog', { name: competition.title })
      await expect(entry.getByRole('form', { name: 'Entry Details' })).toBeVisible()
      await expectFits(page)
      expect(await seriousViolations(page)).toEqual([])
      await page.keyboard.press('Escape')
      await expect(entry).toBeHidden()

      if (width === 375) {
        await page.getByRole('button', { name: 'Open menu' }).click()
        await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Sign In' }).click()
      } else {
        await page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).click()
      }
      const auth = page.getByRole('dialog', { name: 'Welcome back' })
      await expect(auth.getByRole('form', { name: 'Login' })).toBeVisible()
      await expectFits(page)
      expect(await seriousViolations(page)).toEqual([])
      await auth.getByRole('tab', { name: 'Sign Up' }).click()
      await expect(page.getByRole('form', { name: 'Sign Up' })).toBeVisible()
      await expectFits(page)
      expect(await seriousViolations(page)).toEqual([])
    })

    test('the user dashboard fits and passes axe', async ({ page }) => {
      const user = await registerVerifiedUser(page, page.request)
      const form = page.getByRole('dialog').getByRole('form', { name: 'Login' })
      await form.getByLabel('Email').fill(user.email)
      await form.getByLabel('Password', { exact: true }).fill(user.password)
      await form.getByRole('button', { name: 'Login', exact: true }).click()
      await expect(page.getByRole('dialog', { name: 'Welcome back' })).toBeHidden()
      if (width === 375) {
        await page.getByRole('button', { name: 'Open menu' }).click()
        await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Dashboard' }).click()
      } else {
        await page
          .getByRole('banner')
          .getByRole('button', { name: `Account menu for ${user.firstName}` })
          .click()
        await page.getByRole('menuitem', { name: 'Dashboard' }).click()
      }
      const dashboard = page.getByRole('dialog', { name: 'My Dashboard' })
      await expect(dashboard.getByText('Total Entries')).toBeVisible()
      await expectFits(page)
      expect(await seriousViolations(page)).toEqual([])
    })

    test('every admin dashboard tab, and the competition form, fit and pass axe', async ({ page }) => {
      test.setTimeout(90_000)
      const { user } = await adminSession(page.request)
      const tabs = ['Competitions', 'Users', 'Entries', 'Analytics', 'Email System', 'Settings']
      const dashboard =
        width === 375
          ? await openAdminDashboardOnPhone(page)
          : (await openAdminTab(page, user, 'Competitions')).dashboard
      for (const tab of tabs) {
        await dashboard.getByRole('tab', { name: tab }).click()
        const panel = dashboard.getByRole('tabpanel', { name: tab })
        await expect(panel).toBeVisible()
        await expect(panel.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0)
        await expectFits(page)
        expect(await seriousViolations(page), `${tab} tab`).toEqual([])
      }
      await dashboard.getByRole('tab', { name: 'Competitions' }).click()
      await dashboard.getByRole('button', { name: 'Create Competition' }).click()
      const form = page.getByRole('dialog', { name: /Create Competition/ })
      await expect(form).toBeVisible()
      await expectFits(page)
      expect(await seriousViolations(page)).toEqual([])
    })
  })
}
