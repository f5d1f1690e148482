import type { CertificateEvent } from '@prizes/contracts'
import {
  type DrawVerification,
  decodeCompetitionEvent,
  jsDrawCrypto,
  type RecordedCompetitionEvent,
  type VerificationStep,
  verifyDraw,
} from '@prizes/domain'

/** Decodes the certificate's events as the query side stores them; unknown event types are skipped. */
export function decodeCertificateEvents(events: readonly CertificateEvent[]): RecordedCompetitionEvent[] {
  return events.flatMap((event) => {
    const known = decodeCompetitionEvent(event)
    return known ? [{ ...known, revision: event.revision }] : []
  })
}

/**
 * Re-runs the draw verifier in the browser on the certificate's events. An event that does not
 * decode (its data fails the schema) is itself a FAIL naming that event, not a crash.
 */
export function verifyCertificate(events: readonly CertificateEvent[]): DrawVerification {
  let decoded: RecordedCompetitionEvent[]
  try {
    decoded = decodeCertificateEvents(events)
  } catch (error) {
    const bad = events.find((event) => {
      try {
        decodeCompetitionEvent(event)
        return false
      } catch {
        return true
      }
    })
    const step = {
      check: 'events decode',
      ok: false,
      detail: `An event does not match its schema: ${error instanceof Error ? error.message : String(error)}`,
      ...(bad ? { event: { type: bad.type, revision: String(bad.revision) } } : {}),
    }
    return { verdict: 'FAIL', steps: [step], mismatch: step }
  }
  return verifyDraw(decoded, jsDrawCrypto)
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
      return 'Verified: drand’s signature on the sealed round checks, and the value is sha256 of it'
    case 'unverified':
      return result.publicRandomness?.signature === undefined
        ? 'Unverified (no signature): entered without drand’s signature, so it cannot be checked against drand here'
        : 'Unverified: sealed on a drand chain this page has no key for'
    default:
      return 'Not checked'
  }
}

/** "TicketsAllocated, revision 4" for a step's event. */
export function describeEvent(
  event: { readonly type: string; readonly revision: string } | undefined,
): string {
  return event ? `${event.type}, revision ${event.revision}` : 'the stream as a whole'
}
