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

/**
 * A drand round's value and signature from the relay at DRAND_URL (see `drandRoundUrl`), or
 * undefined when the beacon cannot
 * be reached, has not published the round yet, or answers anything but `chain`'s signature on
 * that round (another round, another chain, a value that is not sha256 of the signature): the
 * caller then needs the value from the admin. The signature is recorded with the value, so the
 * verifier checks it on every certificate and audit.
 */
export async function fetchDrandRandomness(
  drandUrl: string,
  round: number,
  fetchImpl: typeof fetch = fetch,
  chain: DrandChain = quicknet,
): Promise<PublicRandomness | undefined> {
  try {
    const response = await fetchImpl(drandRoundUrl(drandUrl, round, chain), {
      signal: AbortSignal.timeout(5000),
    })
    if (!response.ok) return undefined
    const beacon = drandBeacon.safeParse(await response.json())
    if (!beacon.success || beacon.data.round !== round) return undefined
    const { signature } = beacon.data
    const value = beacon.data.randomness ?? randomnessOfSignature(signature, jsDrawCrypto)
    if (!checkDrandBeacon({ round, signature, randomness: value }, chain, jsDrawCrypto).ok) return undefined
    return { source: 'drand', round, value, signature }
  } catch {
    return undefined
  }
}
