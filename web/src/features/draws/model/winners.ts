/**
 * What the home page's winners list needs, kept apart from the verifier (`certificate.ts`) so the
 * eager bundle does not carry the draw verifier and its BLS code: only the lazily loaded
 * certificate page imports those.
 */

/** A winner's name and town, only those present, joined; null when neither is published. */
export function winnerIdentity(winner: {
  readonly winnerName: string | null
  readonly town: string | null
}): string | null {
  const parts = [winner.winnerName, winner.town].filter((p): p is string => p !== null && p.trim() !== '')
  return parts.length > 0 ? parts.join(', ') : null
}

export const certificatePath = (competitionId: string) => `/draws/${encodeURIComponent(competitionId)}`
