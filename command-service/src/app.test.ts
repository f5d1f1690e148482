import { createOfflinePaymentProvider } from '@prizes/payments'
import { createKnex, sessionKeys } from '@prizes/platform'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { createCommandApp } from './app'
import { silentLogger } from './testing/fixtures'
import { createInMemoryEventStore } from './testing/in-memory-event-store'
import { serve } from './testing/serve'

const servers: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()))
})

// These tests never reach a table; knex connects only on a first query, so nothing listens here.
const knex = createKnex('postgres://nobody@127.0.0.1:9/none')
afterAll(() => knex.destroy())
const secrets = { jwt: sessionKeys(Buffer.alloc(32, 1)), oneTimeTokens: Buffer.alloc(32, 2) }
const payments = createOfflinePaymentProvider({ knex })

async function start(store: Parameters<typeof createCommandApp>[0]['store']) {
  const server = await serve(createCommandApp({ store, logger: silentLogger, knex, secrets, payments }))
  servers.push(server)
  return server.url
}

describe('command app', () => {
  it('answers its health check', async () => {
    const url = await start({ ...createInMemoryEventStore(), readAll: async () => [] })
    const response = await fetch(`${url}/api/health/command`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ success: true, service: 'command' })
  })

  it('is unhealthy, with the error body, when the event store does not answer', async () => {
    const refused = async () => {
      throw new Error('connection refused')
    }
    const url = await start({ readStream: refused, append: refused, readAll: refused })
    const response = await fetch(`${url}/api/health/command`)
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({
      success: false,
      code: 'SERVICE_UNAVAILABLE',
      message: 'The command service cannot reach its event store (unexpected error)',
    })
  })

  it('answers an unknown path with the 404 error body', async () => {
    const url = await start({ ...createInMemoryEventStore(), readAll: async () => [] })
    const response = await fetch(`${url}/api/nothing-here`)
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' })
  })
})
