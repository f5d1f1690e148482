import type { DrawCrypto } from './crypto'
import { concatBytes, fromHex } from './crypto'

export interface DrawInput {
  /** The revealed 32-byte seed, hex. */
  readonly seed: string
  /** The public randomness's value, hex (drand's `randomness`). */
  readonly randomness: string
  /** The sealed list's hash, hex. */
  readonly listHash: string
  /** How many tickets the sealed list holds. */
  readonly size: number
}

export interface DrawOutcome {
  /** Position in the eligible list, in [0, size). */
  readonly index: number
  /** How many 32-bit values were read, the accepted one included. */
  readonly attempts: number
}

const range = 2 ** 32
/** Far beyond any real draw (each attempt is rejected with probability below 1/2). */
const maxBlocks = 1024

/**
 * The block `k` of the draw's stream: HMAC-SHA256(seed, randomness ‖ listHash) for k = 0, and
 * with a 4-byte big-endian counter appended, HMAC-SHA256(seed, randomness ‖ listHash ‖ k), for
 * each later block.
 */
function block(input: DrawInput, k: number, crypto: DrawCrypto): Uint8Array {
  const message = concatBytes(fromHex(input.randomness), fromHex(input.listHash))
  if (k === 0) return crypto.hmacSha256(fromHex(input.seed), message)
  const counter = new Uint8Array(4)
  new DataView(counter.buffer).setUint32(0, k)
  return crypto.hmacSha256(fromHex(input.seed), concatBytes(message, counter))
}

/**
 * Picks an index uniformly in [0, size) by rejection sampling, so no ticket is favoured: each
 * block is read as eight big-endian 32-bit values in turn; a value at or above the largest
 * multiple of `size` not above 2^32 is rejected, the first one below it gives `value % size`.
 * When a block is used up the next one is derived with a counter.
 */
export function drawIndex(input: DrawInput, crypto: DrawCrypto): DrawOutcome {
  const { size } = input
  if (!Number.isInteger(size) || size < 1 || size > range) {
    throw new RangeError(`Cannot draw from ${size} tickets`)
  }
  const limit = Math.floor(range / size) * size
  let attempts = 0
  for (let k = 0; k < maxBlocks; k++) {
    const bytes = block(input, k, crypto)
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    for (let offset = 0; offset + 4 <= bytes.length; offset += 4) {
      attempts++
      const value = view.getUint32(offset)
      if (value < limit) return { index: value % size, attempts }
    }
  }
  throw new Error('The draw rejected every value; the hash function is not behaving as one')
}
