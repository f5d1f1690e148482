import {
  type AuthHarness,
  issueSession,
  openAccount,
  type PlayHarness,
  person,
  startAuthHarness,
  startPlayHarness,
  submission,
  subscriberIdOf,
} from '@prizes/command-service/testing'
import { migrateReactorTables } from '@prizes/command-service/use-cases'
import { responsiblePlayMessages as m, newsletterStream, userStream } from '@prizes/contracts'
import { createLogger } from '@prizes/platform'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMailOutbox } from '../mail/outbox'
import { startNewsletterMailReactor } from '../newsletter/newsletter-mail-reactor'
import type { RunningReactor } from '../runner'

const hour = 3_600_000
const day = 24 * hour

describe('breaks', () => {
  let h: PlayHarness
  beforeAll(async () => {
    h = await startPlayHarness('responsible_play_breaks')
  })
  afterAll(() => h.close())

  const takeBreak = (token: string, period: string) =>
    h.request('POST', '/api/account/break', { period, confirm: true }, token)

  it('refuses entering by either route during a 1-day break, saying when it ends, and allows it after', async () => {
    const { token } = await h.entries.user()
    const paid = await h.entries.competition()
    const other = await h.entries.competition()
    const taken = await takeBreak(token, '1d')
    const endsAt = new Date(h.entries.clock.now().getTime() + day).toISOString()
    expect(taken).toMatchObject({
      status: 200,
      body: { message: m.breakTaken(endsAt), status: { onBreak: { endsAt } } },
    })

    const refusal = {
      status: 409,
      body: { success: false, code: 'TAKING_A_BREAK', message: m.onBreak(endsAt) },
    }
    expect(await h.reserve(paid, token, 1)).toEqual(refusal)
    expect(await h.entries.call('/api/entries', submission(other), { token })).toEqual(refusal)

    h.entries.clock.advance(day - 1)
    expect((await h.reserve(paid, token, 1)).status).toBe(409)
    h.entries.clock.advance(1)
    expect((await h.reserve(paid, token, 1)).status).toBe(200)
    expect((await h.entries.call('/api/entries', submission(other), { token })).status).toBe(200)
  })

  it('cannot be ended or shortened early, only lengthened; a permanent one never ends', async () => {
    const { token } = await h.entries.user()
    await takeBreak(token, '7d')
    const endsAt = new Date(h.entries.clock.now().getTime() + 7 * day).toISOString()
    for (const period of ['1d', '7d']) {
      expect(await takeBreak(token, period)).toEqual({
        status: 409,
        body: {
          success: false,
          code: 'BREAK_CANNOT_BE_SHORTENED',
          message: m.breakCannotBeShortened(endsAt),
        },
      })
    }
    expect((await takeBreak(token, 'permanent')).status).toBe(200)
    expect((await takeBreak(token, '6m')).status).toBe(409)
    h.entries.clock.advance(6 * day)
    expect((await h.reserve(await h.entries.competition(), token, 1)).body).toMatchObject({
      code: 'TAKING_A_BREAK',
      message: m.onBreak(null),
    })
  })

  it('needs the confirmation and a known period', async () => {
    const { token } = await h.entries.user()
    expect((await h.request('POST', '/api/account/break', { period: '1d' }, token)).status).toBe(400)
    expect((await takeBreak(token, '2d')).status).toBe(400)
  })
})

describe('no marketing email during a break', () => {
  let h: AuthHarness
  let reactor: RunningReactor
  beforeAll(async () => {
    h = await startAuthHarness('responsible_play_marketing')
    await migrateReactorTables(h.knex)
    reactor = await startNewsletterMailReactor({
      store: h.store,
      knex: h.knex,
      outbox: createMailOutbox(h.knex),
      secrets: h.secrets,
      publicUrl: 'https://prizes.example.co.uk',
      logger: createLogger({ level: 'silent' }),
      now: h.clock.now,
    })
  })
  afterAll(async () => {
    await reactor?.stop()
    await h?.close()
  })

  async function account(email: string): Promise<string> {
    const personal = {
      ...{ firstName: 'Ada', lastName: 'Lovelace', email, phone: '+44 20 7946 0958' },
      ...{ address: '1 Analytical Row, London', dateOfBirth: null },
    }
    const { user } = await openAccount(
      h.deps,
      { personal, password: 'Secret123', marketingEmails: true, kind: 'guest' },
      h.context(),
    )
    return issueSession(h.deps, user, h.clock.now())
  }

  /** Subscribes and confirms by the emailed link; answers the templates queued for the address. */
  async function subscribeAndConfirm(email: string): Promise<string[]> {
    expect((await h.call('POST', '/api/newsletter/subscribe', { email })).status).toBe(200)
    const stream = newsletterStream(subscriberIdOf(h.secrets.oneTimeTokens, email))
    const settled = async () => {
      const last = (await h.store.readStream(stream)).at(-1)
      if (last) await reactor.waitForPosition(last.position, { timeoutMs: 10_000 })
      return h
        .knex('mail_outbox')
        .where({ recipient: email })
        .select<{ template: string; text_body: string }[]>()
    }
    const [confirmation] = await settled()
    const token = /newsletter\/confirm\?token=([A-Za-z0-9_-]+)/.exec(confirmation?.text_body ?? '')?.[1]
    expect((await h.call('POST', '/api/newsletter/confirm', { token })).status).toBe(200)
    return (await settled()).map((row) => row.template)
  }

  it('a user on a break is not sent the newsletter welcome; one who is not, is', async () => {
    const resting = 'resting@example.com'
    const token = await account(resting)
    expect(
      (await h.call('POST', '/api/account/break', { period: '30d', confirm: true }, { token })).status,
    ).toBe(200)
    expect(await subscribeAndConfirm(resting)).toEqual(['newsletter-confirmation'])

    const active = 'active@example.com'
    await account(active)
    expect((await subscribeAndConfirm(active)).sort()).toEqual([
      'newsletter-confirmation',
      'newsletter-welcome',
    ])
  })

  it('a person on a break is not sent it at another spelling of their inbox either (issue 23)', async () => {
    const registered = await h.call('POST', '/api/auth/register', person({ email: 'pat.rest@gmail.com' }))
    const userId = (registered.body.user as { id: string }).id
    const link = await h.linkToken(userId, 'verify-email')
    expect((await h.call('GET', `/api/auth/verify-email/${link}`)).status).toBe(200)
    const login = await h.call('POST', '/api/auth/login', {
      email: 'pat.rest@gmail.com',
      password: 'Secret123',
    })
    const token = String(login.body.token)
    expect(
      (await h.call('POST', '/api/account/break', { period: 'permanent', confirm: true }, { token })).status,
    ).toBe(200)
    expect(await subscribeAndConfirm('patrest+news@googlemail.com')).toEqual(['newsletter-confirmation'])
  })
})

describe('the limit question at sign-up', () => {
  let h: AuthHarness
  beforeAll(async () => {
    h = await startAuthHarness('responsible_play_sign_up')
  })
  afterAll(() => h?.close())

  async function typesAfterSignUp(extra: Record<string, unknown>) {
    const answer = await h.call('POST', '/api/auth/register', person(extra))
    expect(answer.status).toBe(200)
    const userId = (answer.body.user as { id: string }).id
    const events = await h.store.readStream(userStream(userId))
    return events.map((event) => [event.type, (event.data as { prompt?: string }).prompt])
  }

  it('records a limit set, or none chosen, as answered at sign-up; nothing when left for later', async () => {
    expect(await typesAfterSignUp({ monthlySpendingLimitPence: 2500 })).toContainEqual([
      'SpendingLimitSet',
      'sign-up',
    ])
    expect(await typesAfterSignUp({ monthlySpendingLimitPence: null })).toContainEqual([
      'SpendingLimitSkipped',
      'sign-up',
    ])
    const later = await typesAfterSignUp({})
    expect(later.map(([type]) => type)).not.toContain('SpendingLimitSkipped')
    expect(later.map(([type]) => type)).not.toContain('SpendingLimitSet')
    expect(
      (await h.call('POST', '/api/auth/register', person({ monthlySpendingLimitPence: -5 }))).status,
    ).toBe(400)
  })
})
