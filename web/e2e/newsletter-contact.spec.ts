import { expect, test } from '@playwright/test'
import { adminSession, openAdminTab } from './support/admin'
import { waitForLink } from './support/maildev'

test('a visitor subscribes from the home page, confirms from the email, and unsubscribes from the welcome email', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const email = `newsletter-${Date.now()}@example.com`
  const since = new Date()
  await page.goto('/')

  const section = page.getByRole('region', { name: 'Never miss a competition' })
  await section.scrollIntoViewIfNeeded()
  await section.getByLabel('Email address').fill(email)
  await section.getByRole('button', { name: 'Subscribe' }).click()
  await expect(section.getByRole('status')).toContainText('Thanks for subscribing to our newsletter!')

  const confirmLink = await waitForLink(request, { to: email, path: '/newsletter/confirm', since })
  await page.goto(confirmLink)
  await expect(page.getByRole('heading', { name: 'Subscription confirmed' })).toBeVisible()

  const unsubscribeLink = await waitForLink(request, { to: email, path: '/newsletter/unsubscribe', since })
  await page.goto(unsubscribeLink)
  await expect(page.getByRole('heading', { name: 'Unsubscribed' })).toBeVisible()

  // An unknown link says so.
  await page.goto('/newsletter/confirm?token=not-a-real-token')
  await expect(page.getByRole('heading', { name: 'Confirmation failed' })).toBeVisible()
  await expect(page.getByText('This link is not valid')).toBeVisible()
})

test('a visitor sends a contact message, gets its reference, and an admin sees it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const email = `contact-${Date.now()}@example.com`
  await page.goto('/#contact')
  const form = page.getByRole('form', { name: 'Contact form' })

  await form.getByRole('button', { name: 'Send message' }).click()
  await expect(form.getByText('Please enter your name')).toBeVisible()

  await form.getByLabel('Your name').fill('Casey Contact')
  await form.getByLabel('Email address').fill(email)
  await form.getByLabel('Topic').selectOption('payment')
  await form.getByLabel('Subject').fill('A question about my payment')
  await form.getByLabel('Message').fill('I paid for three entries but only see two in my dashboard.')
  await form.getByRole('button', { name: 'Send message' }).click()
  const sent = form.getByRole('status')
  await expect(sent).toContainText('Your reference is CT-')
  const reference = /CT-[2-9A-HJKMNP-Z]{6}/.exec((await sent.textContent()) ?? '')?.[0]
  expect(reference).toBeTruthy()

  const { user: admin } = await adminSession(request)
  const { panel } = await openAdminTab(page, admin, 'Messages')
  await panel.getByLabel('Search by reference or email address').fill(email)
  const row = panel
    .getByRole('table', { name: 'Contact messages' })
    .getByRole('row')
    .filter({ hasText: String(reference) })
  await expect(row).toContainText('Casey Contact')
  await row.getByRole('button', { name: `View message ${reference}` }).click()
  const details = page.getByRole('dialog', { name: `Message ${reference}` })
  await expect(details.getByText('only see two in my dashboard')).toBeVisible()
})
