import { bls12_381 } from '@noble/curves/bls12-381.js'
import { describe, expect, it } from 'vitest'
import { checkDrandBeacon, randomnessOfSignature, unchainedRoundMessage } from './beacon'
import { fromHex, jsDrawCrypto, toHex } from './crypto'
import { type DrandChain, quicknet, sealedChain, testDrandChain } from './drand'
import { quicknetBeacons, signedBeacon } from './test-fixtures'

const crypto = jsDrawCrypto
const [round2, round3, later] = [quicknetBeacons[2], quicknetBeacons[3], quicknetBeacons[30662982]]

describe('unchainedRoundMessage', () => {
  it('is sha256 of the round as an 8-byte big-endian integer', () => {
    expect(toHex(unchainedRoundMessage(1, crypto))).toBe(toHex(crypto.sha256(fromHex('0000000000000001'))))
    expect(toHex(unchainedRoundMessage(2 ** 32 + 258, crypto))).toBe(
      toHex(crypto.sha256(fromHex('0000000100000102'))),
    )
    expect(() => unchainedRoundMessage(0, crypto)).toThrow(RangeError)
  })
})

describe('checkDrandBeacon on quicknet', () => {
  it("accepts beacons drand published, under the quicknet key and RFC 9380's G1 DST", () => {
    for (const beacon of [round2, round3, later]) {
      expect(checkDrandBeacon(beacon, quicknet, crypto)).toEqual({ ok: true })
      expect(randomnessOfSignature(beacon.signature, crypto)).toBe(beacon.randomness)
    }
  })

  it("refuses a published signature presented for another round (the wrong round's message)", () => {
    expect(checkDrandBeacon({ ...round3, round: 2 }, quicknet, crypto)).toMatchObject({
      ok: false,
      failure: 'signature',
    })
    expect(checkDrandBeacon({ ...round2, round: 3 }, quicknet, crypto)).toMatchObject({
      ok: false,
      failure: 'signature',
    })
  })

  it('refuses a tampered signature, one that is not a G1 point, and one of the wrong length', () => {
    const flipped = `${later.signature.slice(0, -2)}${later.signature.endsWith('4a') ? '4b' : '4a'}`
    expect(checkDrandBeacon({ ...later, signature: flipped }, quicknet, crypto)).toMatchObject({
      ok: false,
      failure: 'signature',
    })
    expect(checkDrandBeacon({ ...later, signature: 'ff'.repeat(48) }, quicknet, crypto)).toMatchObject({
      ok: false,
      failure: 'signature',
      detail: expect.stringContaining('not a point'),
    })
    expect(checkDrandBeacon({ ...later, signature: 'ab' }, quicknet, crypto)).toMatchObject({
      ok: false,
      failure: 'signature',
    })
  })

  it("refuses a value that is not sha256 of drand's signature", () => {
    const check = checkDrandBeacon({ ...later, randomness: round3.randomness }, quicknet, crypto)
    expect(check).toMatchObject({ ok: false, failure: 'randomness' })
    expect(!check.ok && check.detail).toContain(later.randomness)
  })
})

describe('checkDrandBeacon on a chain of its own', () => {
  const { secretKey, publicKey } = bls12_381.shortSignatures.keygen(new Uint8Array(48).fill(7))
  const chain: DrandChain = { ...quicknet, chainHash: 'test', publicKey: publicKey.toHex() }

  it('accepts what its key signed and nothing signed by another key', () => {
    const beacon = signedBeacon(42, secretKey)
    expect(checkDrandBeacon(beacon, chain, crypto)).toEqual({ ok: true })
    expect(checkDrandBeacon(beacon, quicknet, crypto)).toMatchObject({ ok: false, failure: 'signature' })
    expect(checkDrandBeacon(later, chain, crypto)).toMatchObject({ ok: false, failure: 'signature' })
  })

  it('refuses a signature made with another DST (the non-RFC G2 one of bls-unchained-on-g1)', () => {
    const message = bls12_381.shortSignatures.hash(
      unchainedRoundMessage(42, crypto),
      'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_',
    )
    const signature = bls12_381.shortSignatures.Signature.toHex(
      bls12_381.shortSignatures.sign(message, secretKey),
    )
    const beacon = { round: 42, signature, randomness: randomnessOfSignature(signature, crypto) }
    expect(checkDrandBeacon(beacon, chain, crypto)).toMatchObject({ ok: false, failure: 'signature' })
  })
})

describe('checkDrandBeacon on the TEST chain', () => {
  it("accepts the test key's signatures, and neither chain takes the other's", () => {
    const beacon = signedBeacon(7_000_000)
    expect(checkDrandBeacon(beacon, testDrandChain, crypto)).toEqual({ ok: true })
    expect(checkDrandBeacon(beacon, quicknet, crypto)).toMatchObject({ ok: false, failure: 'signature' })
    expect(checkDrandBeacon(later, testDrandChain, crypto)).toMatchObject({ ok: false, failure: 'signature' })
  })

  it('refuses a test-key signature for another round, and one made with another key', () => {
    const beacon = signedBeacon(7_000_000)
    expect(checkDrandBeacon({ ...beacon, round: 7_000_001 }, testDrandChain, crypto)).toMatchObject({
      ok: false,
      failure: 'signature',
    })
    const otherKey = bls12_381.shortSignatures.keygen(new Uint8Array(48).fill(9)).secretKey
    expect(checkDrandBeacon(signedBeacon(7_000_000, otherKey), testDrandChain, crypto)).toMatchObject({
      ok: false,
      failure: 'signature',
    })
  })
})

describe('sealedChain', () => {
  it('is quicknet when the seal names it or no chain, the TEST chain by its hash, and unknown otherwise', () => {
    expect(sealedChain({ source: 'drand', round: 1 })).toBe(quicknet)
    expect(sealedChain({ source: 'drand', chainHash: quicknet.chainHash, round: 1 })).toBe(quicknet)
    expect(sealedChain({ source: 'drand', chainHash: testDrandChain.chainHash, round: 1 })).toBe(
      testDrandChain,
    )
    expect(sealedChain({ source: 'drand', chainHash: 'dbd506d6', round: 1 })).toBeUndefined()
  })
})
