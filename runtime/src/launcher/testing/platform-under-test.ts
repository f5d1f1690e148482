import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createTestDatabase } from '@prizes/event-store/testing'
import { createLogger, freePort, loadConfig } from '@prizes/platform'
import { generateAdminPassword } from '../admin'
import { developmentPostalAddress, startPlatform } from '../platform'

/** An answer: its status and its JSON body. */
export interface Answer {
  readonly status: number
  readonly body: Record<string, unknown>
}

export interface PlatformUnderTest {
  /** The gateway, in front of the command and query services. */
  readonly url: string
  /** The test database, for checks and states no endpoint answers or makes (a failed email, the provider's refunds, the log). */
  readonly databaseUrl: string
  readonly tokens: { readonly admin: string; readonly user: string }
  /** The admin's sign-in, for a second session of the same account. */
  readonly adminLogin: { readonly email: string; readonly password: string }
  /** The admin's password, for what asks for it again (a backup). */
  readonly adminPassword: string
  /** An active competition the user has a reservation in, with its payment intent. */
  readonly competitionId: string
  readonly paymentIntentId: string
  /** Another active competition, for admin commands to change. */
  readonly adminCompetitionId: string
  /** Sends JSON (or nothing) with an optional bearer token. */
  call(method: string, route: string, payload?: unknown, token?: string): Promise<Answer>
  stop(): Promise<void>
}

export const testPerson = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada-platform@example.com',
  phone: '+44 20 7946 0958',
  address: '1 Analytical Row, London',
}

export const competitionForm = (title: string) => ({
  title,
  description: 'A prize under test',
  prize: 'A prize',
  prize_value: 1000,
  entry_price: 2.5,
  total_tickets: 500,
  status: 'active',
  featured: true,
  skill_question: { question: 'What is 2 + 2?', options: ['3', '4', '5', '6'], correct: '4' },
})

export const entrySubmission = (competitionId: string) => ({
  ...testPerson,
  competitionId,
  numberOfEntries: 1,
  skillQuestionAnswer: '4',
  agreedToTerms: true,
})

/** Sends JSON (or nothing) to `baseUrl` + `route`, as the bearer of `token` when given; reads a JSON answer. */
export async function callJson(
  baseUrl: string,
  method: string,
  route: string,
  payload?: unknown,
  token?: string,
): Promise<Answer> {
  const response = await fetch(`${baseUrl}${route}`, {
    method,
    headers: {
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

/**
 * The whole platform as `npm start` runs it (gateway, command and query services, projections,
 * reactors, mail) on a fresh test database, with an admin, a signed-in guest, two active
 * competitions and a reservation: enough for any request to reach the code behind validation.
 */
export async function startPlatformUnderTest(label: string): Promise<PlatformUnderTest> {
  const database = await createTestDatabase(label)
  const dataDir = await mkdtemp(path.join(tmpdir(), `prizes-${label}-`))
  const adminEmail = `${label}-admin@example.com`
  const adminPassword = generateAdminPassword()
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    MAILDEV_SMTP_PORT: String(await freePort()),
    MAILDEV_WEB_PORT: String(await freePort()),
    SEED_DEMO_DATA: 'false',
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: adminPassword,
    POSTAL_ADDRESS: developmentPostalAddress,
  })
  const platform = await startPlatform(config, createLogger({ level: 'silent', name: label }))
  const stop = async () => {
    await platform.stop()
    await database.drop()
    await rm(dataDir, { recursive: true, force: true })
  }

  const call = (method: string, route: string, payload?: unknown, token?: string) =>
    callJson(platform.url, method, route, payload, token)
  const succeeded = async (method: string, route: string, payload?: unknown, token?: string) => {
    const answer = await call(method, route, payload, token)
    if (answer.status >= 300)
      throw new Error(`${method} ${route}: ${answer.status} ${JSON.stringify(answer.body)}`)
    return answer.body
  }

  try {
    const admin = String(
      (await succeeded('POST', '/api/auth/login', { email: adminEmail, password: adminPassword })).token,
    )
    const competitionIdOf = async (title: string) => {
      const created = await succeeded('POST', '/api/admin/competitions', competitionForm(title), admin)
      return String((created.competition as { id: string }).id)
    }
    const competitionId = await competitionIdOf('Entries target')
    const adminCompetitionId = await competitionIdOf('Admin target')
    const guest = await succeeded('POST', '/api/auth/create-guest-account', {
      ...testPerson,
      dateOfBirth: '1990-01-01',
      tempPassword: 'Secret123',
      source: 'competition_entry',
    })
    const user = String(guest.token)
    const intent = await succeeded(
      'POST',
      '/api/entries/create-payment-intent',
      entrySubmission(competitionId),
      user,
    )
    return {
      url: platform.url,
      databaseUrl: database.url,
      tokens: { admin, user },
      adminLogin: { email: adminEmail, password: adminPassword },
      adminPassword,
      competitionId,
      adminCompetitionId,
      paymentIntentId: String(intent.paymentIntentId),
      call,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
