const lower = 'abcdefghijkmnopqrstuvwxyz'
const upper = 'ABCDEFGHJKLMNPQRSTUVWXYZ'
const digits = '23456789'
const symbols = '!@#$%*?'
const all = lower + upper + digits + symbols

export const temporaryPasswordLength = 12

/** A uniform whole number below `n`, by rejection so no value is favoured. */
function randomBelow(n: number, random: () => number): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n
  for (;;) {
    const value = random()
    if (value < limit) return value % n
  }
}

/** A uniform 32-bit unsigned number from the browser's cryptographic generator. */
const cryptoUint32 = () => crypto.getRandomValues(new Uint32Array(1))[0] ?? 0

const pick = (alphabet: string, random: () => number) => alphabet.charAt(randomBelow(alphabet.length, random))

/**
 * SPEC section 9: a guest's temporary password, 12 characters of letters, digits and a few
 * symbols, from the browser's cryptographic generator. One lowercase, one uppercase and one
 * digit are always in it, so it passes the password rules; their places are shuffled.
 */
export function temporaryPassword(random: () => number = cryptoUint32): string {
  const chars = [pick(lower, random), pick(upper, random), pick(digits, random)]
  while (chars.length < temporaryPasswordLength) chars.push(pick(all, random))
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomBelow(i + 1, random)
    const a = chars[i] ?? ''
    chars[i] = chars[j] ?? ''
    chars[j] = a
  }
  return chars.join('')
}
