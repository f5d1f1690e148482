import type { AdminCompetition } from '@prizes/contracts'

/**
 * The admin list comes from read models that may lag a moment behind a command. When the server
 * accepts a change, its answer (the competition as the command left it, or null once deleted) is
 * kept here and shown in place of the listed row until a refetch agrees with it, or until it
 * expires. Nothing is shown that the server did not say: a refused command records nothing.
 */
export interface ConfirmedWrites {
  /** The server's answer for one competition; null when it was deleted. */
  record(id: string, competition: AdminCompetition | null): void
  /** The list with every answer the read model has not caught up with yet. */
  merge(list: readonly AdminCompetition[]): AdminCompetition[]
  /** Whether some answer still waits for the read model (worth refetching soon). */
  pending(): boolean
}

/** The fields a command sets; sold tickets and the winner come from elsewhere and are not compared. */
function agrees(listed: AdminCompetition, answer: AdminCompetition): boolean {
  return (
    listed.status === answer.status &&
    listed.featured === answer.featured &&
    listed.title === answer.title &&
    listed.description === answer.description &&
    listed.prize === answer.prize &&
    listed.prize_value === answer.prize_value &&
    listed.entry_price === answer.entry_price &&
    listed.total_tickets === answer.total_tickets &&
    listed.max_entries_per_person === answer.max_entries_per_person &&
    listed.location === answer.location &&
    listed.image_url === answer.image_url &&
    Date.parse(listed.start_date) === Date.parse(answer.start_date) &&
    Date.parse(listed.end_date) === Date.parse(answer.end_date) &&
    JSON.stringify(listed.skill_question) === JSON.stringify(answer.skill_question)
  )
}

export function createConfirmedWrites(now: () => number = Date.now, keepMs = 15_000): ConfirmedWrites {
  const writes = new Map<string, { readonly competition: AdminCompetition | null; readonly until: number }>()
  return {
    record(id, competition) {
      writes.set(id, { competition, until: now() + keepMs })
    },
    merge(list) {
      let merged = [...list]
      for (const [id, write] of writes) {
        const listed = merged.find((c) => c.id === id)
        const caughtUp =
          write.competition === null
            ? listed === undefined
            : listed !== undefined && agrees(listed, write.competition)
        if (caughtUp || now() > write.until) {
          writes.delete(id)
          continue
        }
        const answer = write.competition
        if (answer === null) merged = merged.filter((c) => c.id !== id)
        else if (listed)
          merged = merged.map((c) => (c.id === id ? { ...answer, winner: c.winner ?? answer.winner } : c))
        else merged = [answer, ...merged]
      }
      return merged
    },
    pending: () => writes.size > 0,
  }
}
