import type { DrawCertificate } from '@prizes/contracts'
import {
  type DrawVerification,
  entryReferencePattern,
  formatEntryReference,
  jsDrawCrypto,
  quicknet,
  sealedChain,
  type VerificationStep,
  verifyPublicCertificate,
} from '@prizes/domain'

/**
 * Re-runs the draw in the browser on the public certificate: the sealed list by reference and
 * the facts of the draw, checked with the same code the audit runs (`verifyPublicCertificate`).
 */
export function verifyCertificate(certificate: DrawCertificate): DrawVerification {
  return verifyPublicCertificate(certificate, jsDrawCrypto)
}

/** How a step reads: Pass, Fail, or Unverified for a check that could not be made. */
export function stepLabel(step: VerificationStep): 'Pass' | 'Fail' | 'Unverified' {
  if (!step.ok) return 'Fail'
  return step.unverified ? 'Unverified' : 'Pass'
}

/** Whether the randomness is drand's, as far as the verifier could tell. */
export function randomnessStatus(result: DrawVerification): string {
  switch (result.drandSignature) {
    case 'verified':
      return result.testChain
        ? 'Verified on the TEST drand chain: its signature on the sealed round checks, and the value is sha256 of it, but that chain’s secret key is public (TEST MODE)'
        : 'Verified: drand’s signature on the sealed round checks, and the value is sha256 of it'
    case 'unverified':
      return result.publicRandomness?.signature === undefined
        ? 'Unverified (no signature): entered without drand’s signature, so it cannot be checked against drand here'
        : 'Unverified: sealed on a drand chain this page has no key for'
    default:
      return 'Not checked'
  }
}

/** The drand chain the round was sealed on: quicknet, the TEST chain, or one this page does not know. */
export function chainLabel(result: DrawVerification): string | undefined {
  const sealed = result.sealedRandomness
  if (!sealed) return undefined
  // A seal naming no chain is a quicknet one (every round named before chains were recorded).
  const hash = sealed.chainHash ?? quicknet.chainHash
  const chain = sealedChain(sealed)
  if (!chain) return `Unknown to this page: ${hash}`
  return chain.testOnly ? `TEST chain (TEST MODE only): ${hash}` : `quicknet (League of Entropy): ${hash}`
}

/**
 * An entrant's tickets on the sealed list, by their entry reference (as the confirmation email
 * and the dashboard show it; case and spaces forgiven), or undefined when it is not on the list
 * (a wrong answer, a refund, or a mistyped reference).
 */
export function ticketsOf(certificate: DrawCertificate, reference: string): readonly number[] | undefined {
  const wanted = reference.trim().toUpperCase()
  if (wanted === '') return undefined
  return certificate.entries.find((entry) => entry.entryReference.toUpperCase() === wanted)?.ticketNumbers
}

/** The example's sequence number: plainly a sample, moved on if it is someone's on this list. */
const exampleSequence = 123_456

/**
 * An example entry reference in the platform's real format (`formatEntryReference`): the prefix
 * of the references listed, the year the entries were sealed. Undefined when no listed reference
 * shows the format, rather than an example that may not match it.
 */
export function exampleReference(certificate: DrawCertificate): string | undefined {
  const listed = certificate.entries.map((entry) => entry.entryReference)
  const sample = listed.find((reference) => entryReferencePattern.test(reference))
  if (!sample) return undefined
  const prefix = sample.slice(0, sample.indexOf('-'))
  const closedAt = new Date(certificate.seal.closedAt)
  const taken = new Set(listed)
  let sequence = exampleSequence
  while (taken.has(formatEntryReference(prefix, closedAt, sequence))) sequence += 1
  return formatEntryReference(prefix, closedAt, sequence)
}
