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
  /** drand's beacon ID (`metadata.beaconID` of the chain info), part of the chain hash. */
  readonly beaconId: string
  /** drand's `groupHash` (the group's genesis seed), part of the chain hash. */
  readonly groupHash: string
  /**
   * A chain whose secret key is public: the TEST chain, which test support signs. Only a
   * platform in TEST MODE (the offline payment provider) seals draws on it, and every verifier
   * says a draw on it is not a real-money draw: anyone could have made its randomness.
   */
  readonly testOnly?: true
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
 * Its `groupHash` and `beaconId` are the same answer's `groupHash` and `metadata.beaconID`: the
 * tests recompute the chain hash from these fields as drand does (`Info.Hash`, see
 * `testDrandChain`), which checks them all together.
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
  beaconId: 'quicknet',
  groupHash: 'f477d5c89f21a17c863a7f937c6a6d15859414d2be09cd448d4279af331c5d3e',
}

/**
 * The TEST drand chain: quicknet's scheme and period, one key instead of a group, and that key's
 * secret published with the tests (`@prizes/domain/testing`), so the browser tests draw on
 * signed rounds without the internet (their relay, `web/e2e/support/drand-relay.ts`, signs each
 * round once its time has come). Since anyone can sign its rounds, anyone can know a round's
 * value before it is published: a draw on it proves nothing about who could pick the winner.
 * The platform seals on it only with `DRAND_CHAIN=test`, which the config refuses beside Stripe
 * keys, and every verifier names it (`testOnly`). Its chain hash is computed as drand computes
 * one (`Info.Hash`: sha256 of the period as a u32 and the genesis as an i64, both big-endian,
 * the public key, the group hash and the beacon ID; the tests check it on quicknet's too); the
 * group hash, with no group to hash, is sha256("prizes platform TEST drand chain").
 */
export const testDrandChain: DrandChain = {
  chainHash: 'b3e8981ec9ef67f516bc4f0b77ef3d79b0107fa7478a317d7d8867a7f3d2ed5f',
  // 2025-01-01T00:00:00Z.
  genesisTime: 1735689600,
  period: 3,
  publicKey:
    '943ce443c6b2683c2a0b3b9a9248006298a97b4e092a98924009657af3ca3066e949327db56bd9d761bd285fde7c07e917720e3cbd62313a86fa8dbfc3f0d0e95978e3bd7d7c2a2a98c8fc0fa166f090e0482ab0556fa910dd1e39f74cf2ddcd',
  scheme: 'bls-unchained-g1-rfc9380',
  beaconId: 'prizes-test',
  groupHash: '63aa9f5144969fe507e785eabda0656f592d718fd97d94a49620b2f8dec589b9',
  testOnly: true,
}

/**
 * What every verifier shows beside the verdict of a draw sealed on the TEST chain: its checks
 * can all hold, and it still proves nothing.
 */
export const testChainNotice =
  'TEST MODE: drawn on the TEST drand chain, whose secret key is public, so anyone could have known its randomness in advance. This is not a real-money draw.'

/** The chains whose beacons the platform can check, by chain hash. */
export const knownDrandChains: ReadonlyMap<string, DrandChain> = new Map(
  [quicknet, testDrandChain].map((chain) => [chain.chainHash, chain]),
)

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
