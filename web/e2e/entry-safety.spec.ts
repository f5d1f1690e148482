import { expect, type Locator, type Page, type Response, test } from '@playwright/test'
import { endpoints, type PublicCompetition, userEntriesResponse } from '@prizes/contracts'
import { newUser } from './support/accounts'
import { adminSession, bearer, okJson, openAdminDashboard } from './support/admin'
import {
  cards,
  fillDetails,
  openCompetition,
  openEntryModal,
  payWithCard,
  referencePattern,
  successHeading,
  toCardForm,
} from './support/entries'

/**
 * The entry flow with real money in mind, on the offline provider's test cards: a confirm that
 * fails after the charge, a payment that is processing, a modal nobody can close mid-payment,
 * an entry by keyboard alone, and no Stripe.js in TEST MODE.
 */

/** What the browser asked of the card provider and of confirm-payment, and any request to Stripe. */
function watchPayments(page: Page) {
  const authorisations: string[] = []
  const confirmations: number[] = []
  const stripe: string[] = []
  page.on('request', (request) => {
    if (/(^|\.)stripe\.(com|network)$/.test(new URL(request.url()).hostname)) stripe.push(request.url())
  })
  page.on('response', async (response: Response) => {
    const { pathname } = new URL(response.url())
    if (response.request().method() !== 'POST') return
    if (/^\/api\/test-payments\/[^/]+\/confirm$/.test(pathname)) {
      const body = (await response.json().catch(() => ({}))) as { status?: string }
      authorisations.push(body.status ?? `HTTP ${response.status()}`)
    }
    if (pathname === endpoints.confirmPayment.path) confirmations.push(response.status())
  })
  return {
    authorisations,
    confirmations,
    stripe,
    /** Answers that took the card: a payment taken (or sent to processing) more than once is a second charge. */
    charges: () => authorisations.filter((s) => s === 'succeeded' || s === 'processing').length,
  }
}

/** The signed-in entrant's entries of one competition, through the API with the browser's session. */
async function entriesOf(page: Page, competitionId: string) {
  const token = (await page.context().cookies()).find((c) => c.name === 'auth_token')?.value
  if (!token) throw new Error('the browser has no session')
  const response = await page.request.get(endpoints.listEntries.path, { headers: bearer(token) })
  const { entries } = userEntriesResponse.parse(await okJson(response, 'entries'))
  return entries.filter((e) => e.competitionId === competitionId)
}

/** A guest fills step 1 with one entry and goes on to the card form. */
async function toPayment(page: Page, competition: PublicCompetition, name: string): Promise<Locator> {
  const dialog = await openEntryModal(page, competition)
  const form = await fillDetails(dialog, newUser(name))
  await form.getByLabel(/I agree to the terms and conditions/).check()
  await form.getByRole('button', { name: 'Proceed to Payment' }).click()
  await toCardForm(dialog)
  return dialog
}

test.describe('a safe entry flow', () => {
  test('a confirm that fails after the charge is retried: one charge, one entry, and no Stripe in TEST MODE', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000)
    const payments = watchPayments(page)
    const competition = await openCompetition(request, 1)
    const dialog = await toPayment(page, competition, 'Fay')
    await payWithCard(dialog, cards.confirmFailsOnce)

    await expect(dialog.getByRole('status').filter({ hasText: 'Confirming your entry…' })).toBeVisible()
    await expect(dialog.getByRole('form', { name: 'Card details' })).toHaveCount(0)
    await expect(dialog.getByRole('button', { name: 'Back' })).toHaveCount(0)
    await expect(successHeading(dialog)).toBeVisible({ timeout: 15_000 })
    await expect(dialog.getByTestId('entry-reference')).toHaveText(referencePattern)

    // The provider did not answer the first confirm; the flow asked again rather than paying again.
    expect(payments.confirmations).toEqual([503, 200])
    expect(payments.authorisations).toEqual(['succeeded'])
    expect(payments.charges()).toBe(1)
    await expect.poll(async () => (await entriesOf(page, competition.id)).length).toBe(1)
    const [entry] = await entriesOf(page, competition.id)
    expect(entry?.paymentStatus).toBe('paid')
    expect(payments.stripe).toEqual([])
  })

  test('a processing payment waits, then succeeds: never declined, charged once', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000)
    const payments = watchPayments(page)
    const competition = await openCompetition(request, 1)
    const dialog = await toPayment(page, competition, 'Pia')
    await payWithCard(dialog, cards.processing)

    await expect(dialog.getByRole('status').filter({ hasText: 'Payment processing…' })).toBeVisible()
    await expect(successHeading(dialog)).toBeVisible({ timeout: 20_000 })
    await expect(dialog.getByText(/declined/i)).toHaveCount(0)
    expect(payments.authorisations).toEqual(['processing'])
    // Two checks still processing (409 PAYMENT_PROCESSING), then the entry.
    expect(payments.confirmations).toEqual([409, 409, 200])
    await expect.poll(async () => (await entriesOf(page, competition.id)).length).toBe(1)
    expect(payments.stripe).toEqual([])
  })

  test('Escape, a backdrop click and the close button do nothing while paying; the entry completes', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000)
    const payments = watchPayments(page)
    const competition = await openCompetition(request, 1)
    const dialog = await toPayment(page, competition, 'Dot')

    // The card form's request is held, so the attempts land while the card is with the provider.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/test-payments/*/confirm', async (route) => {
      await held
      await route.continue()
    })
    await payWithCard(dialog, cards.processing)
    await expect(dialog.getByRole('button', { name: 'Processing…' })).toBeDisabled()

    const attemptToClose = async () => {
      await page.keyboard.press('Escape')
      await expect(dialog).toBeVisible()
      // The backdrop: the page's top-left corner, outside the centred modal.
      await page.mouse.click(4, 4)
      await expect(dialog).toBeVisible()
      const close = dialog.getByRole('button', { name: 'Close' }).first()
      await expect(close).toHaveAttribute('aria-disabled', 'true')
      await expect(close).toHaveAccessibleDescription(/Your payment is in progress/)
      // Forced: Playwright itself waits for an aria-disabled button to be enabled before clicking.
      await close.click({ force: true })
      await expect(dialog).toBeVisible()
    }
    await attemptToClose()
    release()
    await expect(dialog.getByRole('status').filter({ hasText: 'Payment processing…' })).toBeVisible()
    await attemptToClose()

    await expect(successHeading(dialog)).toBeVisible({ timeout: 20_000 })
    expect(payments.charges()).toBe(1)
    // Paid and confirmed: now it closes.
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
  })

  test('keyboard only: from the home page to the confirmation with the test card', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000)
    const payments = watchPayments(page)
    const competition = await openCompetition(request, 1)
    const person = newUser('Kay')
    await page.goto('/')

    /** Tabs (forwards) until `target` has the focus. */
    const tabTo = async (target: Locator, limit = 300) => {
      for (let i = 0; i < limit; i++) {
        if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return
        await page.keyboard.press('Tab')
      }
      throw new Error(`Tab never reached ${target}`)
    }

    const card = page.getByRole('article', { name: competition.title, exact: true })
    await tabTo(card.getByRole('button', { name: 'Enter Competition' }))
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: competition.title })
    const form = dialog.getByRole('form', { name: 'Entry Details' })
    await expect(form).toBeVisible()

    for (const [label, value] of [
      ['First name', person.firstName],
      ['Last name', person.lastName],
      ['Email', person.email],
      ['Phone', person.phone],
      ['Address', person.address],
    ] as const) {
      await tabTo(form.getByLabel(label, { exact: true }))
      await page.keyboard.type(value)
    }
    // A guest's date of birth (issue 24), typed into the date field's segments (month, day, year here).
    const dateOfBirth = form.getByLabel('Date of birth')
    await tabTo(dateOfBirth)
    const [year, month, day] = person.dateOfBirth.split('-')
    await page.keyboard.type(`${month}${day}${year}`)
    await expect(dateOfBirth).toHaveValue(person.dateOfBirth)
    // The question this entrant is given (the email decides it, issue 24): the first option
    // chosen with Space, then the arrow keys move within the group to the second and back.
    const first = form.getByRole('radio').first()
    const second = form.getByRole('radio').nth(1)
    await tabTo(first)
    await page.keyboard.press('Space')
    await expect(first).toBeChecked()
    await page.keyboard.press('ArrowDown')
    await expect(second).toBeChecked()
    await page.keyboard.press('ArrowUp')
    await expect(first).toBeChecked()
    await tabTo(form.getByLabel(/I agree to the terms and conditions/))
    await page.keyboard.press('Space')
    await tabTo(form.getByRole('button', { name: 'Proceed to Payment' }))
    await page.keyboard.press('Enter')

    // A new guest is asked the monthly limit question before the payment: answered by keyboard too.
    const question = dialog.getByRole('region', { name: 'Set a monthly spending limit?' })
    await expect(question).toBeVisible()
    await tabTo(question.getByRole('button', { name: 'No limit for now' }))
    await page.keyboard.press('Enter')
    const cardForm = dialog.getByRole('form', { name: 'Card details' })
    await expect(cardForm).toBeVisible()
    const expiry = `12${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`
    for (const [label, value] of [
      ['Card number', cards.succeeds],
      ['Expiry (MM/YY)', expiry],
      ['CVC', '123'],
    ] as const) {
      await tabTo(cardForm.getByLabel(label))
      await page.keyboard.type(value)
    }
    await tabTo(cardForm.getByRole('button', { name: /^Pay £/ }))
    await page.keyboard.press('Enter')

    await expect(successHeading(dialog)).toBeVisible({ timeout: 15_000 })
    await expect(successHeading(dialog)).toBeFocused()
    await expect(dialog.getByTestId('entry-reference')).toHaveText(referencePattern)
    await tabTo(dialog.getByRole('button', { name: 'Done' }))
    await page.keyboard.press('Enter')
    await expect(dialog).toBeHidden()
    expect(payments.charges()).toBe(1)
    expect(payments.stripe).toEqual([])
  })

  test("3-D Secure by redirect: back from the bank's page, the modal reopens on the kept payment and confirms it without authorising again", async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000)
    const payments = watchPayments(page)
    const competition = await openCompetition(request, 1)
    const dialog = await toPayment(page, competition, 'Ria')
    await payWithCard(dialog, cards.authenticates)
    // The card asks for authentication: where Stripe would now send the entrant to the bank.
    await expect(page.getByRole('dialog', { name: 'Authenticate this test payment' })).toBeVisible()
    expect(payments.authorisations).toEqual(['requires_action'])
    // Kept before Pay, so the return can pick the flow up.
    const kept = await page.evaluate(() => sessionStorage.getItem('prizes:pending-payment'))
    const { intent } = JSON.parse(kept ?? 'null') as { intent: { paymentIntentId: string } }
    expect(intent.paymentIntentId).toMatch(/^pi_offline_/)

    // The bank's page: the entrant leaves this one, and approves there.
    await page.goto('about:blank')
    const approved = await page.request.post(
      endpoints.confirmTestPayment.path.replace(':paymentIntentId', intent.paymentIntentId),
      {
        data: {
          cardNumber: cards.authenticates,
          expiry: `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`,
          cvc: '123',
          authentication: 'approved',
        },
      },
    )
    expect(((await okJson(approved, 'the bank')) as { status: string }).status).toBe('succeeded')

    // The return address as Stripe builds it from return_url.
    await page.goto(
      `/?payment_intent=${intent.paymentIntentId}&payment_intent_client_secret=${intent.paymentIntentId}_secret_x&redirect_status=succeeded`,
    )
    const resumed = page.getByRole('dialog', { name: competition.title })
    await expect(successHeading(resumed)).toBeVisible({ timeout: 15_000 })
    await expect(resumed.getByTestId('entry-reference')).toHaveText(referencePattern)
    await expect(page).toHaveURL(/\/$/)
    // The page authorised once, before it was left; back, it only confirmed.
    expect(payments.authorisations).toEqual(['requires_action'])
    expect(payments.confirmations).toEqual([200])
    await expect.poll(async () => (await entriesOf(page, competition.id)).length).toBe(1)

    // Done: nothing is kept, so the same address does not reopen it.
    await resumed.getByRole('button', { name: 'Done' }).click()
    await expect(resumed).toBeHidden()
    expect(await page.evaluate(() => sessionStorage.getItem('prizes:pending-payment'))).toBeNull()
    await page.goto(`/?payment_intent=${intent.paymentIntentId}&redirect_status=succeeded`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })

  test('consecutive purchases get consecutive entry references', async ({ page, request }) => {
    test.setTimeout(90_000)
    const competition = await openCompetition(request, 2)
    const references: number[] = []
    for (const name of ['Rex', 'Roy']) {
      await page.context().clearCookies()
      const dialog = await toPayment(page, competition, name)
      await payWithCard(dialog, cards.succeeds)
      await expect(successHeading(dialog)).toBeVisible()
      const reference = ((await dialog.getByTestId('entry-reference').textContent()) ?? '').trim()
      expect(reference).toMatch(referencePattern)
      references.push(Number(reference.slice(reference.lastIndexOf('-') + 1)))
      await dialog.getByRole('button', { name: 'Done' }).click()
    }
    expect(references[1]).toBe((references[0] ?? 0) + 1)
  })
})

test.describe('dialogs as a stack', () => {
  test('Escape in an admin sub-dialog closes that dialog only, not the dashboard', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000)
    const admin = await adminSession(request)
    const dashboard = await openAdminDashboard(page, admin.user)
    await dashboard.getByRole('button', { name: 'Create Competition' }).click()
    const create = page.getByRole('dialog', { name: 'Create Competition' })
    await expect(create).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(create).toBeHidden()
    await expect(dashboard).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dashboard).toBeHidden()
  })
})
