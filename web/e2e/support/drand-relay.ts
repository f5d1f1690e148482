import { createServer, type Server, type ServerResponse } from 'node:http'
import { pathToFileURL } from 'node:url'
import { roundTime, testDrandChain } from '@prizes/domain'
import { signedBeacon } from '@prizes/domain/testing'

/** Where the relay on `port` serves the TEST chain, as DRAND_URL names it. */
export function drandRelayUrl(port: string | number): string {
  return `http://127.0.0.1:${port}/${testDrandChain.chainHash}`
}

/** Where a spec asks the relay on `port` to withhold `round` (see `startDrandRelay`). */
export function withholdRoundUrl(port: string | number, round: number): string {
  return `http://127.0.0.1:${port}/control/withhold/${round}`
}

/** How long a round stays withheld, and how many may be at once: test control, kept bounded. */
const withholdMs = 10 * 60_000
const maxWithheld = 100

/**
 * A drand relay for the TEST drand chain, so the browser tests draw on signed rounds with no
 * internet. It answers as drand's HTTP API does: `/<chain hash>/info` with the chain's info, and
 * `/<chain hash>/public/<round>` with the round signed by the test key, once the round's time
 * has come; before it, 425 Too Early (nobody may know a round's value before it is published).
 * The platform under test seals on that chain (DRAND_CHAIN=test) and fetches from here
 * (DRAND_URL), as a production platform does from drand. Run by the Playwright config:
 * `tsx web/e2e/support/drand-relay.ts <port>`.
 *
 * One test control, for the path production takes when drand cannot be reached: `POST
 * /control/withhold/<round>` makes the relay answer 503 for that round for ten minutes, so the
 * platform asks the admin for its randomness (at most a hundred rounds withheld at once).
 */
export function startDrandRelay(port: number, now: () => Date = () => new Date()): Promise<Server> {
  const chain = testDrandChain
  const info = {
    public_key: chain.publicKey,
    period: chain.period,
    genesis_time: chain.genesisTime,
    hash: chain.chainHash,
    groupHash: chain.groupHash,
    schemeID: chain.scheme,
    metadata: { beaconID: chain.beaconId },
  }
  /** Withheld rounds, and until when (epoch ms). */
  const withheld = new Map<number, number>()
  const isWithheld = (round: number) => (withheld.get(round) ?? 0) > now().getTime()

  function withhold(round: number, response: ServerResponse) {
    for (const [held, until] of withheld) if (until <= now().getTime()) withheld.delete(held)
    if (withheld.size >= maxWithheld && !withheld.has(round)) {
      return answer(response, 429, { error: `At most ${maxWithheld} rounds are withheld at once` })
    }
    const until = now().getTime() + withholdMs
    withheld.set(round, until)
    return answer(response, 200, { withheld: round, until: new Date(until).toISOString() })
  }

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://relay').pathname
    const [first, kind, round, ...rest] = path.split('/').filter(Boolean)
    if (rest.length > 0) return answer(response, 404, { error: 'Unknown path' })
    const number = round === undefined ? undefined : roundNumber(round)
    if (first === 'control' && kind === 'withhold' && round !== undefined) {
      if (request.method !== 'POST') return answer(response, 405, { error: 'Only POST' })
      if (number === undefined) return answer(response, 400, { error: 'Not a round number' })
      return withhold(number, response)
    }
    if (request.method !== 'GET') return answer(response, 405, { error: 'Only GET' })
    if (first !== chain.chainHash) return answer(response, 404, { error: 'Unknown path' })
    if (kind === 'info' && round === undefined) return answer(response, 200, info)
    if (kind !== 'public' || round === undefined) return answer(response, 404, { error: 'Unknown path' })
    if (number === undefined) return answer(response, 400, { error: 'Not a round number' })
    if (isWithheld(number)) return answer(response, 503, { error: `Round ${number} is withheld by the test` })
    const publishedAt = roundTime(number, chain)
    if (publishedAt.getTime() > now().getTime()) {
      return answer(response, 425, { error: `Round ${number} is published at ${publishedAt.toISOString()}` })
    }
    return answer(response, 200, signedBeacon(number))
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve(server))
  })
}

/** Rounds are positive integers; fifteen digits keep them safe integers. */
function roundNumber(text: string): number | undefined {
  return /^[1-9][0-9]{0,14}$/.test(text) ? Number(text) : undefined
}

function answer(response: ServerResponse, status: number, body: object) {
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(body))
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(process.argv[2])
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error('Usage: tsx web/e2e/support/drand-relay.ts <port>')
    process.exit(1)
  }
  startDrandRelay(port).then(
    () => console.log(`TEST drand relay on http://127.0.0.1:${port}/${testDrandChain.chainHash}`),
    (error: unknown) => {
      console.error(error)
      process.exit(1)
    },
  )
}
