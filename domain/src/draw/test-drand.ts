import { bls12_381 } from '@noble/curves/bls12-381.js'
import { type DrandBeacon, g1SignatureDst, randomnessOfSignature, unchainedRoundMessage } from './beacon'
import { fromHex, jsDrawCrypto } from './crypto'

/**
 * The secret key of the TEST drand chain (`testDrandChain`), public on purpose: it is here, in
 * test support only, so the tests and the browser tests' relay can sign its rounds. Production
 * code never imports it; a platform seals on that chain only in TEST MODE.
 */
export const testDrandSecretKey = '3d08bc5dc62daf614a56dab23d1de44c6a7276f47d19fb5e6462014b5308457d'

/**
 * The beacon of `round` as a "bls-unchained-g1-rfc9380" chain publishes it: the BLS signature
 * (on G1) of sha256(round as a u64, big-endian) hashed with RFC 9380's G1 DST, and
 * randomness = sha256(signature). Signed with the TEST chain's key unless another is given.
 */
export function signedBeacon(
  round: number,
  secretKey: string | Uint8Array = testDrandSecretKey,
): DrandBeacon {
  const { shortSignatures } = bls12_381
  const message = shortSignatures.hash(unchainedRoundMessage(round, jsDrawCrypto), g1SignatureDst)
  const key = typeof secretKey === 'string' ? fromHex(secretKey) : secretKey
  const signature = shortSignatures.Signature.toHex(shortSignatures.sign(message, key))
  return { round, signature, randomness: randomnessOfSignature(signature, jsDrawCrypto) }
}
