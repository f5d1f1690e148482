import { randomUUID } from 'node:crypto'
import { type UserEvent, userStream } from '@prizes/contracts'
import type { NewEvent } from '@prizes/event-store'
import { encryptValue, generateUserKey } from '@prizes/platform'
import { describe, expect, it } from 'vitest'
import { linkRequested, oneTimeSecret, recorded, registered, withEnvelope } from '../testing/user-events'
import { planEmail } from './plan'
import { foldUserMailView, type TokenRequest, tokenRequestOf } from './user-view'

const userId = randomUUID()
const key = generateUserKey()
const now = new Date('2030-05-01T10:00:00.000Z')
const later = new Date('2030-05-01T11:00:00.000Z')
const earlier = new Date('2030-05-01T09:00:00.000Z')
const ada = { firstName: 'Ada', email: 'ada@example.com' }

/** Folds the stream and plans the email for the request at `index`. */
function planFor(events: readonly NewEvent[], index: number) {
  const stream = recorded(userStream(userId), events)
  const view = foldUserMailView(stream)
  const event = stream[index]
  const request = event ? tokenRequestOf(event) : undefined
  if (!view || !request) throw new Error('fixture has no user or no request at that index')
  return planEmail(request, view, now)
}

const linkOf = (plan: ReturnType<typeof planFor>): TokenRequest | undefined =>
  plan.send ? plan.link : undefined
const at = (event: UserEvent, correlationId?: string) => withEnvelope(event, now, correlationId)

describe('planEmail', () => {
  const verify = linkRequested(oneTimeSecret, 'verify-email', userId, later)
  const reset = linkRequested(oneTimeSecret, 'reset-password', userId, later)

  it('sends the verification email to a registered user', () => {
    const plan = planFor([at(registered(userId, key, ada)), at(verify.event)], 1)
    expect(plan).toMatchObject({
      send: true,
      template: 'verification',
      link: { type: 'EmailVerificationRequested' },
    })
  })

  it('sends the reset email for a reset request', () => {
    const plan = planFor([at(registered(userId, key, ada)), at(reset.event)], 1)
    expect(plan).toMatchObject({
      send: true,
      template: 'password-reset',
      link: { type: 'PasswordResetRequested' },
    })
  })

  it('skips a request that expired before it was processed', () => {
    const expired = linkRequested(oneTimeSecret, 'verify-email', userId, earlier)
    expect(planFor([at(registered(userId, key, ada)), at(expired.event)], 1)).toEqual({
      send: false,
      reason: 'the link expired before it could be sent',
    })
  })

  it('skips a request superseded by a newer one, and a link already used', () => {
    const newer = linkRequested(oneTimeSecret, 'verify-email', userId, later)
    const verified: UserEvent = {
      type: 'EmailVerified',
      data: { userId, tokenHash: newer.event.data.tokenHash },
    }
    const events = [at(registered(userId, key, ada)), at(verify.event), at(newer.event), at(verified)]
    expect(planFor(events, 1)).toEqual({ send: false, reason: 'a newer link superseded it' })
    expect(planFor(events, 2)).toEqual({ send: false, reason: 'the link was already used' })
  })

  it('skips a reset request cancelled by a password change', () => {
    const changed: UserEvent = {
      type: 'PasswordChanged',
      data: { userId, passwordHash: encryptValue(key, 'h') },
    }
    const plan = planFor([at(registered(userId, key, ada)), at(reset.event), at(changed)], 1)
    expect(plan).toEqual({ send: false, reason: 'the password was changed since' })
  })

  it('skips an erased user', () => {
    const erased: UserEvent = { type: 'UserErased', data: { userId } }
    expect(planFor([at(registered(userId, key, ada)), at(verify.event), at(erased)], 1)).toEqual({
      send: false,
      reason: 'the user was erased',
    })
  })

  it('sends a guest no bare verification link, which could not finish the account', () => {
    const plan = planFor([at(registered(userId, key, ada, true)), at(verify.event)], 1)
    expect(plan).toEqual({
      send: false,
      reason: 'a guest finishes setting up from a password link, and none usable came with this',
    })
  })

  it('invites a guest once, with the reset link, when one command asked for both links', () => {
    const command = randomUUID()
    const events = [
      at(registered(userId, key, ada, true), command),
      at(verify.event, command),
      at(reset.event, command),
    ]
    const invitation = planFor(events, 1)
    expect(invitation).toMatchObject({ send: true, template: 'guest-invitation' })
    expect(linkOf(invitation)?.tokenHash).toBe(reset.event.data.tokenHash)
    expect(planFor(events, 2)).toEqual({ send: false, reason: 'the guest invitation carries this link' })
  })

  it('sends a guest who asks for a reset on its own the reset email', () => {
    const plan = planFor([at(registered(userId, key, ada, true)), at(verify.event), at(reset.event)], 2)
    expect(plan).toMatchObject({ send: true, template: 'password-reset' })
  })

  it('treats a guest who has chosen a password as a member', () => {
    const used = linkRequested(oneTimeSecret, 'reset-password', userId, later)
    const resetDone: UserEvent = {
      type: 'PasswordReset',
      data: { userId, passwordHash: encryptValue(key, 'h'), tokenHash: used.event.data.tokenHash },
    }
    const events = [at(registered(userId, key, ada, true)), at(used.event), at(resetDone), at(verify.event)]
    expect(planFor(events, 3)).toMatchObject({ send: true, template: 'verification' })
  })
})

describe('tokenRequestOf', () => {
  it('takes the request time from the envelope and ignores other events', () => {
    const [registration, request] = recorded(userStream(userId), [
      at(registered(userId, key, ada)),
      withEnvelope(linkRequested(oneTimeSecret, 'verify-email', userId, later).event, earlier, 'c-1'),
    ])
    expect(registration && tokenRequestOf(registration)).toBeUndefined()
    expect(request && tokenRequestOf(request)).toMatchObject({ requestedAt: earlier, correlationId: 'c-1' })
  })
})
