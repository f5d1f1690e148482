import { createServer, type Server } from 'node:http'
import { competitionEvents } from '@prizes/contracts'
import { roundTime, testDrandChain } from '@prizes/domain'
import { signedBeacon } from '@prizes/domain/testing'
import { freePort } from '@prizes/platform'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { fetchDrandRandomness } from '../competitions/drand'
import { type AdminHarness, startAdminHarness } from './test-harness'

/**
 * Issue 23, randomness nobody chooses: DRAND_URL names several relays, tried in turn. Real
 * relays on loopback serve the TEST chain: one refuses connections, one answers a signature that
 * is not the chain's, one never answers; the last signs as drand does. The draw takes the good
 * relay's round, signature and all.
 */
type Behaviour = 'garbage' | 'hang' | 'good'
const servers: Server[] = []
const asked: string[] = []

async function relay(name: string, behaviour: Behaviour): Promise<string> {
  const port = await freePort()
  const server = createServer((request, response) => {
    asked.push(name)
    const round = Number(request.url?.split('/').pop())
    if (behaviour === 'hang') return // never answers; the caller's timeout ends it
    // 'garbage': a well-formed beacon signed with another key, which the chain's key refuses.
    const beacon = behaviour === 'good' ? signedBeacon(round) : signedBeacon(round, '11'.repeat(32))
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify(beacon))
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  servers.push(server)
  return `http://127.0.0.1:${port}`
}

let harness: AdminHarness
let dead: string
let garbage: string
let hanging: string
let good: string

beforeAll(async () => {
  // A port nothing listens on: connections are refused.
  dead = `http://127.0.0.1:${await freePort()}`
  garbage = await relay('garbage', 'garbage')
  hanging = await relay('hanging', 'hang')
  good = await relay('good', 'good')
  harness = await startAdminHarness('admin-drand-relays', {
    drandUrls: [dead, garbage, good],
    drandChain: testDrandChain,
  })
})
afterAll(async () => {
  await harness?.close()
  for (const server of servers) {
    server.closeAllConnections()
    server.close()
  }
})

it('completing a draw passes over a dead relay and a wrong signature, and records the good relay’s signed round', async () => {
  const admin = await harness.admin()
  const id = await harness.competition(admin)
  await harness.paidEntry(id)
  const route = `/api/admin/competitions/${id}/status`
  expect((await harness.call('PUT', route, { status: 'closed' }, admin)).status).toBe(200)
  expect((await harness.call('PUT', route, { status: 'drawing' }, admin)).status).toBe(200)
  const closed = (await harness.events(id)).find((event) => event.type === 'CompetitionClosed')
  const { round, chainHash } = competitionEvents.CompetitionClosed.parse(closed?.data).randomness
  expect(chainHash).toBe(testDrandChain.chainHash)
  harness.clock.advance(roundTime(round, testDrandChain).getTime() + 1000 - harness.clock.now().getTime())

  asked.length = 0
  const completed = await harness.call('PUT', route, { status: 'completed' }, admin)
  expect(completed.status, JSON.stringify(completed.body)).toBe(200)
  expect(asked).toEqual(['garbage', 'good'])
  const drawn = (await harness.events(id)).find((event) => event.type === 'DrawCompleted')
  const { publicRandomness } = competitionEvents.DrawCompleted.parse(drawn?.data)
  const expected = signedBeacon(round)
  expect(publicRandomness).toEqual({
    source: 'drand',
    round,
    value: expected.randomness,
    signature: expected.signature,
  })
})

it('gives each relay its own timeout, then tries the next', async () => {
  asked.length = 0
  const started = Date.now()
  const fetched = await fetchDrandRandomness([hanging, good], 42, fetch, testDrandChain, 300)
  expect(fetched).toMatchObject({ round: 42, signature: signedBeacon(42).signature })
  expect(asked).toEqual(['hanging', 'good'])
  expect(Date.now() - started).toBeLessThan(3000)
  // None answering the chain's signature: undefined, and the admin is asked for the value.
  expect(await fetchDrandRandomness([dead, garbage, hanging], 42, fetch, testDrandChain, 300)).toBeUndefined()
})
