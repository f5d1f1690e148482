import { createServer, type Server, type ServerResponse } from 'node:http'
import { pathToFileURL } from 'node:url'
import { roundTime, testDrandChain } from '@prizes/domain'
import { signedBeacon } from '@prizes/domain/testing'

/** Where the relay on `port` serves the TEST chain, as DRAND_URL names it. */
export function drandRelayUrl(port: string | number): string {
  return `http://127.0.0.1:${port}/${testDrandChain.chainHash}`
}

/**
 * A drand relay for the TEST drand chain, so the browser tests draw on signed rounds with no
 * internet. It answers as drand's HTTP API does: `/<chain hash>/info` with the chain's info, and
 * `/<chain hash>/public/<round>` with the round signed by the test key, once the round's time
 * has come; before it, 425 Too Early (nobody may know a round's value before it is published).
 * The platform under test seals on that chain (DRAND_CHAIN=test) and fetches from here
 * (DRAND_URL), as a production platform does from drand. Run by the Playwright config:
 * `tsx web/e2e/support/drand-relay.ts <port>`.
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
  const server = createServer((request, response) => {
    if (request.method !== 'GET') return answer(response, 405, { error: 'Only GET' })
    const path = new URL(request.url ?? '/', 'http://relay').pathname
    const [hash, kind, round, ...rest] = path.split('/').filter(Boolean)
    if (hash !== chain.chainHash || rest.length > 0) return answer(response, 404, { error: 'Unknown path' })
    if (kind === 'info' && round === undefined) return answer(response, 200, info)
    if (kind !== 'public' || round === undefined) return answer(response, 404, { error: 'Unknown path' })
    // Rounds are positive integers; fifteen digits keep them safe integers.
    if (!/^[1-9][0-9]{0,14}$/.test(round)) return answer(response, 400, { error: 'Not a round number' })
    const number = Number(round)
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
