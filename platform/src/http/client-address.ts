import { BlockList, isIP, isIPv4 } from 'node:net'

/**
 * The client's address (DESIGN section 10): the connection's, or, only when the connection
 * comes from a proxy listed in TRUSTED_PROXIES, the right-most untrusted address of
 * `X-Forwarded-For`. Every per-address limit keys on it.
 */

/** At most this many TRUSTED_PROXIES entries; a longer list is a mistake, not a topology. */
export const maxTrustedProxies = 64

/** At most this many `X-Forwarded-For` hops are walked; past them the last trusted hop's view stands. */
const maxHops = 32

/** `::ffff:10.0.0.1` is 10.0.0.1: one address, one bucket, whichever socket family it came in on. */
export function normaliseAddress(value: string): string | undefined {
  const trimmed = value.trim()
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed)?.[1]
  const address = mapped ?? trimmed
  const family = isIP(address)
  if (family === 4) return address
  if (family === 6) return address.toLowerCase()
  return undefined
}

/** One TRUSTED_PROXIES entry: an address or a CIDR range, IPv4 or IPv6; undefined when it is neither. */
function parseEntry(entry: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | undefined {
  const [rawAddress = '', rawPrefix, ...rest] = entry.split('/')
  if (rest.length > 0) return undefined
  const address = normaliseAddress(rawAddress)
  if (address === undefined) return undefined
  const family = isIPv4(address) ? 'ipv4' : 'ipv6'
  const bits = family === 'ipv4' ? 32 : 128
  if (rawPrefix === undefined) return { address, prefix: bits, family }
  // A mapped address with a prefix is ambiguous (a prefix of 32 bits or of 128?): refused.
  if (address !== rawAddress.toLowerCase() || !/^\d{1,3}$/.test(rawPrefix)) return undefined
  const prefix = Number(rawPrefix)
  return prefix <= bits ? { address, prefix, family } : undefined
}

export interface TrustedProxies {
  /** Whether this (socket or forwarded) address is one of the trusted proxies. */
  has(address: string): boolean
  /** No proxy is trusted: the connection's address is the client's. */
  readonly empty: boolean
}

export class TrustedProxiesError extends Error {
  override readonly name = 'TrustedProxiesError'
}

/**
 * Parses TRUSTED_PROXIES (comma-separated addresses and CIDR ranges). Throws a
 * TrustedProxiesError naming the first entry that is neither, or saying the list is too long.
 */
export function parseTrustedProxies(value: string | readonly string[] | undefined): TrustedProxies {
  const entries = (typeof value === 'string' ? value.split(',') : (value ?? []))
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
  if (entries.length > maxTrustedProxies) {
    throw new TrustedProxiesError(`at most ${maxTrustedProxies} entries (got ${entries.length})`)
  }
  const list = new BlockList()
  for (const entry of entries) {
    const parsed = parseEntry(entry)
    if (!parsed) {
      throw new TrustedProxiesError(
        `${JSON.stringify(entry.slice(0, 100))} is not an IPv4 or IPv6 address or CIDR range (such as 10.0.0.0/8 or fd00::/8)`,
      )
    }
    list.addSubnet(parsed.address, parsed.prefix, parsed.family)
  }
  return {
    empty: entries.length === 0,
    has(address) {
      const normal = normaliseAddress(address)
      if (normal === undefined) return false
      return list.check(normal, isIPv4(normal) ? 'ipv4' : 'ipv6')
    },
  }
}

export const noTrustedProxies: TrustedProxies = parseTrustedProxies(undefined)

export interface ClientAddress {
  /** The client's address, normalised (`::ffff:` mapping removed); '' when the socket has none. */
  readonly address: string
  /** The connection came from a trusted proxy: whoever sent the request is elsewhere. */
  readonly viaProxy: boolean
}

/**
 * The client's address from the connection's and `X-Forwarded-For`. Untrusted connection: its
 * own address, whatever the header says. Trusted: the header's hops from the right, skipping
 * trusted ones, to the first untrusted one. A hop that is not an address (or a chain longer than
 * we walk) stops the walk there, and the last trusted hop's address stands: never a value the
 * client wrote that is not an address.
 */
export function clientAddressOf(
  socketAddress: string | undefined,
  forwardedFor: string | readonly string[] | undefined,
  trusted: TrustedProxies,
): ClientAddress {
  const peer = normaliseAddress(socketAddress ?? '') ?? ''
  if (peer === '' || trusted.empty || !trusted.has(peer)) return { address: peer, viaProxy: false }
  const header = typeof forwardedFor === 'string' ? forwardedFor : (forwardedFor ?? []).join(',')
  const hops = header.split(',')
  let address = peer
  for (let i = hops.length - 1, walked = 0; i >= 0 && walked < maxHops; i -= 1, walked += 1) {
    const hop = normaliseAddress(hops[i] ?? '')
    if (hop === undefined) break
    address = hop
    if (!trusted.has(hop)) break
  }
  return { address, viaProxy: true }
}
