import { bls12_381 } from '@noble/curves/bls12-381.js'
import { describe, expect, it } from 'vitest'
import { concatBytes, fromHex, jsDrawCrypto, toHex, utf8 } from './crypto'
import { type DrandChain, drandRound, knownDrandChains, quicknet, testDrandChain } from './drand'
import { testDrandSecretKey } from './test-fixtures'

describe('drandRound', () => {
  const at = (seconds: number) => new Date((quicknet.genesisTime + seconds) * 1000)

  it('answers the first round published at or after the moment', () => {
    expect(drandRound(at(0))).toBe(1)
    expect(drandRound(at(-100))).toBe(1)
    expect(drandRound(at(3))).toBe(2)
    expect(drandRound(at(3.5))).toBe(3)
    expect(drandRound(at(30 * 24 * 3600))).toBe(864_001)
  })

  it('follows another chain given', () => {
    const chain = { chainHash: 'x', genesisTime: 1000, period: 30 }
    expect(drandRound(new Date(1_000_000 + 61_000), chain)).toBe(4)
  })
})

/**
 * drand's chain hash (drand/drand `chain/info.go`, `Info.Hash`): sha256 of the period in seconds
 * as a u32 and the genesis time as an i64, both big-endian, then the public key, the group hash
 * and the beacon ID (left out for drand's "default" beacon).
 */
function chainInfoHash(chain: DrandChain): string {
  const times = new Uint8Array(12)
  const view = new DataView(times.buffer)
  view.setUint32(0, chain.period)
  view.setBigInt64(4, BigInt(chain.genesisTime))
  const id = chain.beaconId === 'default' ? new Uint8Array() : utf8(chain.beaconId)
  const info = concatBytes(times, fromHex(chain.publicKey), fromHex(chain.groupHash), id)
  return toHex(jsDrawCrypto.sha256(info))
}

describe('the chains', () => {
  it("each hash is drand's chain info hash of the chain's fields (quicknet's as drand publishes it)", () => {
    expect(chainInfoHash(quicknet)).toBe(quicknet.chainHash)
    expect(chainInfoHash(testDrandChain)).toBe(testDrandChain.chainHash)
  })

  it("the TEST chain's key is the test secret key's, and only the TEST chain is marked test-only", () => {
    const publicKey = bls12_381.shortSignatures.getPublicKey(fromHex(testDrandSecretKey)).toHex()
    expect(testDrandChain.publicKey).toBe(publicKey)
    expect(testDrandChain.scheme).toBe(quicknet.scheme)
    expect(testDrandChain.period).toBe(quicknet.period)
    expect([...knownDrandChains.values()].filter((chain) => chain.testOnly)).toEqual([testDrandChain])
    expect(quicknet.testOnly).toBeUndefined()
  })
})
