import { quicknet, testDrandChain } from '@prizes/domain'
import { describe, expect, it } from 'vitest'
import { randomnessOf } from '../../lifecycle/winner-email'
import { winnerEmail } from './winner-emails'

const input = {
  firstName: 'Ada',
  competitionId: 'c-42',
  competitionTitle: 'Win a <campervan>',
  prize: 'A campervan & a year of fuel',
  ticketNumber: 17,
  entryReference: 'PRZ-2030-000042',
  publicUrl: 'https://prizes.example/',
  randomness: { round: 4242, verified: 'drand' as const },
}

describe('winnerEmail', () => {
  it('names the prize, the winning ticket, the reference and links the certificate', () => {
    const mail = winnerEmail(input)
    expect(mail.subject).toBe('Congratulations, you won A campervan & a year of fuel!')
    for (const line of [
      'Hello Ada,',
      'Winning ticket number: 17',
      'Entry reference: PRZ-2030-000042',
      'within 48 hours',
      'https://prizes.example/draws/c-42',
    ]) {
      expect(mail.text).toContain(line)
      expect(mail.html).toContain(line)
    }
    expect(mail.html).toContain('Win a &lt;campervan&gt;')
    expect(mail.html).not.toContain('<campervan>')
  })

  it("says whether the draw's randomness was verified with drand's signature, never that an unsigned one was public", () => {
    const verified = winnerEmail(input)
    expect(verified.text).toContain("drand round 4242, was verified with drand's signature")
    const unverified = winnerEmail({ ...input, randomness: { round: 4242, verified: 'unverified' } })
    expect(unverified.text).toContain(
      "UNVERIFIED: the draw's randomness (drand round 4242) was entered without drand's signature",
    )
    expect(unverified.html).toContain('UNVERIFIED: the draw&#39;s randomness (drand round 4242)')
    for (const part of [unverified.text, unverified.html]) {
      expect(part).not.toContain('verified with')
      expect(part).not.toContain('public view')
    }
    const testChain = winnerEmail({ ...input, randomness: { round: 7, verified: 'test-chain' } })
    expect(testChain.text).toContain("TEST MODE: the draw's randomness is round 7 of the TEST drand chain")
    expect(testChain.text).not.toContain("verified with drand's signature")
  })
})

describe('randomnessOf (the winner email reactor)', () => {
  const drawn = { source: 'drand' as const, round: 9, value: 'ab'.repeat(32) }
  it('is verified only with a signature, and on the TEST chain says so', () => {
    const quicknetSeal = { source: 'drand' as const, chainHash: quicknet.chainHash, round: 9 }
    const testSeal = { source: 'drand' as const, chainHash: testDrandChain.chainHash, round: 9 }
    expect(randomnessOf(drawn, quicknetSeal)).toEqual({ round: 9, verified: 'unverified' })
    expect(randomnessOf({ ...drawn, signature: 'cd' }, quicknetSeal)).toEqual({ round: 9, verified: 'drand' })
    expect(randomnessOf({ ...drawn, signature: 'cd' }, testSeal)).toEqual({
      round: 9,
      verified: 'test-chain',
    })
  })
})
