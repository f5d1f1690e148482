import { competitionEvents, competitionStreamPrefix, entryEvents } from '@prizes/contracts'
import type { RecordedEvent, SubscriptionFilter } from '@prizes/event-store'

/** A published competition still taking entries: what the auto-close reactor watches. */
export interface OpenCompetition {
  readonly competitionId: string
  readonly endDate: Date
  readonly totalTickets: number
  readonly allocated: number
}

/** The lifecycle events that end a competition's active life; read by type, whatever their data. */
export const endingEventTypes = ['CompetitionClosed', 'CompetitionCancelled', 'CompetitionDeleted'] as const

export const openCompetitionEventTypes = [
  'CompetitionCreated',
  'CompetitionRevised',
  'CompetitionPublished',
  'TicketsAllocated',
  'CompetitionUndersold',
  'CompetitionEndDateExtended',
  'PostalEntryRecorded',
  ...endingEventTypes,
] as const

export const openCompetitionFilter: SubscriptionFilter = {
  streamPrefixes: [competitionStreamPrefix],
  eventTypes: openCompetitionEventTypes,
}

interface Known {
  readonly endDate: Date
  readonly totalTickets: number
  readonly allocated: number
  readonly active: boolean
}

const idOf = (event: RecordedEvent) =>
  event.streamId.startsWith(competitionStreamPrefix)
    ? event.streamId.slice(competitionStreamPrefix.length)
    : undefined

/**
 * The competitions that are active, by id, folded from their events in log order. Drafts are
 * tracked (their details and any tickets) but only published ones are open; a close, cancel or
 * delete forgets the competition for good. An undersold one stops being open but is remembered,
 * since extending its end date opens it again until the new date. Applying an event twice (the one a crash left
 * unconfirmed) changes nothing that matters: a repeated allocation can only bring a close on
 * sooner, and closing twice is refused by the domain and ignored here.
 */
export class OpenCompetitions {
  private readonly known = new Map<string, Known>()
  private readonly ended = new Set<string>()

  /** Applies one event; answers the competition's id when the event concerned an open one. */
  apply(event: RecordedEvent): string | undefined {
    const competitionId = idOf(event)
    if (competitionId === undefined || this.ended.has(competitionId)) return undefined
    const current = this.known.get(competitionId)
    switch (event.type) {
      case 'CompetitionCreated':
      case 'CompetitionRevised': {
        const parsed = competitionEvents[event.type].safeParse(event.data)
        if (!parsed.success) return undefined
        const { endDate, totalTickets } = parsed.data.details
        this.known.set(competitionId, {
          endDate: new Date(endDate),
          totalTickets,
          allocated: current?.allocated ?? 0,
          active: current?.active ?? false,
        })
        break
      }
      case 'CompetitionPublished':
        if (!current) return undefined
        this.known.set(competitionId, { ...current, active: true })
        break
      case 'CompetitionUndersold':
        if (!current) return undefined
        this.known.set(competitionId, { ...current, active: false })
        return undefined
      case 'CompetitionEndDateExtended': {
        const parsed = competitionEvents.CompetitionEndDateExtended.safeParse(event.data)
        if (!current || !parsed.success) return undefined
        this.known.set(competitionId, { ...current, endDate: new Date(parsed.data.endDate), active: true })
        break
      }
      // A postal entry takes a ticket from the same total (its data is an allocation's).
      case 'TicketsAllocated':
      case 'PostalEntryRecorded': {
        const parsed = entryEvents.TicketsAllocated.safeParse(event.data)
        if (!current || !parsed.success) return undefined
        const allocated = current.allocated + parsed.data.ticketNumbers.length
        this.known.set(competitionId, { ...current, allocated })
        break
      }
      default:
        if (!(endingEventTypes as readonly string[]).includes(event.type)) return undefined
        this.known.delete(competitionId)
        this.ended.add(competitionId)
        return undefined
    }
    return this.get(competitionId) ? competitionId : undefined
  }

  /**
   * Stops watching a competition closed by us, ahead of its event arriving: the event forgets it
   * for good, or (undersold) keeps it for an extension to open again.
   */
  end(competitionId: string): void {
    const current = this.known.get(competitionId)
    if (current) this.known.set(competitionId, { ...current, active: false })
  }

  get(competitionId: string): OpenCompetition | undefined {
    const known = this.known.get(competitionId)
    if (!known?.active) return undefined
    const { endDate, totalTickets, allocated } = known
    return { competitionId, endDate, totalTickets, allocated }
  }

  list(): OpenCompetition[] {
    return [...this.known.keys()].flatMap((id) => this.get(id) ?? [])
  }
}

export const isSoldOut = (competition: OpenCompetition) => competition.allocated >= competition.totalTickets
