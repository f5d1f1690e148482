import { describe, expect, test } from 'vitest'
import { networkOf } from './network'

describe('networkOf', () => {
  test.each([
    ['203.0.113.9', '203.0.113.0/24'],
    ['::ffff:203.0.113.9', '203.0.113.0/24'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:DB8:0:0:ffff::1', '2001:db8:0:0::/64'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
    ['64:ff9b::192.0.2.33', '64:ff9b:0:0::/64'],
    ['', ''],
    ['not-an-address', 'not-an-address'],
  ])('%s is in %s', (address, network) => {
    expect(networkOf(address)).toBe(network)
  })
})
