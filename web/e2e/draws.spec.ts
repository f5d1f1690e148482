import AxeBuilder from '@axe-core/playwright'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { adminCompetitionResponse, endpoints, sessionResponse } from '@prizes/contracts'
import { newUser } from './support/accounts'
import { e2eAdmin } from './support/admin'
import { cards } from './support/entries'

const day = 86_400_000

async function json(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<unknown> {
  expect(response.ok(), `${what} answered ${response.status()}: ${await response.text()}`).toBe(true)
  return response.json()
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }))
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })

async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/login', { data: e2eAdmin })
  return sessionResponse.parse(await json(response, 'admin login')).token
}

/** A new active competition, open now, made through the admin endpoint. */
async function createCompetition(request: APIRequestContext, admin: string, title: string): Promise<string> {
  const now = Date.now()
  const response = await request.post('/api/admin/competitions', {
    headers: bearer(admin),
    data: {
      title,
      description: 'A competition drawn by the browser tests.',
      prize: `${title} prize`,
      prize_value: 500,
      entry_price: 2.5,
      total_tickets: 100,
      start_date: new Date(now - day).toISOString(),
      end_date: new Date(now + 30 * day).toISOString(),
      status: 'active',
      featured: false,
      skill_question: { question: 'What is 2 + 2?', options: ['3', '4', '5', '6'], correct: '4' },
    },
  })
  const competition = adminCompetitionResponse.parse(await json(response, 'create competition')).competition
  if (!competition) throw new Error('create competition answered without the competition')
  return competition.id
}

/** A guest enters with the right answer and pays with the offline provider's succeeding card. */
async function enterAsGuest(request: APIRequestContext, competitionId: string, title: string) {
  const person = newUser('Dora')
  const guest = await request.post('/api/auth/create-guest-account', {
    data: {
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      phone: person.phone,
      address: person.address,
      tempPassword: person.password,
      source: 'competition_entry',
    },
  })
  const token = sessionResponse.parse(await json(guest, 'create guest')).token
  const submission = {
    competitionId,
    competitionTitle: title,
    entryPrice: 2.5,
    numberOfEntries: 2,
    skillQuestionAnswer: '4',
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    phone: person.phone,
    address: person.address,
    agreedToTerms: true,
    subscribedToNewsletter: false,
  }
  const intent = await request.post('/api/entries/create-payment-intent', {
    headers: bearer(token),
    data: submission,
  })
  const { paymentIntentId } = endpoints.createPaymentIntent.response.parse(
    await json(intent, 'create payment intent'),
  )
  const paid = await request.post(`/api/test-payments/${paymentIntentId}/confirm`, {
    headers: bearer(token),
    data: { cardNumber: cards.succeeds, expiry: '12/34', cvc: '123' },
  })
  expect(await json(paid, 'test payment')).toMatchObject({ status: 'succeeded' })
  const confirmed = await request.post('/api/entries/confirm-payment', {
    headers: bearer(token),
    data: { paymentIntentId },
  })
  await json(confirmed, 'confirm payment')
}

test('a completed draw is verified in the browser and its winner listed', async ({ page, request }) => {
  const admin = await adminToken(request)
  const title = `Certificate check ${Date.now()}`
  const id = await createCompetition(request, admin, title)
  await enterAsGuest(request, id, title)

  const status = (body: Record<string, unknown>) =>
    request.put(`/api/admin/competitions/${id}/status`, { headers: bearer(admin), data: body })
  await json(await status({ status: 'closed', reason: 'Drawn by the browser tests' }), 'close')
  await json(await status({ status: 'drawing' }), 'start draw')

  // Without DRAND_URL the platform cannot fetch the sealed round's value, so it names the round
  // it needs; the test then gives a value for exactly that round, as an admin would.
  const asked = await status({ status: 'completed' })
  expect(asked.status()).toBe(409)
  const round = Number(/drand round (\d+)/.exec(await asked.text())?.[1])
  expect(round).toBeGreaterThan(0)
  await json(
    await status({
      status: 'completed',
      publicRandomness: { source: 'drand', round, value: 'ab'.repeat(32) },
    }),
    'complete draw',
  )

  await page.goto(`/draws/${id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Draw certificate' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: /PASS|FAIL/ })).toContainText('PASS')
  await expect(page.getByText(`drand, round ${round}`)).toBeVisible()
  await expect(page.getByText('ab'.repeat(32))).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  await page.goto('/#winners')
  const winners = page.getByRole('list', { name: 'Recent winners' })
  await expect(winners.getByText(title, { exact: true })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await winners.getByRole('link', { name: `Verify the draw for ${title}` }).click()
  await expect(page).toHaveURL(new RegExp(`/draws/${id}$`))
  await expect(page.getByRole('status').filter({ hasText: /PASS|FAIL/ })).toContainText('PASS')

  await page.goto('/draws/no-such-competition')
  await expect(page.getByRole('status').filter({ hasText: 'No completed draw' })).toHaveText(
    'No completed draw for this competition',
  )
})
