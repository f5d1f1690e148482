import { bls12_381 } from '@noble/curves/bls12-381.js'
import { type DrawCrypto, fromHex, toHex } from './crypto'
import type { DrandChain } from './drand'

/** RFC 9380's hash-to-G1 DST for BLS signatures, as drand's "bls-unchained-g1-rfc9380" uses it. */
export const g1SignatureDst = 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_'

/** A drand beacon as its HTTP API answers `/public/<round>` (hex fields). */
export interface DrandBeacon {
  readonly round: number
  /** The group's BLS signature, hex. */
  readonly signature: string
  /** drand's value, hex: sha256 of the signature's bytes. */
  readonly randomness: string
}

export type BeaconCheck =
  | { readonly ok: true }
  | {
      readonly ok: false
      /** `signature`: not the chain's signature on the round; `randomness`: not sha256(signature). */
      readonly failure: 'signature' | 'randomness'
      readonly detail: string
    }

/** What an unchained drand chain signs for `round`: sha256 of the round as a u64, big-endian. */
export function unchainedRoundMessage(round: number, crypto: DrawCrypto): Uint8Array {
  if (!Number.isSafeInteger(round) || round < 1) throw new RangeError(`Not a drand round: ${round}`)
  const bytes = new Uint8Array(8)
  const view = new DataView(bytes.buffer)
  view.setUint32(0, Math.floor(round / 2 ** 32))
  view.setUint32(4, round >>> 0)
  return crypto.sha256(bytes)
}

/** drand's value for a signature: sha256 of its bytes, hex. */
export function randomnessOfSignature(signature: string, crypto: DrawCrypto): string {
  return toHex(crypto.sha256(fromHex(signature)))
}

const signatureBytes = 48

/**
 * Checks a beacon the way drand's clients do for a "bls-unchained-g1-rfc9380" chain: the
 * signature is the chain's BLS signature (on G1, under the group key on G2) on the round's
 * message, and the randomness is sha256 of the signature. Pure: no I/O, no clock; the pairing
 * runs in plain JS (@noble/curves), so the browser runs the same check.
 */
export function checkDrandBeacon(beacon: DrandBeacon, chain: DrandChain, crypto: DrawCrypto): BeaconCheck {
  const { round, signature, randomness } = beacon
  const bad = (failure: 'signature' | 'randomness', detail: string): BeaconCheck => ({
    ok: false,
    failure,
    detail,
  })
  if (!/^[0-9a-f]*$/.test(signature) || signature.length !== signatureBytes * 2) {
    return bad('signature', `The signature is not ${signatureBytes} bytes of lower-case hex`)
  }
  const shortSignatures = bls12_381.shortSignatures
  let valid: boolean
  try {
    const point = shortSignatures.Signature.fromBytes(fromHex(signature))
    const message = shortSignatures.hash(unchainedRoundMessage(round, crypto), g1SignatureDst)
    valid = shortSignatures.verify(point, message, fromHex(chain.publicKey))
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return bad('signature', `The signature is not a point of BLS12-381 G1 (${reason})`)
  }
  if (!valid) {
    return bad(
      'signature',
      `The signature is not drand's for round ${round}: it does not verify under the group key of chain ${chain.chainHash}`,
    )
  }
  const expected = randomnessOfSignature(signature, crypto)
  if (randomness !== expected) {
    return bad(
      'randomness',
      `The value is not drand's for this signature: sha256(signature) is ${expected}, the value ${randomness}`,
    )
  }
  return { ok: true }
}
