import type { DrawCertificate } from '@prizes/contracts'
import { describe, expect, it } from 'vitest'
import { publicCertificateOf, verifyPublicCertificate } from './certificate'
import { jsDrawCrypto } from './crypto'
import { type DrandChain, quicknet, roundTime, testDrandChain } from './drand'
import {
  completedCompetition,
  entryIdFor,
  type FixtureEntry,
  fixtureRound,
  quicknetBeacon,
  recordedWithTimes,
  seedFor,
  signedBeacon,
  timesAround,
} from './test-fixtures'
import { verifyDraw } from './verify'

const entries: FixtureEntry[] = [
  { userId: 'user-right', quantity: 3, answer: '4' },
  { userId: 'user-wrong', quantity: 5, answer: '5' },
  { userId: 'user-refunded', quantity: 4, answer: '4', refunded: true },
  { userId: 'user-other', quantity: 2, answer: '4' },
]

/** The public certificate of a fixture draw, as the read model and the audit give it. */
function certificateOf(
  beacon?: typeof quicknetBeacon,
  listVersion: 1 | 2 = 2,
  chain: DrandChain = quicknet,
): DrawCertificate {
  const events = completedCompetition(entries, seedFor(3), beacon, listVersion, chain)
  const certificate = publicCertificateOf(recordedWithTimes(events, beacon?.round ?? fixtureRound, chain))
  if (!certificate) throw new Error('fixture: a completed draw expected')
  return certificate
}

describe('publicCertificateOf', () => {
  it("gives the sealed list by reference, and none of the entrants' ids, payments, amounts or answers", () => {
    const certificate = certificateOf(quicknetBeacon)
    expect(certificate.entries).toEqual([
      { entryReference: 'CMP-2030-000001', ticketNumbers: [1, 2, 3] },
      { entryReference: 'CMP-2030-000004', ticketNumbers: [13, 14] },
    ])
    const text = JSON.stringify(certificate)
    for (const secret of ['user-', entryIdFor(0), entryIdFor(3), 'pi_', 'amount', 'answer']) {
      expect(text).not.toContain(secret)
    }
  })
})

describe('verifyPublicCertificate', () => {
  it("PASSes a draw on drand's signed value, as the audit of the whole log does", () => {
    const result = verifyPublicCertificate(certificateOf(quicknetBeacon), jsDrawCrypto)
    expect(result.mismatch).toBeUndefined()
    expect(result.verdict).toBe('PASS')
    expect(result.steps.map((step) => step.check)).toEqual([
      'seal',
      'seed revealed',
      'public randomness',
      'round timing',
      'drand signature',
      'drand randomness',
      'winner',
    ])
    const events = completedCompetition(entries, seedFor(3), quicknetBeacon)
    const audit = verifyDraw(recordedWithTimes(events, quicknetBeacon.round), jsDrawCrypto)
    expect(audit.verdict).toBe('PASS')
    expect(result.winner).toEqual({
      ticketNumber: audit.winner?.ticketNumber,
      entryReference: audit.winner?.entryReference,
    })
  })

  it('says UNVERIFIED, not PASS, for a value recorded without a signature', () => {
    const result = verifyPublicCertificate(certificateOf(), jsDrawCrypto)
    expect(result.verdict).toBe('UNVERIFIED')
    expect(result.steps.filter((step) => step.unverified).map((step) => step.check)).toEqual([
      'drand signature',
    ])
  })

  it('FAILs a list that is not the one sealed: a ticket moved to another reference, one left out, one listed twice', () => {
    const certificate = certificateOf(quicknetBeacon)
    const [first, second] = certificate.entries
    if (!first || !second) throw new Error('fixture: two entries expected')
    const moved = {
      ...certificate,
      entries: [
        { ...first, ticketNumbers: first.ticketNumbers.slice(0, 2) },
        { ...second, ticketNumbers: [3, ...second.ticketNumbers] },
      ],
    }
    expect(verifyPublicCertificate(moved, jsDrawCrypto).mismatch).toMatchObject({
      check: 'seal',
      detail: expect.stringContaining('list hash'),
    })
    const short = { ...certificate, entries: [first] }
    expect(verifyPublicCertificate(short, jsDrawCrypto).mismatch).toMatchObject({ check: 'seal' })
    const twice = { ...certificate, entries: [first, { ...second, ticketNumbers: [3, 13] }] }
    expect(verifyPublicCertificate(twice, jsDrawCrypto).mismatch).toMatchObject({
      check: 'sealed list',
      detail: 'Ticket 3 is listed twice',
    })
  })

  it('FAILs another seed, another winner, and a draw recorded before the round was published', () => {
    const certificate = certificateOf(quicknetBeacon)
    const { draw } = certificate
    const check = (changed: Partial<DrawCertificate['draw']>) =>
      verifyPublicCertificate({ ...certificate, draw: { ...draw, ...changed } }, jsDrawCrypto).mismatch?.check
    expect(check({ seed: seedFor(4) })).toBe('seed revealed')
    expect(check({ winningTicket: draw.winningTicket === 1 ? 2 : 1 })).toBe('winner')
    const early = new Date(roundTime(quicknetBeacon.round).getTime() - 1000).toISOString()
    expect(check({ drawnAt: early })).toBe('round timing')
  })

  it('draws a list sealed before version 2 from its tickets, but cannot check its hash: UNVERIFIED', () => {
    const certificate = certificateOf(quicknetBeacon, 1)
    expect(certificate.seal.listVersion).toBe(1)
    const result = verifyPublicCertificate(certificate, jsDrawCrypto)
    expect(result.verdict).toBe('UNVERIFIED')
    expect(result.steps.find((step) => step.check === 'seal')).toMatchObject({
      unverified: true,
      detail: expect.stringContaining('npm run audit'),
    })
    expect(result.steps.find((step) => step.check === 'winner')).toMatchObject({ ok: true })
    // The audit of the log checks the version 1 hash in full.
    const events = completedCompetition(entries, seedFor(3), quicknetBeacon, 1)
    expect(verifyDraw(recordedWithTimes(events, quicknetBeacon.round), jsDrawCrypto).verdict).toBe('PASS')
  })
})

describe('verifyPublicCertificate on the TEST drand chain', () => {
  const beacon = signedBeacon(7_000_000)
  const certificate = certificateOf(beacon, 2, testDrandChain)
  const signedWith = (signature: string) => ({
    ...certificate,
    draw: { ...certificate.draw, publicRandomness: { ...certificate.draw.publicRandomness, signature } },
  })

  it('PASSes a draw signed with the test key, marked as on the TEST chain, and says so in the signature step', () => {
    const result = verifyPublicCertificate(certificate, jsDrawCrypto)
    expect(result.verdict).toBe('PASS')
    expect(result.testChain).toBe(true)
    expect(result.drandSignature).toBe('verified')
    expect(result.steps.find((step) => step.check === 'drand signature')?.detail).toContain(
      "TEST MODE: that chain's secret key is public",
    )
    expect(verifyPublicCertificate(certificateOf(quicknetBeacon), jsDrawCrypto).testChain).toBeUndefined()
  })

  it("FAILs a signature that is not the test key's on the sealed round", () => {
    const otherRound = signedBeacon(7_000_001).signature
    expect(verifyPublicCertificate(signedWith(otherRound), jsDrawCrypto)).toMatchObject({
      verdict: 'FAIL',
      testChain: true,
      mismatch: { check: 'drand signature' },
    })
    const otherKey = signedBeacon(7_000_000, `${'ab'.repeat(31)}01`).signature
    expect(verifyPublicCertificate(signedWith(otherKey), jsDrawCrypto).mismatch?.check).toBe(
      'drand signature',
    )
  })

  it('FAILs a test-key signature on a round sealed on quicknet: quicknet takes only its own group key', () => {
    // Closed and drawn around the round's quicknet time, so only the signature can fail.
    const { closeAt, drawAt } = timesAround(beacon.round, quicknet)
    const randomness = { ...certificate.seal.randomness, chainHash: quicknet.chainHash }
    const onQuicknet = {
      ...certificate,
      seal: { ...certificate.seal, randomness, closedAt: closeAt.toISOString() },
      draw: { ...certificate.draw, drawnAt: drawAt.toISOString() },
    }
    const result = verifyPublicCertificate(onQuicknet, jsDrawCrypto)
    expect(result).toMatchObject({ verdict: 'FAIL', mismatch: { check: 'drand signature' } })
    expect(result.testChain).toBeUndefined()
  })
})
