import { expect, test } from '@playwright/test'
import { entryMessages } from '@prizes/contracts'
import { newUser } from './support/accounts'
import { adminSession, createCompetition, openAdminDashboard, skillQuestion } from './support/admin'
import { listCompetitions } from './support/api'
import { cards, openEntryModal, payWithCard, successHeading, toCardForm } from './support/entries'
import { waitForMail } from './support/maildev'

/**
 * Issue 24, a skill test that deters: each entrant is given one question of the pool by the
 * server, the rule stands next to Pay, and after paying the entry is "received", never
 * "confirmed"; the admin form warns when an answer can be read in the competition's own words.
 */

const pool = [
  skillQuestion,
  { question: 'What is 6 × 7?', options: ['40', '42', '44', '46'], correct: '42' },
  {
    question: 'Which is the capital of Canada?',
    options: ['Toronto', 'Ottawa', 'Vancouver', 'Montreal'],
    correct: 'Ottawa',
  },
]

test('an entrant answers the question the server gives them, sees the rule next to Pay, and is told "Entry received"', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const admin = await adminSession(request)
  const title = `A pool of questions ${Date.now()}`
  const id = await createCompetition(request, admin.token, title, { extraSkillQuestions: pool.slice(1) })
  const competition = (await listCompetitions(request)).find((c) => c.id === id)
  if (!competition) throw new Error(`${title} is not listed`)
  const person = newUser('Quinn')
  const started = new Date()

  // The page lists the whole pool, without answers, for the free route by post.
  await page.goto(`/competitions/${id}`)
  const listed = page.getByRole('list', { name: 'Skill questions' }).getByRole('listitem')
  await expect(listed).toHaveCount(pool.length)
  for (const [index, q] of pool.entries()) await expect(listed.nth(index)).toContainText(q.question)

  const dialog = await openEntryModal(page, competition)
  const form = dialog.getByRole('form', { name: 'Entry Details' })
  // Signed out, the question depends on who enters: it waits for the email.
  await expect(form.getByText(entryMessages.emailForQuestion)).toBeVisible()
  await form.getByLabel('First name').fill(person.firstName)
  await form.getByLabel('Last name').fill(person.lastName)
  await form.getByLabel('Email').fill(person.email)
  await form.getByLabel('Phone').fill(person.phone)
  await form.getByLabel('Address').fill(person.address)
  // Signed out: a date of birth too (issue 24, 18 or over).
  await form.getByLabel('Date of birth').fill(person.dateOfBirth)
  const legend = form.locator('legend', { hasText: 'Skill question' })
  await expect(legend).toBeVisible()
  const shown = (await legend.textContent()) ?? ''
  const question = pool.find((q) => shown.includes(q.question))
  expect(question, `"${shown}" is one of the pool`).toBeDefined()
  // The same entrant asking again (the same email, re-typed) is given the same question.
  await form.getByLabel('Email').fill(`${person.email} `)
  await form.getByLabel('Email').fill(person.email)
  await expect(legend).toContainText(question?.question ?? '')
  await form.getByRole('radio', { name: question?.correct ?? '', exact: true }).check()
  await form.getByLabel(/I agree to the terms and conditions/).check()
  await form.getByRole('button', { name: 'Proceed to Payment' }).click()

  const card = await toCardForm(dialog)
  // The rule stands right above Pay.
  await expect(card.getByTestId('pay-rule')).toHaveText(entryMessages.answerRuleAtPay)
  await expect(card.getByTestId('pay-rule').locator('xpath=following-sibling::div[1]')).toContainText(
    'Pay £2.50',
  )
  await payWithCard(dialog, cards.succeeds)
  await expect(successHeading(dialog)).toHaveText(entryMessages.entryReceived)
  await expect(dialog).not.toContainText(/confirmed/i)
  const reference = ((await dialog.getByTestId('entry-reference').textContent()) ?? '').trim()
  const mail = await waitForMail(request, { to: person.email, text: reference, since: started })
  expect(mail.subject).toContain('Entry received')
  expect(mail.text).toContain(entryMessages.entryReceived)
  expect(`${mail.subject}\n${mail.text}`).not.toMatch(/confirmed/i)
})

test('the admin form warns, without blocking, when an answer appears in the title, prize or description', async ({
  page,
  request,
}) => {
  const admin = await adminSession(request)
  const dashboard = await openAdminDashboard(page, admin.user)
  await dashboard.getByRole('button', { name: 'Create Competition' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create Competition' })
  const form = dialog.getByRole('form', { name: 'Competition details' })
  await form.getByLabel('Title').fill('Win a Tesla Model 3')
  await form.getByLabel('Description').fill('An electric car, delivered anywhere in the UK.')
  await form.getByLabel('Prize', { exact: true }).fill('Tesla Model 3')
  await form.getByLabel('Prize value (£)').fill('40000')
  await form.getByLabel('Question', { exact: true }).fill('Which company makes the Model 3?')
  for (const [index, option] of ['Tesla', 'Ford', 'BMW', 'Kia'].entries()) {
    await form.getByLabel(`Option ${index + 1}`, { exact: true }).fill(option)
  }
  const warning = form.getByTestId('answer-giveaway')
  await expect(warning).toBeHidden()
  await form.getByLabel('Correct answer', { exact: true }).selectOption({ label: 'Tesla' })
  await expect(warning).toHaveText(/The answer to question 1 \(“Tesla”\) appears in the title and prize\./)

  await form.getByRole('button', { name: 'Add another question' }).click()
  await form.getByLabel('Question 2', { exact: true }).fill('What is 6 × 7?')
  for (const [index, option] of ['40', '42', '44', '46'].entries()) {
    await form.getByLabel(`Question 2, option ${index + 1}`, { exact: true }).fill(option)
  }
  await form.getByLabel('Question 2, correct answer', { exact: true }).selectOption({ label: '42' })
  await expect(warning).not.toContainText('question 2')
  // A warning, not a refusal: the admin may still save.
  await expect(form.getByRole('button', { name: 'Create Competition' })).toBeEnabled()
  // Choosing an answer the competition does not give away clears it.
  await form.getByLabel('Correct answer', { exact: true }).selectOption({ label: 'Kia' })
  await expect(warning).toBeHidden()
})
