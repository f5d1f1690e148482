import { type DrawCertificate, endpoints } from '@prizes/contracts'
import {
  type DrandChain,
  entryReferencePattern,
  publicCertificateOf,
  quicknet,
  testDrandChain,
} from '@prizes/domain'
import {
  completedCompetition,
  fixtureRound,
  quicknetBeacon,
  quicknetBeacons,
  randomnessValue,
  recordedWithTimes,
  seedFor,
  signedBeacon,
} from '@prizes/domain/testing'
import { describe, expect, test } from 'vitest'
import {
  chainLabel,
  exampleReference,
  randomnessStatus,
  stepLabel,
  ticketsOf,
  verifyCertificate,
} from './certificate'

/**
 * The certificate as GET /api/draws/:id/certificate sends it (through JSON and the contract):
 * drawn with a value entered without a signature, or with a beacon of `chain` (a published
 * quicknet one, or one the TEST chain's key signed).
 */
function certificate(beacon?: typeof quicknetBeacon, chain: DrandChain = quicknet): DrawCertificate {
  const events = completedCompetition(
    [
      { userId: 'u-1', quantity: 3, answer: '4' },
      { userId: 'u-2', quantity: 1, answer: '5' },
    ],
    seedFor(0),
    beacon,
    2,
    chain,
  )
  const built = publicCertificateOf(recordedWithTimes(events, beacon?.round ?? fixtureRound, chain))
  return endpoints.drawCertificate.response.parse(JSON.parse(JSON.stringify({ success: true, ...built })))
}

describe('verifyCertificate', () => {
  test("PASSes on a draw whose value carries drand's signature, checked in the browser", () => {
    const result = verifyCertificate(certificate(quicknetBeacon))
    expect(result.mismatch).toBeUndefined()
    expect(result.verdict).toBe('PASS')
    expect(result.steps.map(stepLabel)).not.toContain('Unverified')
    expect(result.steps.map((s) => s.check)).toEqual(
      expect.arrayContaining(['drand signature', 'drand randomness']),
    )
    expect(result.publicRandomness?.signature).toBe(quicknetBeacon.signature)
    expect(randomnessStatus(result)).toMatch(/^Verified: drand’s signature/)
    expect(result.testChain).toBeUndefined()
    expect(chainLabel(result)).toBe(`quicknet (League of Entropy): ${quicknet.chainHash}`)
    expect(result.winner?.entryReference).toBe('CMP-2030-000001')
  })

  test('PASSes a draw on the TEST chain, naming that chain and TEST MODE', () => {
    const result = verifyCertificate(certificate(signedBeacon(7_000_000), testDrandChain))
    expect(result).toMatchObject({ verdict: 'PASS', testChain: true, drandSignature: 'verified' })
    expect(randomnessStatus(result)).toMatch(/^Verified on the TEST drand chain: .* \(TEST MODE\)$/)
    expect(chainLabel(result)).toBe(`TEST chain (TEST MODE only): ${testDrandChain.chainHash}`)
  })

  test('FAILs a TEST chain draw whose signature is not the test key’s on the sealed round', () => {
    const signed = certificate(signedBeacon(7_000_000), testDrandChain)
    const publicRandomness = { ...signed.draw.publicRandomness, signature: signedBeacon(7_000_001).signature }
    const result = verifyCertificate({ ...signed, draw: { ...signed.draw, publicRandomness } })
    expect(result).toMatchObject({ verdict: 'FAIL', mismatch: { check: 'drand signature' } })
  })

  test('names a chain it has no key for, and does not PASS it', () => {
    const signed = certificate(quicknetBeacon)
    const randomness = { ...signed.seal.randomness, chainHash: 'dbd506d6' }
    const result = verifyCertificate({ ...signed, seal: { ...signed.seal, randomness } })
    expect(result.verdict).toBe('UNVERIFIED')
    expect(chainLabel(result)).toBe('Unknown to this page: dbd506d6')
  })

  test('says UNVERIFIED, not PASS, for a value entered without a signature', () => {
    const result = verifyCertificate(certificate())
    expect(result.verdict).toBe('UNVERIFIED')
    expect(result.mismatch).toBeUndefined()
    expect(result.seed).toBe(seedFor(0))
    expect(result.publicRandomness).toEqual({
      source: 'drand',
      round: fixtureRound,
      value: randomnessValue(0),
    })
    const drand = result.steps.find((s) => s.check === 'drand signature')
    expect(drand && stepLabel(drand)).toBe('Unverified')
    expect(result.steps.filter((s) => stepLabel(s) === 'Unverified')).toHaveLength(1)
    expect(randomnessStatus(result)).toMatch(/^Unverified \(no signature\)/)
  })

  test("FAILs naming the drand signature step when the signature is not drand's for the round", () => {
    const signed = certificate(quicknetBeacon)
    const publicRandomness = { ...signed.draw.publicRandomness, signature: quicknetBeacons[3].signature }
    const result = verifyCertificate({ ...signed, draw: { ...signed.draw, publicRandomness } })
    expect(result.verdict).toBe('FAIL')
    expect(result.mismatch).toMatchObject({ check: 'drand signature' })
    expect(result.mismatch && stepLabel(result.mismatch)).toBe('Fail')
  })

  test('FAILs when the revealed seed does not match the commitment', () => {
    const drawn = certificate()
    const result = verifyCertificate({ ...drawn, draw: { ...drawn.draw, seed: seedFor(1) } })
    expect(result.verdict).toBe('FAIL')
    expect(result.mismatch?.check).toBe('seed revealed')
    expect(result.steps.at(-1)).toEqual(result.mismatch)
  })
})

test('ticketsOf finds an entrant by reference, and nothing for an entry not on the list', () => {
  const drawn = certificate()
  expect(ticketsOf(drawn, ' cmp-2030-000001 ')).toEqual([1, 2, 3])
  // A wrong answer is not on the sealed list.
  expect(ticketsOf(drawn, 'CMP-2030-000002')).toBeUndefined()
  expect(ticketsOf(drawn, '')).toBeUndefined()
})

test('the example reference has the real format: the prefix of the listed references, the year of the close', () => {
  const drawn = certificate()
  const example = exampleReference(drawn)
  expect(example).toMatch(entryReferencePattern)
  expect(example).toBe(`CMP-${new Date(drawn.seal.closedAt).getUTCFullYear()}-123456`)
  // An example, not someone's entry.
  expect(ticketsOf(drawn, example ?? '')).toBeUndefined()
  const taken = {
    ...drawn,
    entries: [{ entryReference: example ?? '', ticketNumbers: [9] }, ...drawn.entries],
  }
  expect(exampleReference(taken)).toBe(`CMP-${new Date(drawn.seal.closedAt).getUTCFullYear()}-123457`)
  // Nothing listed in the real format: no example rather than a made-up one.
  expect(exampleReference({ ...drawn, entries: [{ entryReference: 'legacy', ticketNumbers: [1] }] })).toBe(
    undefined,
  )
})
