import { expect, type Page, test } from '@playwright/test'
import { responsiblePlayMessages } from '@prizes/contracts'
import { accountMenu, expectSnackbar, logIn, newUser } from './support/accounts'
import {
  adminSession,
  adminToken,
  bearer,
  createCompetition,
  openAdminTab,
  skillQuestion,
} from './support/admin'
import { seriousViolations } from './support/axe'
import {
  answerLimitQuestion,
  cards,
  enterAsGuest,
  payWithCard,
  registerVerifiedUser,
  successHeading,
} from './support/entries'

/** Signs in a new verified user and opens Account Settings on Limits & breaks. */
async function openLimits(page: Page, request: Parameters<typeof registerVerifiedUser>[1]) {
  const user = await registerVerifiedUser(page, request)
  await logIn(page, user.email, user.password)
  await accountMenu(page, user.firstName).click()
  await page.getByRole('menuitem', { name: 'Account Settings' }).click()
  const settings = page.getByRole('dialog', { name: 'Account Settings' })
  await settings.getByRole('tab', { name: 'Limits & breaks' }).click()
  return settings
}

/** Opens the competition's entry modal, answers, picks `entries` and agrees: ready to proceed. */
async function startEntry(page: Page, id: string, title: string, entries: number) {
  await page.goto(`/competitions/${id}`)
  await page.getByRole('button', { name: 'Enter Competition' }).click()
  const dialog = page.getByRole('dialog', { name: title })
  await answerLimitQuestion(dialog)
  const form = dialog.getByRole('form', { name: 'Entry Details' })
  await form.getByRole('radio', { name: skillQuestion.correct, exact: true }).check()
  for (let n = 1; n < entries; n++) await form.getByLabel('Number of entries').press('ArrowRight')
  await form.getByLabel(/I agree to the terms and conditions/).check()
  await form.getByRole('button', { name: 'Proceed to Payment' }).click()
  return dialog
}

test.describe('responsible play', () => {
  test('a £10 monthly limit set in Account Settings refuses £15 of entries, showing what is left', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000)
    const admin = await adminToken(request)
    const title = `Limit check ${Date.now()}`
    const id = await createCompetition(request, admin, title, { entryPrice: 5 })

    const settings = await openLimits(page, request)
    const limit = settings.getByRole('form', { name: 'Monthly spending limit' })
    await limit.getByLabel('Monthly spending limit (£)').fill('10')
    await limit.getByRole('button', { name: 'Save limit' }).click()
    await expectSnackbar(page, responsiblePlayMessages.limitSetAtOnce(1000))
    await expect(settings.getByTestId('spending-summary')).toHaveText(
      'Limit £10.00 a month. Spent this month: £0.00. Left: £10.00.',
    )
    expect(await seriousViolations(page)).toEqual([])
    await settings.getByRole('button', { name: 'Close' }).click()

    const dialog = await startEntry(page, id, title, 3)
    await expect(
      dialog.getByRole('alert').filter({ hasText: responsiblePlayMessages.overLimit(1000, 1000) }),
    ).toBeVisible()
    await expect(dialog.getByTestId('limit-left')).toHaveText(
      'Your monthly spending limit is £10.00: £10.00 left this month.',
    )
    await expect(dialog.getByRole('form', { name: 'Card details' })).toHaveCount(0)
  })

  test('before a first purchase a signed-in user must set a limit or choose none, and is asked once', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000)
    const admin = await adminToken(request)
    const title = `First purchase question ${Date.now()}`
    const id = await createCompetition(request, admin, title, { entryPrice: 5 })
    const user = await registerVerifiedUser(page, request)
    await logIn(page, user.email, user.password)
    await expect(accountMenu(page, user.firstName)).toBeVisible()

    await page.goto(`/competitions/${id}`)
    await page.getByRole('button', { name: 'Enter Competition' }).click()
    const dialog = page.getByRole('dialog', { name: title })
    const question = dialog.getByRole('region', { name: 'Set a monthly spending limit?' })
    await expect(question).toContainText(responsiblePlayMessages.askBeforeFirstEntry)
    // No details form, so no way to pay, until the question is answered.
    await expect(dialog.getByRole('form', { name: 'Entry Details' })).toHaveCount(0)
    expect(await seriousViolations(page)).toEqual([])
    const limit = question.getByRole('form', { name: 'Monthly spending limit' })
    await limit.getByLabel('Monthly spending limit (£)').fill('20')
    await limit.getByRole('button', { name: 'Save limit' }).click()
    await expect(dialog.getByRole('form', { name: 'Entry Details' })).toBeVisible()
    await expect(question).toHaveCount(0)
    await expect(dialog.getByTestId('limit-left')).toHaveText(
      'Your monthly spending limit is £20.00: £20.00 left this month.',
    )
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()

    // Answered once: not asked again.
    await page.getByRole('button', { name: 'Enter Competition' }).click()
    await expect(dialog.getByRole('form', { name: 'Entry Details' })).toBeVisible()
    await expect(question).toHaveCount(0)
  })

  test('a new guest is asked before the first payment: £5 set refuses £10 with what is left; another skips and pays', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000)
    const admin = await adminToken(request)
    const title = `Guest question ${Date.now()}`
    const id = await createCompetition(request, admin, title, { entryPrice: 5 })

    /** A signed-out guest gives their details for two £5 entries and proceeds. */
    async function guestProceeds(name: string) {
      const page = await (await browser.newContext()).newPage()
      await page.goto(`/competitions/${id}`)
      await page.getByRole('button', { name: 'Enter Competition' }).click()
      const dialog = page.getByRole('dialog', { name: title })
      const form = dialog.getByRole('form', { name: 'Entry Details' })
      const person = newUser(name)
      await form.getByRole('radio', { name: skillQuestion.correct, exact: true }).check()
      await form.getByLabel('First name').fill(person.firstName)
      await form.getByLabel('Last name').fill(person.lastName)
      await form.getByLabel('Email').fill(person.email)
      await form.getByLabel('Phone').fill(person.phone)
      await form.getByLabel('Address').fill(person.address)
      await form.getByLabel('Date of birth').fill(person.dateOfBirth)
      await form.getByLabel('Number of entries').press('ArrowRight')
      await form.getByLabel(/I agree to the terms and conditions/).check()
      await form.getByRole('button', { name: 'Proceed to Payment' }).click()
      // The account is made, then asked before anything is paid.
      const question = dialog.getByRole('region', { name: 'Set a monthly spending limit?' })
      await expect(question).toContainText(responsiblePlayMessages.askBeforeFirstEntry)
      await expect(accountMenu(page, person.firstName)).toBeVisible()
      await expect(dialog.getByRole('form', { name: 'Card details' })).toHaveCount(0)
      return { page, dialog, question }
    }

    const first = await guestProceeds('Gwen')
    expect(await seriousViolations(first.page)).toEqual([])
    const limit = first.question.getByRole('form', { name: 'Monthly spending limit' })
    await limit.getByLabel('Monthly spending limit (£)').fill('5')
    await limit.getByRole('button', { name: 'Save limit' }).click()
    await expect(
      first.dialog.getByRole('alert').filter({ hasText: responsiblePlayMessages.overLimit(500, 500) }),
    ).toBeVisible()
    await expect(first.dialog.getByTestId('limit-left')).toHaveText(
      'Your monthly spending limit is £5.00: £5.00 left this month.',
    )
    await expect(first.question).toHaveCount(0)
    await expect(first.dialog.getByRole('form', { name: 'Entry Details' })).toBeVisible()
    await expect(first.dialog.getByRole('form', { name: 'Card details' })).toHaveCount(0)

    const second = await guestProceeds('Hal')
    await second.question.getByRole('button', { name: 'No limit for now' }).click()
    await expect(second.dialog.getByTestId('order-total')).toHaveText('£10.00')
    await payWithCard(second.dialog, cards.succeeds)
    await expect(successHeading(second.dialog)).toBeVisible()
  })

  test('a user on a 1-day break cannot enter, and is told when the break ends', async ({ page, request }) => {
    test.setTimeout(90_000)
    const admin = await adminToken(request)
    const title = `Break check ${Date.now()}`
    const id = await createCompetition(request, admin, title)

    const settings = await openLimits(page, request)
    await settings.getByLabel('Break length').selectOption('1d')
    await settings.getByRole('button', { name: 'Take a break' }).click()
    await expect(settings.getByText('This break cannot be ended or shortened early')).toBeVisible()
    await settings.getByRole('button', { name: 'Confirm break' }).click()
    await expectSnackbar(page, 'Your break has started.')
    await expect(settings.getByText('You can make it longer, but not shorter.')).toBeVisible()
    await settings.getByRole('button', { name: 'Close' }).click()

    // Told at once, in the form's place: no question, no details, nothing to pay.
    await page.goto(`/competitions/${id}`)
    await page.getByRole('button', { name: 'Enter Competition' }).click()
    const dialog = page.getByRole('dialog', { name: title })
    await expect(
      dialog
        .getByRole('alert')
        .filter({ hasText: 'You are taking a break from entering competitions until' }),
    ).toHaveCount(1)
    await expect(dialog.getByRole('form', { name: 'Entry Details' })).toHaveCount(0)
    await expect(dialog.getByRole('radio')).toHaveCount(0)
    await expect(dialog.getByRole('button', { name: 'Proceed to Payment' })).toHaveCount(0)
    await expect(dialog.getByRole('form', { name: 'Card details' })).toHaveCount(0)
  })

  test('the responsible gaming page links to support and explains limits and breaks', async ({ page }) => {
    await page.goto('/responsible-gaming')
    for (const [name, href] of [
      ['GamCare', 'https://www.gamcare.org.uk'],
      ['BeGambleAware', 'https://www.begambleaware.org'],
      ['GAMSTOP', 'https://www.gamstop.co.uk'],
      ['Samaritans', 'https://www.samaritans.org'],
    ] as const) {
      await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
    }
    await expect(page.getByText('0808 8020 133')).toBeVisible()
    await expect(page.getByText('116 123')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Monthly spending limits' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Taking a break' })).toBeVisible()
  })

  test('an admin sets the spending alert in Settings, and the Users tab marks who spent more in 30 days and caps reached', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000)
    const { token, user: admin } = await adminSession(request)
    const title = `Alert check ${Date.now()}`
    const id = await createCompetition(request, token, title, { entryPrice: 5, maxEntriesPerPerson: 2 })
    const { person } = await enterAsGuest(
      request,
      { id, title, entryPrice: 5 },
      { answer: '4', numberOfEntries: 2 },
    )
    try {
      const { dashboard, panel } = await openAdminTab(page, admin, 'Settings')
      const alert = panel.getByRole('form', { name: 'Spending alert' })
      await alert.getByLabel(/Mark users who spend more than/).fill('5')
      await alert.getByRole('button', { name: 'Save alert' }).click()
      await expectSnackbar(page, 'Spending alert set to £5.00 in 30 days')
      await expect(panel.getByRole('table', { name: 'Spending alert changes' })).toContainText('Set to £5.00')

      await dashboard.getByRole('tab', { name: 'Users' }).click()
      await dashboard.getByLabel('Search users by name or email').fill(person.email)
      const row = dashboard
        .getByRole('table', { name: 'Users' })
        .getByRole('row')
        .filter({ hasText: person.email })
      await expect(row).toContainText('High spending')
      await expect(row).toContainText('30 days: £10.00')
      await expect(row).toContainText('No limit')
      await expect(row).toContainText('1 cap reached')
      expect(await seriousViolations(page)).toEqual([])

      await row.getByRole('button', { name: `View ${person.email}` }).click()
      const details = page.getByRole('dialog', { name: /^User: / })
      const caps = details.getByRole('region', { name: 'Entry caps reached' })
      await expect(caps).toContainText(`${title}: 2 of 2 entries`)
      expect(await seriousViolations(page)).toEqual([])
      await details.getByRole('button', { name: 'Close', exact: true }).click()
    } finally {
      const reset = await request.put('/api/admin/settings/spending-alert', {
        headers: bearer(token),
        data: { thresholdPence: 50_000 },
      })
      expect(reset.ok()).toBe(true)
    }
  })
})
