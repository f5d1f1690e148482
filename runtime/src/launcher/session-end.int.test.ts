import { randomUUID } from 'node:crypto'
import { createKnex } from '@prizes/platform'
import type { Knex } from 'knex'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type PlatformUnderTest, startPlatformUnderTest, testPerson } from './testing/platform-under-test'

/**
 * Issue 23, part 9: a session has an end on the server. Logout ends it, so a copy of its token
 * is refused by the command and the query service alike; an admin changing a user's email ends
 * every session of that user and tells the old address. Through the gateway, on the whole
 * platform (services, projections, reactors, the mail outbox).
 */

let platform: PlatformUnderTest
let knex: Knex

beforeAll(async () => {
  platform = await startPlatformUnderTest('session_end')
  knex = createKnex(platform.databaseUrl)
}, 120_000)
afterAll(async () => {
  await knex?.destroy()
  await platform?.stop()
})

async function guest(): Promise<{ userId: string; token: string; email: string }> {
  const email = `session-${randomUUID()}@example.com`
  const answer = await platform.call('POST', '/api/auth/create-guest-account', {
    ...testPerson,
    email,
    dateOfBirth: '1990-01-01',
    tempPassword: 'Secret123',
    source: 'competition_entry',
  })
  expect(answer.status).toBe(200)
  return { userId: (answer.body.user as { id: string }).id, token: String(answer.body.token), email }
}

/** A command-service and a query-service endpoint that need a live session. */
const command = (token: string) => platform.call('GET', '/api/auth/profile', undefined, token)
const query = (token: string) => platform.call('GET', '/api/entries', undefined, token)

describe('logout', () => {
  it('ends the session on the server: the same token is then 401 on a command and on a query endpoint', async () => {
    const { token } = await guest()
    expect((await command(token)).status).toBe(200)
    expect((await query(token)).status).toBe(200)

    const out = await platform.call('POST', '/api/auth/logout', undefined, token)
    expect(out).toMatchObject({ status: 200, body: { success: true } })

    for (const answer of [await command(token), await query(token)]) {
      expect(answer).toMatchObject({ status: 401, body: { success: false, code: 'UNAUTHORIZED' } })
    }
    // Nothing left to end.
    expect((await platform.call('POST', '/api/auth/logout', undefined, token)).status).toBe(401)
  })

  it("ends only that session: the user's other sessions go on", async () => {
    // A second session of the admin's account, signed out of; the first goes on.
    const login = await platform.call('POST', '/api/auth/login', platform.adminLogin)
    expect(login.status).toBe(200)
    const second = String(login.body.token)
    expect((await platform.call('POST', '/api/auth/logout', undefined, second)).status).toBe(200)
    expect((await command(second)).status).toBe(401)
    expect((await command(platform.tokens.admin)).status).toBe(200)
    expect((await query(platform.tokens.admin)).status).toBe(200)
  })

  it('is refused without a session, and a row for it lasts only as long as its token', async () => {
    expect((await platform.call('POST', '/api/auth/logout')).status).toBe(401)
    const { token, userId } = await guest()
    expect((await platform.call('POST', '/api/auth/logout', undefined, token)).status).toBe(200)
    const rows = await knex('auth_session_ends').where({ user_id: userId })
    expect(rows).toHaveLength(1)
    const lifetime = new Date(rows[0].ends_at).getTime() - Date.now()
    expect(lifetime).toBeGreaterThan(6 * 24 * 3_600_000)
    expect(lifetime).toBeLessThanOrEqual(7 * 24 * 3_600_000)
  })
})

describe("an admin changing a user's email", () => {
  it('ends every session of that user and tells the old address', async () => {
    const target = await guest()
    expect((await query(target.token)).status).toBe(200)
    const newEmail = `moved-${randomUUID()}@example.com`
    const edited = await platform.call(
      'PUT',
      `/api/admin/users/${target.userId}`,
      { ...testPerson, email: newEmail },
      platform.tokens.admin,
    )
    expect(edited.status).toBe(200)

    for (const answer of [await command(target.token), await query(target.token)]) {
      expect(answer).toMatchObject({ status: 401, body: { success: false, code: 'UNAUTHORIZED' } })
    }

    const notice = async () =>
      knex('mail_outbox').where({ recipient: target.email, template: 'email-changed' }).select('text_body')
    await expect.poll(async () => (await notice()).length, { timeout: 15_000, interval: 100 }).toBe(1)
    const [row] = await notice()
    expect(row.text_body).toContain('email address')
    // The new address gets its verification link, not this notice.
    expect(row.text_body).not.toContain(newEmail)
  })

  it('leaves the sessions alone when the email stays the same', async () => {
    const target = await guest()
    const edited = await platform.call(
      'PUT',
      `/api/admin/users/${target.userId}`,
      { ...testPerson, email: target.email, firstName: 'Augusta' },
      platform.tokens.admin,
    )
    expect(edited.status).toBe(200)
    expect((await command(target.token)).status).toBe(200)
    expect((await query(target.token)).status).toBe(200)
  })
})
