import type { CertificateEvent } from '@prizes/contracts'
import {
  type DrawVerification,
  decodeCompetitionEvent,
  jsDrawCrypto,
  type RecordedCompetitionEvent,
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

/** "TicketsAllocated, revision 4" for a step's event. */
export function describeEvent(
  event: { readonly type: string; readonly revision: string } | undefined,
): string {
  return event ? `${event.type}, revision ${event.revision}` : 'the stream as a whole'
}

/** A winner's name and town, only those present, joined; null when neither is published. */
export function winnerIdentity(winner: {
  readonly winnerName: string | null
  readonly town: string | null
}): string | null {
  const parts = [winner.winnerName, winner.town].filter((p): p is string => p !== null && p.trim() !== '')
  return parts.length > 0 ? parts.join(', ') : null
}

export const certificatePath = (competitionId: string) => `/draws/${encodeURIComponent(competitionId)}`
