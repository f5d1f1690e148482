import { type APIRequestContext, type APIResponse, expect, type Locator, type Page } from '@playwright/test'
import {
  type AdminCompetition,
  adminCompetitionResponse,
  adminCompetitionsResponse,
  authMessages,
  type SessionUser,
  sessionResponse,
} from '@prizes/contracts'
import { accountMenu, expectSnackbar, logIn, openAuthModal } from './accounts'

/** The bootstrap admin of the test platform (the config passes it as ADMIN_EMAIL/ADMIN_PASSWORD). */
export const e2eAdmin = { email: 'admin-e2e@example.com', password: 'DrawAdmin2026' } as const

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })

/** The body of a call that must succeed; a refusal fails the test with the server's answer. */
export async function okJson(response: APIResponse, what: string): Promise<unknown> {
  expect(response.ok(), `${what} answered ${response.status()}: ${await response.text()}`).toBe(true)
  return response.json()
}

/** Logs in through the API: the admin's token and session user (the name the header shows). */
export async function adminSession(
  request: APIRequestContext,
): Promise<{ token: string; user: SessionUser }> {
  const response = await request.post('/api/auth/login', { data: e2eAdmin })
  const { token, user } = sessionResponse.parse(await okJson(response, 'admin login'))
  return { token, user }
}

/**
 * The admin list's competition with this title, or undefined: the list pages at 10, so it is
 * searched for by its title (the browser tests give each competition a title of its own).
 */
export async function adminCompetitionTitled(
  request: APIRequestContext,
  token: string,
  title: string,
): Promise<AdminCompetition | undefined> {
  const response = await request.get('/api/admin/competitions', {
    headers: bearer(token),
    params: { search: title },
  })
  return adminCompetitionsResponse
    .parse(await okJson(response, 'admin competitions'))
    .competitions.find((c) => c.title === title)
}

export async function adminToken(request: APIRequestContext): Promise<string> {
  return (await adminSession(request)).token
}

/** Logs in through the modal as the platform's admin and opens the Admin Dashboard from the user menu. */
async function signInToDashboard(page: Page, admin: Pick<SessionUser, 'firstName'>): Promise<Locator> {
  await page.goto('/')
  await openAuthModal(page, 'Sign In')
  await logIn(page, e2eAdmin.email, e2eAdmin.password)
  await expectSnackbar(page, authMessages.loggedIn)
  await accountMenu(page, admin.firstName).click()
  await page.getByRole('menuitem', { name: 'Admin Dashboard' }).click()
  return page.getByRole('dialog', { name: 'Admin Dashboard' })
}

/** The Admin Dashboard, signed in through the modal, once its first tab shows the competitions. */
export async function openAdminDashboard(
  page: Page,
  admin: Pick<SessionUser, 'firstName'>,
): Promise<Locator> {
  const dashboard = await signInToDashboard(page, admin)
  await expect(dashboard.getByRole('table', { name: 'Competitions' })).toBeVisible()
  return dashboard
}

/** Signs in through the modal as the admin and opens one of the dashboard's tabs: the dashboard and the tab's panel. */
export async function openAdminTab(
  page: Page,
  admin: Pick<SessionUser, 'firstName'>,
  tab: string,
): Promise<{ dashboard: Locator; panel: Locator }> {
  const dashboard = await signInToDashboard(page, admin)
  await dashboard.getByRole('tab', { name: tab }).click()
  return { dashboard, panel: dashboard.getByRole('tabpanel', { name: tab }) }
}

const day = 86_400_000

/** What the browser tests' competitions ask: 2 + 2, answered by the option '4'. */
export const skillQuestion = {
  question: 'What is 2 + 2?',
  options: ['3', '4', '5', '6'],
  correct: '4',
} as const

/** A new active competition, open since yesterday, made through the admin endpoint; its id. */
export async function createCompetition(
  request: APIRequestContext,
  admin: string,
  title: string,
  {
    entryPrice = 2.5,
    totalTickets = 100,
    description = 'A competition run by the browser tests.',
    endsInMs = 30 * day,
    maxEntriesPerPerson,
    extraSkillQuestions,
  }: {
    entryPrice?: number
    totalTickets?: number
    description?: string
    endsInMs?: number
    maxEntriesPerPerson?: number
    /** Issue 24: the rest of the pool after `skillQuestion`. */
    extraSkillQuestions?: ReadonlyArray<{ question: string; options: readonly string[]; correct: string }>
  } = {},
): Promise<string> {
  const now = Date.now()
  const response = await request.post('/api/admin/competitions', {
    headers: bearer(admin),
    data: {
      title,
      description,
      prize: `${title} prize`,
      prize_value: 500,
      entry_price: entryPrice,
      total_tickets: totalTickets,
      start_date: new Date(now - day).toISOString(),
      end_date: new Date(now + endsInMs).toISOString(),
      status: 'active',
      featured: false,
      skill_question: skillQuestion,
      ...(maxEntriesPerPerson === undefined ? {} : { max_entries_per_person: maxEntriesPerPerson }),
      ...(extraSkillQuestions === undefined ? {} : { extra_skill_questions: extraSkillQuestions }),
    },
  })
  const competition = adminCompetitionResponse.parse(await okJson(response, 'create competition')).competition
  if (!competition) throw new Error('create competition answered without the competition')
  return competition.id
}
