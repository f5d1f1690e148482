import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test'
import { endpoints, entryMessages, type PublicCompetition, sessionResponse } from '@prizes/contracts'
import { type NewUser, newUser } from './accounts'
import { bearer, okJson } from './admin'
import { isActive, listCompetitions } from './api'
import { waitForLink } from './maildev'

/** Stripe's test cards, which the offline provider follows. */
export const cards = {
  /** A credit card: capped at £250 a month per person. */
  succeeds: '4242 4242 4242 4242',
  /** A debit card: not capped. */
  debit: '4000 0566 5566 5556',
  declined: '4000 0000 0000 0002',
  authenticates: '4000 0025 0000 3155',
  /** The offline provider's own: processing for two status checks, then succeeded. */
  processing: '4000 0000 0000 7700',
  /** The offline provider's own: succeeds, then the provider fails to answer the next two status checks. */
  confirmFailsOnce: '4000 0000 0000 8807',
} as const

/** An active, open competition with at least `tickets` left, read from the running platform. */
export async function openCompetition(request: APIRequestContext, tickets = 2): Promise<PublicCompetition> {
  const now = Date.now()
  const found = (await listCompetitions(request)).find(
    (c) =>
      isActive(c) &&
      Date.parse(c.start_date) <= now &&
      Date.parse(c.end_date) > now + 60_000 &&
      (c.total_tickets <= 0 || c.total_tickets - c.sold_tickets >= tickets),
  )
  if (!found) throw new Error(`no open competition with ${tickets} tickets left`)
  return found
}

/** Sold tickets of one competition, as the API reports them now. */
export async function soldTickets(request: APIRequestContext, id: string): Promise<number> {
  const competition = (await listCompetitions(request)).find((c) => c.id === id)
  if (!competition) throw new Error(`competition ${id} is not listed`)
  return competition.sold_tickets
}

/**
 * Waits for the entry modal's details form. A signed-in user who never answered the monthly
 * limit question (issue 14) is asked it first, in its place: answered "No limit for now".
 */
export async function answerLimitQuestion(dialog: Locator): Promise<void> {
  const form = dialog.getByRole('form', { name: 'Entry Details' })
  const question = dialog.getByRole('region', { name: 'Set a monthly spending limit?' })
  await expect(form.or(question)).toBeVisible()
  if (await question.isVisible()) {
    await question.getByRole('button', { name: 'No limit for now' }).click()
  }
  await expect(form).toBeVisible()
}

/**
 * After Proceed to Payment: waits for the card form. An account made or logged into inside the
 * flow that never answered the monthly limit question (issue 14) is asked it first, in the
 * details' place: answered "No limit for now".
 */
export async function toCardForm(dialog: Locator): Promise<Locator> {
  const card = dialog.getByRole('form', { name: 'Card details' })
  const question = dialog.getByRole('region', { name: 'Set a monthly spending limit?' })
  await expect(card.or(question)).toBeVisible()
  if (await question.isVisible()) {
    await question.getByRole('button', { name: 'No limit for now' }).click()
  }
  await expect(card).toBeVisible()
  return card
}

/** Opens the entry modal from the competition's card on the home page. */
export async function openEntryModal(page: Page, competition: PublicCompetition): Promise<Locator> {
  await page.goto('/')
  const card = page.getByRole('article', { name: competition.title, exact: true })
  await card.getByRole('button', { name: 'Enter Competition' }).click()
  const dialog = page.getByRole('dialog', { name: competition.title })
  await answerLimitQuestion(dialog)
  return dialog
}

/** Step 1: answers the question and types the details a signed-out entrant gives. */
export async function fillDetails(dialog: Locator, person: NewUser) {
  const form = dialog.getByRole('form', { name: 'Entry Details' })
  await form.getByLabel('First name').fill(person.firstName)
  await form.getByLabel('Last name').fill(person.lastName)
  // The email first: with several questions, it decides which one the entrant is given.
  await form.getByLabel('Email').fill(person.email)
  await form.getByLabel('Phone').fill(person.phone)
  await form.getByLabel('Address').fill(person.address)
  // Asked only of someone entering signed out (issue 24); a signed-in account holds its own.
  const dateOfBirth = form.getByLabel('Date of birth')
  if ((await dateOfBirth.count()) > 0) await dateOfBirth.fill(person.dateOfBirth)
  await answerGivenQuestion(form)
  return form
}

/**
 * Answers the question this entrant is given with its first option, and returns that answer: a
 * competition's pool gives each inbox one of its questions (issue 24), not always the first.
 */
export async function answerGivenQuestion(form: Locator): Promise<string> {
  const radio = form.getByRole('radio').first()
  await radio.check()
  return (await radio.getAttribute('value')) ?? ''
}

/** Step 2 (after the limit question, if asked): types a test card into the TEST MODE form and pays. */
export async function payWithCard(dialog: Locator, cardNumber: string) {
  const form = await toCardForm(dialog)
  await expect(form.getByText('TEST MODE')).toBeVisible()
  const pay = form.getByRole('button', { name: /^Pay £/ })
  await expect(pay).toBeDisabled()
  await form.getByLabel('Card number').fill(cardNumber)
  await form
    .getByLabel('Expiry (MM/YY)')
    .fill(`12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`)
  await form.getByLabel('CVC').fill('123')
  await expect(pay).toBeEnabled()
  await pay.click()
}

/** Step 3, the one success view after paying. */
export const successHeading = (dialog: Locator) =>
  dialog.getByRole('heading', { name: entryMessages.entryReceived })

export const referencePattern = /^[A-Z0-9]{2,10}-\d{4}-\d{6}$/

/** A registered, verified account (through the API and the emailed link), signed out, with the Login tab open. */
export async function registerVerifiedUser(page: Page, request: APIRequestContext): Promise<NewUser> {
  const user = newUser('Grace')
  const since = new Date()
  const response = await request.post('/api/auth/register', { data: { ...user, marketingEmails: false } })
  expect(response.ok(), `register answered ${response.status()}`).toBe(true)
  const link = await waitForLink(request, { to: user.email, path: '/verify-email', since })
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Email verified!' })).toBeVisible()
  await page.getByRole('button', { name: 'Go to Login' }).click()
  return user
}

export interface GuestEntry {
  readonly person: NewUser
  readonly entryReference: string | null
  readonly ticketNumbers: readonly number[]
  /** The guest's session, for what they do next through the API. */
  readonly token: string
}

/**
 * A new guest enters through the API, as the entry modal does: a guest account, a payment
 * intent, the offline provider's succeeding card, then the confirmation.
 */
export async function enterAsGuest(
  request: APIRequestContext,
  competition: { readonly id: string; readonly title: string; readonly entryPrice: number },
  {
    answer,
    numberOfEntries = 1,
    firstName = 'Dora',
  }: { answer: string; numberOfEntries?: number; firstName?: string },
): Promise<GuestEntry> {
  const person = newUser(firstName)
  const guest = await request.post('/api/auth/create-guest-account', {
    data: {
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      phone: person.phone,
      address: person.address,
      dateOfBirth: '1990-01-01',
      tempPassword: person.password,
      source: 'competition_entry',
    },
  })
  const token = sessionResponse.parse(await okJson(guest, 'create guest')).token
  const intent = await request.post('/api/entries/create-payment-intent', {
    headers: bearer(token),
    data: {
      competitionId: competition.id,
      competitionTitle: competition.title,
      entryPrice: competition.entryPrice,
      numberOfEntries,
      skillQuestionAnswer: answer,
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      phone: person.phone,
      address: person.address,
      agreedToTerms: true,
      subscribedToNewsletter: false,
    },
  })
  const { paymentIntentId } = endpoints.createPaymentIntent.response.parse(
    await okJson(intent, 'create payment intent'),
  )
  const paid = await request.post(`/api/test-payments/${paymentIntentId}/confirm`, {
    headers: bearer(token),
    data: { cardNumber: cards.succeeds, expiry: '12/34', cvc: '123' },
  })
  expect(await okJson(paid, 'test payment')).toMatchObject({ status: 'succeeded' })
  const confirmed = await request.post('/api/entries/confirm-payment', {
    headers: bearer(token),
    data: { paymentIntentId },
  })
  const { entry } = endpoints.confirmPayment.response.parse(await okJson(confirmed, 'confirm payment'))
  return { person, entryReference: entry.entryReference, ticketNumbers: entry.ticketNumbers, token }
}
