import { randomUUID } from 'node:crypto'
import { type UserEvent, userStream } from '@prizes/contracts'
import type { RecordedEvent } from '@prizes/event-store'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import { createKnex } from '@prizes/platform'
import { migrateReadModels } from '@prizes/read-models'
import type { Knex } from 'knex'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { applyEvents } from '../runner/apply-events'
import { eventMetadata } from '../testing/fixtures'
import { usersProjection } from './projection'

let db: TestDatabase
let knex: Knex

beforeAll(async () => {
  db = await createTestDatabase('users_projection')
  knex = createKnex(db.url)
  await migrateReadModels(knex)
})
afterAll(async () => {
  await knex.destroy()
  await db.drop()
})
beforeEach(async () => {
  await knex('users').truncate()
})

const sealed = (label: string) => `enc:v1:key1:aXY:dGFn:${Buffer.from(label).toString('base64url')}`
const personal = (name: string) => ({
  firstName: sealed(name),
  lastName: sealed('Last'),
  email: sealed(`${name}@example.com`),
  phone: sealed('07700900123'),
  address: sealed('1 Road, Town'),
  dateOfBirth: null,
})

function history(userId: string, events: readonly UserEvent[]): RecordedEvent[] {
  return events.map((event, index) => {
    const metadata = eventMetadata(new Date(Date.UTC(2030, 0, 1, 9, index)).toISOString())
    return {
      id: metadata.eventId,
      type: event.type,
      data: event.data,
      metadata,
      streamId: userStream(userId),
      revision: BigInt(index),
      position: { commit: BigInt(index + 1), prepare: BigInt(index + 1) },
      recordedAt: new Date(metadata.occurredAt),
    }
  })
}

const apply = (events: RecordedEvent[]) =>
  knex.transaction((trx) => applyEvents(trx, usersProjection, events))

describe('the users read model', () => {
  const userId = randomUUID()
  const events = history(userId, [
    {
      type: 'UserRegistered',
      data: {
        userId,
        personal: personal('ada'),
        passwordHash: sealed('hash'),
        role: 'user',
        guest: true,
        source: 'competition_entry',
        marketingEmails: true,
        emailVerified: false,
      },
    },
    { type: 'EmailVerified', data: { userId, tokenHash: null } },
    { type: 'ProfileUpdated', data: { userId, personal: personal('adaline') } },
    { type: 'UserPromoted', data: { userId } },
    { type: 'UserBanned', data: { userId } },
  ])

  test('follows registration, verification, profile, role and standing; keeps fields encrypted', async () => {
    await apply(events)
    const row = await knex('users').where({ user_id: userId }).first()
    expect(row).toMatchObject({
      role: 'admin',
      guest: true,
      source: 'competition_entry',
      marketing_emails: true,
      email_verified: true,
      banned: true,
      personal: personal('adaline'),
      erased_at: null,
    })
    expect(JSON.stringify(row)).not.toContain('ada@example.com')
  })

  test('a replay changes nothing, even an older event after a newer one', async () => {
    await apply(events)
    const before = await knex('users').select()
    await apply(events)
    await apply([events[2] as RecordedEvent, events[0] as RecordedEvent])
    expect(await knex('users').select()).toEqual(before)
  })

  test('erasure drops the ciphertext too', async () => {
    const erased = history(userId, [{ type: 'UserErased', data: { userId } }]).map((e) => ({
      ...e,
      revision: BigInt(events.length),
    }))
    await apply([...events, ...erased])
    const row = await knex('users').where({ user_id: userId }).first()
    expect(row.personal).toBeNull()
    expect(row.erased_at).toBeInstanceOf(Date)
  })
})

describe("a winner's objection to their name (issue 24)", () => {
  const userId = randomUUID()
  const registered: UserEvent = {
    type: 'UserRegistered',
    data: {
      userId,
      personal: personal('grace'),
      passwordHash: sealed('hash'),
      role: 'user',
      guest: false,
      source: 'registration',
      marketingEmails: false,
      emailVerified: true,
    },
  }
  const hiddenOf = async () =>
    (await knex('users').where({ user_id: userId }).first('winner_name_hidden')).winner_name_hidden

  test('shown by default, hidden on objection, shown again when withdrawn; a replay changes nothing', async () => {
    const events = history(userId, [
      registered,
      { type: 'WinnerNameHidden', data: { userId } },
      { type: 'WinnerNameShown', data: { userId } },
      { type: 'WinnerNameHidden', data: { userId } },
    ])
    await apply(events.slice(0, 1))
    expect(await hiddenOf()).toBe(false)
    await apply(events.slice(1, 2))
    expect(await hiddenOf()).toBe(true)
    await apply(events.slice(2, 3))
    expect(await hiddenOf()).toBe(false)
    await apply(events)
    expect(await hiddenOf()).toBe(true)
    await apply(events.slice(2, 3))
    expect(await hiddenOf()).toBe(true)
  })
})
