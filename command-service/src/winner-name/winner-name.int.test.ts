import { userStream, winnerNameMessages } from '@prizes/contracts'
import { createApp } from '@prizes/platform'
import { type Served, serve } from '@prizes/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type EntriesHarness, startEntriesHarness } from '../entries/test-harness'
import { silentLogger } from '../testing/fixtures'
import { winnerNameRouter } from './routes'

let entries: EntriesHarness
let served: Served
beforeAll(async () => {
  entries = await startEntriesHarness('winner_name')
  served = await serve(
    createApp({
      name: 'command',
      logger: silentLogger,
      routers: [
        winnerNameRouter({
          ...entries.deps,
          clock: entries.clock.now,
          changeLimit: { max: 6, windowMs: 60 * 60 * 1000 },
        }),
      ],
    }).callback(),
  )
})
afterAll(async () => {
  await served.close()
  await entries.close()
})

async function call(method: 'GET' | 'PUT', body: unknown, token?: string) {
  const response = await fetch(`${served.url}/api/account/winner-name`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(method === 'GET' ? {} : { body: JSON.stringify(body) }),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

describe("a winner's choice of name (issue 24)", () => {
  it('shown by default; an objection is recorded on their stream as an event, and can be withdrawn', async () => {
    const { userId, token } = await entries.user()
    expect(await call('GET', undefined, token)).toEqual({ status: 200, body: { success: true, shown: true } })
    expect(await call('PUT', { shown: false }, token)).toEqual({
      status: 200,
      body: { success: true, shown: false, message: winnerNameMessages.hidden },
    })
    expect(await call('GET', undefined, token)).toMatchObject({ body: { shown: false } })
    const types = (await entries.deps.store.readStream(userStream(userId))).map((event) => event.type)
    expect(types.filter((type) => type.startsWith('WinnerName'))).toEqual(['WinnerNameHidden'])
    expect(await call('PUT', { shown: true }, token)).toMatchObject({ status: 200, body: { shown: true } })
  })

  it('needs a session; bad input is a 400; more than 6 attempts an hour a 429', async () => {
    expect((await call('GET', undefined)).status).toBe(401)
    const { token } = await entries.user()
    for (const body of [{}, { shown: 'no' }, { shown: false, extra: 1 }]) {
      expect((await call('PUT', body, token)).status, JSON.stringify(body)).toBe(400)
    }
    for (let i = 0; i < 3; i += 1) expect((await call('PUT', { shown: i % 2 === 0 }, token)).status).toBe(200)
    const refused = await call('PUT', { shown: true }, token)
    expect(refused).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } })
  })
})
