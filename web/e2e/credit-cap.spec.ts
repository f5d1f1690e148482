import { expect, type Locator, type Page, test } from '@playwright/test'
import { creditCardLimitMessage, endpoints } from '@prizes/contracts'
import { newUser } from './support/accounts'
import { adminToken, createCompetition } from './support/admin'
import { answerLimitQuestion, cards, payWithCard, successHeading, toCardForm } from './support/entries'

/**
 * Issue 14 item 4: credit card payments are capped at £250 a month per person. The offline
 * provider's 4242 4242 4242 4242 is a credit card, 4000 0566 5566 5556 a debit card.
 */

/** What confirm-payment answered, in order. */
function watchConfirmations(page: Page) {
  const statuses: number[] = []
  page.on('response', (response) => {
    if (response.request().method() !== 'POST') return
    if (new URL(response.url()).pathname === endpoints.confirmPayment.path) statuses.push(response.status())
  })
  return statuses
}

/** From the competition's page, one entry: the details (as given) and the terms, then the card form. */
async function toPayment(page: Page, id: string, title: string, person?: ReturnType<typeof newUser>) {
  await page.goto(`/competitions/${id}`)
  await page.getByRole('button', { name: 'Enter Competition' }).click()
  const dialog = page.getByRole('dialog', { name: title })
  await answerLimitQuestion(dialog)
  const form = dialog.getByRole('form', { name: 'Entry Details' })
  await form.getByRole('radio', { name: '4', exact: true }).check()
  if (person) {
    await form.getByLabel('First name').fill(person.firstName)
    await form.getByLabel('Last name').fill(person.lastName)
    await form.getByLabel('Email').fill(person.email)
    await form.getByLabel('Phone').fill(person.phone)
    await form.getByLabel('Address').fill(person.address)
    await form.getByLabel('Date of birth').fill(person.dateOfBirth)
  }
  await form.getByLabel(/I agree to the terms and conditions/).check()
  await form.getByRole('button', { name: 'Proceed to Payment' }).click()
  await toCardForm(dialog)
  return dialog
}

async function done(dialog: Locator) {
  await expect(successHeading(dialog)).toBeVisible({ timeout: 15_000 })
  await dialog.getByRole('button', { name: 'Done' }).click()
  await expect(dialog).toBeHidden()
}

test('a credit card payment past £250 in a month is refused without a charge; the debit card then pays', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const admin = await adminToken(request)
  const title = `Credit cap ${Date.now()}`
  // One entry is the whole monthly credit card limit.
  const id = await createCompetition(request, admin, title, { entryPrice: 250, totalTickets: 10 })
  const confirmations = watchConfirmations(page)

  // £250 by credit card as a new guest: within the limit.
  const first = await toPayment(page, id, title, newUser('Cara'))
  await payWithCard(first, cards.succeeds)
  await done(first)

  // Signed in now: one more entry by credit card would pass £250 this month.
  const dialog = await toPayment(page, id, title)
  await payWithCard(dialog, cards.succeeds)
  const refusal = dialog.getByTestId('payment-progress')
  await expect(refusal).toContainText(creditCardLimitMessage(0))
  await expect(refusal).toContainText(
    'Credit card payments are limited to £250 a month. You have £0.00 left on credit cards this month; please pay by debit card.',
  )
  await expect(refusal).toContainText('Your card was not charged.')
  await expect(dialog.getByRole('form', { name: 'Card details' })).toHaveCount(0)
  expect(confirmations).toEqual([200, 409])

  // Another card: a new payment, the refusal still in view above the card form.
  await refusal.getByRole('button', { name: 'Pay with another card' }).click()
  await toCardForm(dialog)
  await expect(dialog.getByText(creditCardLimitMessage(0))).toBeVisible()
  await payWithCard(dialog, cards.debit)
  await expect(successHeading(dialog)).toBeVisible({ timeout: 15_000 })
  expect(confirmations).toEqual([200, 409, 200])

  // Two paid entries; the refused one took nothing and holds no ticket.
  await page.goto(`/competitions/${id}`)
  await expect(page.getByTestId('tickets-sold')).toContainText('2 of 10 tickets sold')
})
