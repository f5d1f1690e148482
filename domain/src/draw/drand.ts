import type { SealedRandomness } from '@prizes/contracts'

/**
 * A drand chain: its timing (rounds start at `genesisTime`, Unix seconds, one each `period` s)
 * and what its beacons are checked against, the group public key and the signature scheme.
 */
export interface DrandChain {
  readonly chainHash: string
  readonly genesisTime: number
  readonly period: number
  /** The group public key, hex: a compressed BLS12-381 G2 point (96 bytes). */
  readonly publicKey: string
  /**
   * drand's scheme ID. "bls-unchained-g1-rfc9380": signatures on G1 (48 bytes compressed), the
   * key on G2, the message `sha256(round as an 8-byte big-endian integer)` hashed to G1 with
   * RFC 9380's DST `BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_`, and `randomness =
   * sha256(signature)`.
   */
  readonly scheme: 'bls-unchained-g1-rfc9380'
}

/**
 * drand's quicknet chain (League of Entropy mainnet, 3 s rounds, unchained), the default for
 * draws. Every value below is as drand publishes it at `https://api.drand.sh/<hash>/info`, checked
 * against three independent copies of that answer:
 * - drand's own announcement, drand/website `docs/blog/2023-10-16-quicknet-is-live.md` ("quicknet
 *   is live on the League of Entropy mainnet", 2023-10-16), which quotes the chain info JSON;
 * - drand/tlock-js `src/drand/defaults.ts` (`MAINNET_CHAIN_INFO`, beaconID "quicknet");
 * - ChainSafe/forest `src/beacon/tests/fixtures/drand_quicknet.json` (with real beacons, used in
 *   this package's tests: they verify under this key, which checks key, scheme and DST together).
 * The scheme's details (message, DST, randomness) are from drand/drand `crypto/schemes.go`
 * (`SigsOnG1ID`, `NewPedersenBLSUnchainedG1`, `RandomnessFromSignature`) and drand/drand-client
 * `lib/beacon-verification.ts` (`isG1Rfc9380` branch).
 */
export const quicknet: DrandChain = {
  chainHash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  genesisTime: 1692803367,
  period: 3,
  publicKey:
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
  scheme: 'bls-unchained-g1-rfc9380',
}

/** The chains whose beacons the platform can check, by chain hash. */
export const knownDrandChains: ReadonlyMap<string, DrandChain> = new Map([[quicknet.chainHash, quicknet]])

/**
 * The chain a sealed round belongs to: the one its `chainHash` names, or quicknet when the seal
 * names none (every round the platform has named is a quicknet round: `drandRound` defaults to
 * it). Undefined for a chain the platform has no key for.
 */
export function sealedChain(sealed: SealedRandomness): DrandChain | undefined {
  return knownDrandChains.get(sealed.chainHash ?? quicknet.chainHash)
}

/**
 * The first round published at or after `time` (round 1 is at genesis). Closing names the round
 * for a moment shortly after the close (the caller adds a margin, e.g. a minute), so nobody,
 * the platform included, can know its value when the list is sealed.
 */
export function drandRound(time: Date, chain: Pick<DrandChain, 'genesisTime' | 'period'> = quicknet): number {
  const elapsed = time.getTime() / 1000 - chain.genesisTime
  if (elapsed <= 0) return 1
  return Math.ceil(elapsed / chain.period) + 1
}

/** When `round` is published: round 1 at genesis, each later one `period` seconds after the last. */
export function roundTime(round: number, chain: Pick<DrandChain, 'genesisTime' | 'period'> = quicknet): Date {
  return new Date((chain.genesisTime + (round - 1) * chain.period) * 1000)
}
