import { describe, expect, test } from 'vitest'
import {
  clientAddressOf,
  maxTrustedProxies,
  normaliseAddress,
  noTrustedProxies,
  parseTrustedProxies,
  TrustedProxiesError,
} from './client-address'

describe('parseTrustedProxies', () => {
  test('addresses and CIDR ranges, IPv4 and IPv6, mapped addresses matched as IPv4', () => {
    const trusted = parseTrustedProxies(' 127.0.0.1, 10.0.0.0/8 ,fd00::/8, 2001:db8::7 ')
    expect(trusted.empty).toBe(false)
    for (const address of ['127.0.0.1', '::ffff:127.0.0.1', '10.200.3.4', 'fd12::1', '2001:DB8::7']) {
      expect(trusted.has(address), address).toBe(true)
    }
    for (const address of ['127.0.0.2', '11.0.0.1', 'fe80::1', '2001:db8::8', 'garbage', '']) {
      expect(trusted.has(address), address).toBe(false)
    }
  })

  test('empty or unset trusts nobody', () => {
    expect(parseTrustedProxies('').empty).toBe(true)
    expect(parseTrustedProxies(undefined).empty).toBe(true)
    expect(noTrustedProxies.has('127.0.0.1')).toBe(false)
  })

  test.each([
    'localhost',
    '10.0.0.0/33',
    '10.0.0.0/-1',
    '10.0.0.0/8/8',
    '10.0.0',
    '300.0.0.1',
    'fd00::/129',
    '::ffff:10.0.0.0/104',
    '10.0.0.0/x',
  ])('%s is refused, named', (entry) => {
    expect(() => parseTrustedProxies(`127.0.0.1,${entry}`)).toThrow(TrustedProxiesError)
    expect(() => parseTrustedProxies(`127.0.0.1,${entry}`)).toThrow(JSON.stringify(entry))
  })

  test('the list is bounded', () => {
    const many = Array.from({ length: maxTrustedProxies + 1 }, (_, i) => `10.0.${i}.1`).join(',')
    expect(() => parseTrustedProxies(many)).toThrow(`at most ${maxTrustedProxies} entries`)
  })
})

describe('normaliseAddress', () => {
  test('drops the IPv4 mapping, lowercases IPv6, refuses what is not an address', () => {
    expect(normaliseAddress('::ffff:203.0.113.9')).toBe('203.0.113.9')
    expect(normaliseAddress(' 2001:DB8::1 ')).toBe('2001:db8::1')
    expect(normaliseAddress('203.0.113.9:443')).toBeUndefined()
    expect(normaliseAddress('unknown')).toBeUndefined()
    expect(normaliseAddress('')).toBeUndefined()
  })
})

describe('clientAddressOf', () => {
  const trusted = parseTrustedProxies('127.0.0.1,10.0.0.0/8')

  test('an untrusted connection is the client, whatever it claims', () => {
    expect(clientAddressOf('203.0.113.9', '198.51.100.1', trusted)).toEqual({
      address: '203.0.113.9',
      viaProxy: false,
    })
    expect(clientAddressOf('::ffff:203.0.113.9', undefined, trusted).address).toBe('203.0.113.9')
  })

  test('with no trusted proxies the header is never read, even from loopback', () => {
    expect(clientAddressOf('127.0.0.1', '198.51.100.1', noTrustedProxies)).toEqual({
      address: '127.0.0.1',
      viaProxy: false,
    })
  })

  test('from a trusted proxy: the right-most untrusted hop, trusted hops skipped', () => {
    expect(clientAddressOf('127.0.0.1', '198.51.100.1', trusted)).toEqual({
      address: '198.51.100.1',
      viaProxy: true,
    })
    // The client's own claim (left) is passed over: nginx appended the real address.
    expect(clientAddressOf('127.0.0.1', '1.2.3.4, 198.51.100.1, 10.0.0.3', trusted).address).toBe(
      '198.51.100.1',
    )
    expect(clientAddressOf('::ffff:127.0.0.1', '::ffff:198.51.100.1', trusted).address).toBe('198.51.100.1')
    expect(clientAddressOf('127.0.0.1', ['1.2.3.4', '2001:DB8::9'], trusted).address).toBe('2001:db8::9')
  })

  test('a malformed hop stops the walk: the last trusted hop stands, never the garbage', () => {
    expect(clientAddressOf('127.0.0.1', 'evil', trusted)).toEqual({ address: '127.0.0.1', viaProxy: true })
    expect(clientAddressOf('127.0.0.1', '198.51.100.1, evil, 10.0.0.3', trusted).address).toBe('10.0.0.3')
    expect(clientAddressOf('127.0.0.1', '198.51.100.1:5555', trusted).address).toBe('127.0.0.1')
    expect(clientAddressOf('127.0.0.1', '', trusted).address).toBe('127.0.0.1')
    expect(clientAddressOf('127.0.0.1', undefined, trusted).address).toBe('127.0.0.1')
  })

  test('a chain of only trusted hops ends at its left-most, and a long chain is walked only so far', () => {
    expect(clientAddressOf('127.0.0.1', '10.0.0.9, 10.0.0.3', trusted).address).toBe('10.0.0.9')
    const long = ['198.51.100.1', ...Array.from({ length: 100 }, (_, i) => `10.0.1.${i}`)].join(', ')
    expect(clientAddressOf('127.0.0.1', long, trusted).address).toMatch(/^10\.0\.1\./)
  })
})
