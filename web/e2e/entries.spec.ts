import { expect, test } from '@playwright/test'
import { entryMessages } from '@prizes/contracts'
import { accountMenu, logIn, newUser } from './support/accounts'
import { seriousViolations } from './support/axe'
import {
  answerGivenQuestion,
  cards,
  fillDetails,
  openCompetition,
  openEntryModal,
  payWithCard,
  referencePattern,
  registerVerifiedUser,
  soldTickets,
  successHeading,
  toCardForm,
} from './support/entries'
import { waitForMail } from './support/maildev'

const pounds = (n: number) => `£${n.toFixed(2)}`

test.describe('entering a competition', () => {
  test('a guest enters with 4242, sees the reference and confetti, gets the email and finds the entry in the dashboard', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000)
    const competition = await openCompetition(request, 2)
    const person = newUser('Ada')
    const started = new Date()

    const dialog = await openEntryModal(page, competition)
    const form = await fillDetails(dialog, person)
    const proceed = form.getByRole('button', { name: 'Proceed to Payment' })
    await expect(proceed).toBeDisabled()
    await form.getByLabel('Number of entries').press('ArrowRight')
    await expect(form.getByTestId('entry-total')).toContainText(pounds(competition.entry_price * 2))
    await form.getByLabel(/I agree to the terms and conditions/).check()
    await expect(proceed).toBeEnabled()
    await proceed.click()

    await toCardForm(dialog)
    await expect(dialog.getByTestId('order-total')).toHaveText(pounds(competition.entry_price * 2))
    await payWithCard(dialog, cards.succeeds)

    // One success view: step 3 of the entry modal, with the confetti, and no dialog stacked on it.
    await expect(successHeading(dialog)).toBeVisible()
    await expect(page.getByTestId('confetti')).toBeAttached()
    await expect(page.getByRole('dialog')).toHaveCount(1)
    await expect(dialog).toContainText(competition.title)
    await expect(dialog.getByTestId('entry-count')).toHaveText('2')
    await expect(dialog).toContainText('Your answer has been recorded.')
    await expect(dialog).not.toContainText('Good luck')

    const reference = ((await dialog.getByTestId('entry-reference').textContent()) ?? '').trim()
    expect(reference).toMatch(referencePattern)
    await expect(dialog.getByText('Paid', { exact: true })).toBeVisible()
    const tickets = (
      await dialog.getByRole('list', { name: 'Ticket numbers' }).getByRole('listitem').allTextContents()
    ).map((t) => t.replace('#', '').trim())
    expect(tickets).toHaveLength(2)

    const mail = await waitForMail(request, { to: person.email, text: reference, since: started })
    expect(mail.text).toContain(`Entry reference: ${reference}`)
    expect(mail.text).toContain(`Your ticket numbers: ${tickets.join(', ')}`)

    await dialog.getByRole('button', { name: 'Done' }).click()
    await accountMenu(page, person.firstName).click()
    await page.getByRole('menuitem', { name: 'Dashboard' }).click()
    const dashboard = page.getByRole('dialog', { name: 'My Dashboard' })
    const row = dashboard
      .getByRole('list', { name: 'My entries' })
      .getByRole('listitem')
      .filter({ hasText: reference })
    await expect(row).toContainText(competition.title)
    await expect(row).toContainText('Active')
    await expect(dashboard.getByTestId('stat-total-entries')).toHaveText('2')
  })

  test('a declined card shows the decline and takes no ticket; a good card then goes through', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000)
    const competition = await openCompetition(request, 1)
    const before = await soldTickets(request, competition.id)

    const dialog = await openEntryModal(page, competition)
    const form = await fillDetails(dialog, newUser('Bob'))
    await form.getByLabel(/I agree to the terms and conditions/).check()
    await form.getByRole('button', { name: 'Proceed to Payment' }).click()
    await payWithCard(dialog, cards.declined)

    await expect(dialog.getByRole('alert')).toContainText(entryMessages.paymentDeclined)
    await toCardForm(dialog)
    expect(await soldTickets(request, competition.id)).toBe(before)

    const cardForm = dialog.getByRole('form', { name: 'Card details' })
    await cardForm.getByLabel('Card number').fill(cards.succeeds)
    await cardForm.getByRole('button', { name: /^Pay £/ }).click()
    await expect(successHeading(dialog)).toBeVisible()
    await expect.poll(() => soldTickets(request, competition.id)).toBe(before + 1)
  })

  test('a signed-in user enters without retyping their details', async ({ page, request }) => {
    test.setTimeout(90_000)
    const user = await registerVerifiedUser(page, request)
    await logIn(page, user.email, user.password)
    await expect(accountMenu(page, user.firstName)).toBeVisible()

    const competition = await openCompetition(request, 1)
    const dialog = await openEntryModal(page, competition)
    const form = dialog.getByRole('form', { name: 'Entry Details' })
    await expect(form.getByLabel('First name')).toHaveValue(user.firstName)
    await expect(form.getByLabel('Last name')).toHaveValue(user.lastName)
    await expect(form.getByLabel('Email')).toHaveValue(user.email)
    await expect(form.getByLabel('Email')).not.toBeEditable()
    await expect(form.getByLabel('Phone')).toHaveValue(user.phone)
    await expect(form.getByLabel('Address')).toHaveValue(user.address)

    await answerGivenQuestion(form)
    await form.getByLabel(/I agree to the terms and conditions/).check()
    await form.getByRole('button', { name: 'Proceed to Payment' }).click()
    await expect(page.getByRole('dialog', { name: 'Account Found' })).toHaveCount(0)
    await payWithCard(dialog, cards.succeeds)
    await expect(successHeading(dialog)).toBeVisible()
  })

  test('an email with an account asks for its password (with Forgot Password at hand), then continues', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000)
    const user = await registerVerifiedUser(page, request)
    await page.context().clearCookies()

    const competition = await openCompetition(request, 1)
    const dialog = await openEntryModal(page, competition)
    const form = await fillDetails(dialog, user)
    await form.getByLabel(/I agree to the terms and conditions/).check()
    await form.getByRole('button', { name: 'Proceed to Payment' }).click()

    const prompt = page.getByRole('dialog', { name: 'Account Found' })
    await expect(prompt).toContainText(user.email)
    await prompt.getByRole('button', { name: 'Forgot Password?' }).click()
    const reset = page.getByRole('dialog', { name: 'Reset Password' })
    await expect(reset.getByLabel('Email')).toHaveValue(user.email)
    await reset.getByRole('button', { name: 'Back to Login' }).click()
    await expect(reset).toBeHidden()
    await prompt.getByLabel('Password', { exact: true }).fill('Not-the-password1')
    await prompt.getByRole('button', { name: 'Log In and Continue' }).click()
    await expect(prompt.getByRole('alert')).toBeVisible()
    await prompt.getByLabel('Password', { exact: true }).fill(user.password)
    await prompt.getByRole('button', { name: 'Log In and Continue' }).click()

    await toCardForm(dialog)
    await expect(accountMenu(page, user.firstName)).toBeVisible()
  })

  test('a session that ends mid-entry is ended here too, and the entry continues after logging in', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000)
    const user = await registerVerifiedUser(page, request)
    await logIn(page, user.email, user.password)
    await expect(accountMenu(page, user.firstName)).toBeVisible()

    const competition = await openCompetition(request, 1)
    const dialog = await openEntryModal(page, competition)
    const form = dialog.getByRole('form', { name: 'Entry Details' })
    await answerGivenQuestion(form)
    await form.getByLabel(/I agree to the terms and conditions/).check()
    // The token goes, as when the session is ended on another device.
    await page.context().clearCookies()
    await form.getByRole('button', { name: 'Proceed to Payment' }).click()

    await expect(form.getByRole('alert')).toBeVisible()
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true })).toBeVisible()
    await expect(form.getByLabel('Email')).toBeEditable()
    // Signed out now, the form asks what a guest gives (issue 24) until the email finds the account.
    await form.getByLabel('Date of birth').fill(user.dateOfBirth)
    await form.getByRole('button', { name: 'Proceed to Payment' }).click()
    const prompt = page.getByRole('dialog', { name: 'Account Found' })
    await prompt.getByLabel('Password', { exact: true }).fill(user.password)
    await prompt.getByRole('button', { name: 'Log In and Continue' }).click()
    await toCardForm(dialog)
  })

  test('the authentication card asks to authenticate; Fail declines, and the next Pay asks again, then succeeds', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000)
    const competition = await openCompetition(request, 1)
    const dialog = await openEntryModal(page, competition)
    const form = await fillDetails(dialog, newUser('Cleo'))
    await form.getByLabel(/I agree to the terms and conditions/).check()
    await form.getByRole('button', { name: 'Proceed to Payment' }).click()
    await payWithCard(dialog, cards.authenticates)

    const authenticate = page.getByRole('dialog', { name: 'Authenticate this test payment' })
    await expect(authenticate).toBeVisible()
    // Failing declines the payment; paying again asks to authenticate again, it is not approved.
    await authenticate.getByRole('button', { name: 'Fail' }).click()
    await expect(dialog.getByRole('alert')).toContainText('We are unable to authenticate your payment method')
    await expect(authenticate).toBeHidden()
    await dialog
      .getByRole('form', { name: 'Card details' })
      .getByRole('button', { name: /^Pay £/ })
      .click()
    await expect(authenticate).toBeVisible()
    await authenticate.getByRole('button', { name: 'Complete' }).click()
    await expect(successHeading(dialog)).toBeVisible()
    await expect(dialog.getByTestId('entry-reference')).toHaveText(referencePattern)
  })

  test('the open entry modal has no serious or critical axe violations, on either step', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000)
    await page.emulateMedia({ reducedMotion: 'reduce' })
    const competition = await openCompetition(request, 1)
    const dialog = await openEntryModal(page, competition)
    expect(await seriousViolations(page)).toEqual([])

    const form = await fillDetails(dialog, newUser('Dee'))
    await form.getByLabel(/I agree to the terms and conditions/).check()
    await form.getByRole('button', { name: 'Proceed to Payment' }).click()
    await toCardForm(dialog)
    expect(await seriousViolations(page)).toEqual([])
  })
})
