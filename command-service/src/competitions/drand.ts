import type { PublicRandomness } from '@prizes/contracts'
import {
  checkDrandBeacon,
  type DrandChain,
  jsDrawCrypto,
  quicknet,
  randomnessOfSignature,
  testDrandChain,
} from '@prizes/domain'
import { z } from 'zod'

const hex = z.string().regex(/^[0-9a-f]+$/)

/** drand's `/public/<round>` answer; the v2 API leaves `randomness` out (it is sha256(signature)). */
const drandBeacon = z.object({
  round: z.number().int().positive(),
  randomness: hex.optional(),
  signature: hex,
})

/**
 * The chain DRAND_CHAIN names, which closes seal rounds on: drand's quicknet, or the TEST chain
 * (its secret key is public; the config allows it only in TEST MODE, with no Stripe keys).
 */
export function drandChainOf(setting: 'quicknet' | 'test'): DrandChain {
  return setting === 'test' ? testDrandChain : quicknet
}

/**
 * Where a round of `chain` is published: DRAND_URL may name the chain already
 * (`https://api.drand.sh/<chain hash>`); a bare relay (`https://api.drand.sh`) gets the chain
 * hash added, since its unprefixed paths serve drand's older default chain.
 */
export function drandRoundUrl(drandUrl: string, round: number, chain: DrandChain = quicknet): string {
  const base = drandUrl.replace(/\/+$/, '')
  const withChain = base.includes(chain.chainHash) ? base : `${base}/${chain.chainHash}`
  return `${withChain}/public/${round}`
}

/** How long one relay may take to answer a round before the next is tried. */
export const drandRelayTimeoutMs = 4000

/**
 * A drand round's value and signature from the first of the relays at DRAND_URL (see
 * `drandRoundUrl`) that gives `chain`'s signature on that round, each relay tried in turn with
 * its own timeout; undefined when none does (unreachable, too slow, the round not yet published,
 * or anything but that signature: another round, another chain, a value that is not sha256 of
 * the signature). The caller then needs the value from the admin. The signature is always
 * checked here, and recorded with the value, so the verifier checks it again on every
 * certificate and audit.
 */
export async function fetchDrandRandomness(
  drandUrls: readonly string[],
  round: number,
  fetchImpl: typeof fetch = fetch,
  chain: DrandChain = quicknet,
  timeoutMs: number = drandRelayTimeoutMs,
): Promise<PublicRandomness | undefined> {
  for (const relay of drandUrls) {
    const fetched = await fetchFromRelay(relay, round, fetchImpl, chain, timeoutMs)
    if (fetched) return fetched
  }
  return undefined
}

async function fetchFromRelay(
  relay: string,
  round: number,
  fetchImpl: typeof fetch,
  chain: DrandChain,
  timeoutMs: number,
): Promise<PublicRandomness | undefined> {
  try {
    const response = await fetchImpl(drandRoundUrl(relay, round, chain), {
      signal: AbortSignal.timeout(timeoutMs),
    })
    if (!response.ok) {
      await response.body?.cancel()
      return undefined
    }
    // A beacon is a few hundred bytes; a relay answering more is not one.
    const text = await response.text()
    if (text.length > 16_384) return undefined
    const beacon = drandBeacon.safeParse(JSON.parse(text))
    if (!beacon.success || beacon.data.round !== round) return undefined
    const { signature } = beacon.data
    const value = beacon.data.randomness ?? randomnessOfSignature(signature, jsDrawCrypto)
    if (!checkDrandBeacon({ round, signature, randomness: value }, chain, jsDrawCrypto).ok) return undefined
    return { source: 'drand', round, value, signature }
  } catch {
    return undefined
  }
}
