import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminHarness, startAdminHarness } from './test-harness'

let harness: AdminHarness
let admin: { userId: string; email: string; token: string }

beforeAll(async () => {
  harness = await startAdminHarness('admin-users')
  admin = await harness.adminAccount()
})
afterAll(() => harness.close())

const route = (id: string, action: string) => `/api/admin/users/${id}/${action}`
/** An admin-only command on a competition that does not exist: 403 for a user, 404 for an admin. */
const adminOnly = (token: string) =>
  harness.call('PATCH', `/api/admin/competitions/${randomUUID()}/featured`, { featured: true }, token)
const profile = (token: string) => harness.call('GET', '/api/auth/profile', undefined, token)

describe('admin user commands: authorisation', () => {
  for (const action of ['ban', 'unban', 'promote', 'demote']) {
    it(`${action}: signed out 401, a user 403, an admin succeeds`, async () => {
      const target = await harness.user()
      const body = { reason: 'Checking authorisation' }
      expect((await harness.call('POST', route(target.userId, action), body)).status).toBe(401)
      const user = await harness.user()
      expect((await harness.call('POST', route(target.userId, action), body, user.token)).status).toBe(403)
      const answer = await harness.call('POST', route(target.userId, action), body, admin.token)
      expect(answer.status).toBe(200)
      expect(answer.body).toMatchObject({ success: true, message: expect.any(String) })
    })
  }

  it('an unknown user is 404 and an id that cannot be one is 400', async () => {
    const unknown = await harness.call('POST', route(randomUUID(), 'ban'), {}, admin.token)
    expect(unknown.status).toBe(404)
    expect(unknown.body.code).toBe('USER_NOT_FOUND')
    expect((await harness.call('POST', route('not an id', 'ban'), {}, admin.token)).status).toBe(400)
  })

  it('promote and demote need a reason', async () => {
    const target = await harness.user()
    expect((await harness.call('POST', route(target.userId, 'promote'), {}, admin.token)).status).toBe(400)
    expect(
      (await harness.call('POST', route(target.userId, 'demote'), { reason: ' ' }, admin.token)).status,
    ).toBe(400)
  })
})

describe('ban and unban', () => {
  it("a ban ends the user's open session at once and refuses sign-in; an unban lets them sign in again", async () => {
    const target = await harness.adminAccount()
    // The target is demoted first so that they are an ordinary user with a password.
    const demoted = await harness.call(
      'POST',
      route(target.userId, 'demote'),
      { reason: 'No longer staff' },
      admin.token,
    )
    expect(demoted.status).toBe(200)
    const signedIn = await harness.login(target.email)
    expect(signedIn.status).toBe(200)
    const token = String(signedIn.body.token)
    expect((await profile(token)).status).toBe(200)

    const banned = await harness.call('POST', route(target.userId, 'ban'), { reason: 'Abuse' }, admin.token)
    expect(banned.status).toBe(200)
    expect((await profile(token)).status).toBe(401)
    const refused = await harness.login(target.email)
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe('ACCOUNT_BANNED')

    // Banning the banned changes nothing.
    expect((await harness.call('POST', route(target.userId, 'ban'), {}, admin.token)).status).toBe(200)
    expect((await harness.userEvents(target.userId)).filter((e) => e.type === 'UserBanned')).toHaveLength(1)

    expect((await harness.call('POST', route(target.userId, 'unban'), undefined, admin.token)).status).toBe(
      200,
    )
    const again = await harness.login(target.email)
    expect(again.status).toBe(200)
    expect((await profile(String(again.body.token))).status).toBe(200)
    const ban = (await harness.userEvents(target.userId)).find((e) => e.type === 'UserBanned')
    expect(ban?.metadata).toMatchObject({ reason: 'Abuse', actor: { userId: admin.userId, role: 'admin' } })
  })

  it('an admin cannot ban themselves', async () => {
    const self = await harness.adminAccount()
    const answer = await harness.call('POST', route(self.userId, 'ban'), {}, self.token)
    expect(answer.status).toBe(409)
    expect(answer.body.code).toBe('CANNOT_ACT_ON_SELF')
  })
})

describe('promote and demote', () => {
  it('records the reason in the event metadata, and the new role holds from the next sign-in', async () => {
    const target = await harness.adminAccount()
    await harness.call('POST', route(target.userId, 'demote'), { reason: 'Left the team' }, admin.token)
    const asUser = String((await harness.login(target.email)).body.token)
    expect((await adminOnly(asUser)).status).toBe(403)

    const promoted = await harness.call(
      'POST',
      route(target.userId, 'promote'),
      { reason: 'Back on staff' },
      admin.token,
    )
    expect(promoted.status).toBe(200)
    const events = await harness.userEvents(target.userId)
    expect(events.find((e) => e.type === 'UserDemoted')?.metadata).toMatchObject({
      reason: 'Left the team',
      actor: { userId: admin.userId },
    })
    expect(events.find((e) => e.type === 'UserPromoted')?.metadata).toMatchObject({
      reason: 'Back on staff',
      actor: { userId: admin.userId },
    })
    const asAdmin = String((await harness.login(target.email)).body.token)
    // Past the admin check: the competition is unknown.
    expect((await adminOnly(asAdmin)).status).toBe(404)
  })

  it("a demotion ends the demoted admin's sessions at once", async () => {
    const target = await harness.adminAccount()
    expect((await profile(target.token)).status).toBe(200)
    await harness.call('POST', route(target.userId, 'demote'), { reason: 'Left the team' }, admin.token)
    expect((await profile(target.token)).status).toBe(401)
  })

  it('an admin cannot demote themselves: 409 with a clear message, and nothing recorded', async () => {
    const self = await harness.adminAccount()
    const answer = await harness.call('POST', route(self.userId, 'demote'), { reason: 'Oops' }, self.token)
    expect(answer.status).toBe(409)
    expect(answer.body).toMatchObject({
      code: 'CANNOT_ACT_ON_SELF',
      message: 'You cannot demote your own account',
    })
    expect((await harness.userEvents(self.userId)).some((e) => e.type === 'UserDemoted')).toBe(false)
    expect((await profile(self.token)).status).toBe(200)
  })
})
