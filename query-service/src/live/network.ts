import { isIP } from 'node:net'

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail as the last two). */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.toLowerCase()
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number]
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', tail, ...rest] = text.split('::')
  if (rest.length > 0) return undefined
  const parse = (part: string) =>
    part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16))
  const left = parse(head)
  const right = tail === undefined ? [] : parse(tail)
  const missing = 8 - left.length - right.length
  if (tail === undefined ? missing !== 0 : missing < 0) return undefined
  return [...left, ...Array.from({ length: missing }, () => 0), ...right]
}

/**
 * The network an address is in, as one holder is likely to have it whole: an IPv4 /24, an IPv6
 * /64 (what one home or one server is given). Anything else (no address at all) is its own.
 */
export function networkOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1]
  const plain = mapped ?? address
  const family = isIP(plain)
  if (family === 4) return `${plain.split('.').slice(0, 3).join('.')}.0/24`
  if (family === 6) {
    const groups = ipv6Groups(plain)
    if (groups)
      return `${groups
        .slice(0, 4)
        .map((group) => group.toString(16))
        .join(':')}::/64`
  }
  return plain
}
