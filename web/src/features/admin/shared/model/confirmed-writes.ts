import type { AdminCompetition } from '@prizes/contracts'

/**
 * The admin list comes from read models that may lag a moment behind a command. When the server
 * accepts a change, its answer (the competition as the command left it, or null once deleted) is
 * kept here and shown in place of the listed row until a refetch agrees with it, or until it
 * expires. Nothing is shown that the server did not say: a refused command records nothing.
 *
 * The list is paged on the server, so a page only knows its own rows. A changed competition the
 * page no longer lists has moved off it (its order or title changed): the read model has it. A
 * created one is shown at the top of the first page (when its title fits the search) until some
 * page lists it.
 */
export interface ConfirmedWrites {
  /** The server's answer for one competition; null when it was deleted. */
  record(id: string, competition: AdminCompetition | null, options?: { readonly created?: boolean }): void
  /** The page with every answer the read model has not caught up with yet. */
  merge(list: readonly AdminCompetition[], page: ListedPage): AdminCompetition[]
  /** Whether some answer still waits for the read model (worth refetching soon). */
  pending(): boolean
}

/** Which page of the list was read: its number (from 1) and the title search it was read for. */
export interface ListedPage {
  readonly page: number
  readonly search: string
}

/** The server's search: any part of the title, in any case. */
const titleFits = (competition: AdminCompetition, search: string) =>
  competition.title.toLowerCase().includes(search.trim().toLowerCase())

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
  const writes = new Map<
    string,
    { readonly competition: AdminCompetition | null; readonly created: boolean; readonly until: number }
  >()
  return {
    record(id, competition, options) {
      writes.set(id, { competition, created: options?.created ?? false, until: now() + keepMs })
    },
    merge(list, { page, search }) {
      let merged = [...list]
      for (const [id, write] of writes) {
        const listed = merged.find((c) => c.id === id)
        const answer = write.competition
        if (now() > write.until) {
          writes.delete(id)
        } else if (answer === null) {
          if (listed) merged = merged.filter((c) => c.id !== id)
          else writes.delete(id)
        } else if (listed) {
          if (agrees(listed, answer)) writes.delete(id)
          else
            merged = merged.map((c) => (c.id === id ? { ...answer, winner: c.winner ?? answer.winner } : c))
        } else if (!write.created) {
          writes.delete(id)
        } else if (page === 1 && titleFits(answer, search)) {
          merged = [answer, ...merged]
        }
      }
      return merged
    },
    pending: () => writes.size > 0,
  }
}
