import { type AdminCompetition, competitionStream, entryCapOf, errorCodes, Refusal } from '@prizes/contracts'
import { type CompetitionState, competitionDecider } from '@prizes/domain'
import type { CommandHandler, StreamStore } from '../command-handler'

const pounds = (pence: number) => pence / 100

/** A competition's state as the store has it now: from the handler's cache, a snapshot and the tail. */
export function loadCompetition(handler: CommandHandler, competitionId: string): Promise<CompetitionState> {
  return handler.load(competitionStream(competitionId), competitionDecider)
}

export function notFound(): Refusal {
  return new Refusal(errorCodes.notFound, 'Competition not found')
}

/**
 * When the draw completed, from its event's envelope; null before. Read backwards from the end
 * of the stream, where it is: after the draw only refunds can follow it.
 */
async function drawnAt(
  store: Pick<StreamStore, 'readStream'>,
  competitionId: string,
): Promise<string | null> {
  const stream = competitionStream(competitionId)
  const pageSize = 100
  let from: bigint | 'end' = 'end'
  for (;;) {
    const page = await store.readStream(stream, { from, direction: 'backwards', limit: pageSize })
    const completed = page.find((event) => event.type === 'DrawCompleted')
    if (completed) {
      // As the projections read it: the command's time, else when it was stored.
      const { occurredAt } = completed.metadata
      return typeof occurredAt === 'string' ? occurredAt : completed.recordedAt.toISOString()
    }
    const last = page.at(-1)
    if (page.length < pageSize || last === undefined || last.revision === 0n) return null
    from = last.revision - 1n
  }
}

/** SPEC section 3's admin shape (snake_case, pounds, with the correct answer) of a command's state. */
export async function adminView(
  store: Pick<StreamStore, 'readStream'>,
  state: CompetitionState,
): Promise<AdminCompetition | undefined> {
  if (!state.exists || state.status === 'deleted') return undefined
  const { details } = state
  return {
    id: state.competitionId,
    title: details.title,
    description: details.description,
    prize: details.prize,
    prize_value: pounds(details.prizeValuePence),
    entry_price: pounds(details.entryPricePence),
    total_tickets: details.totalTickets,
    max_entries_per_person: entryCapOf(details),
    sold_tickets: state.tickets.allocated,
    location: details.location,
    start_date: details.startDate,
    end_date: details.endDate,
    status: state.status,
    featured: state.featured,
    image_url: details.imageUrl,
    drawn_at: state.status === 'completed' ? await drawnAt(store, state.competitionId) : null,
    minimum_tickets: details.minimumTickets ?? null,
    cash_alternative:
      details.cashAlternativePence === undefined ? null : pounds(details.cashAlternativePence),
    end_date_extended: state.endDateExtended,
    skill_question: {
      question: details.skillQuestion.question,
      options: [...details.skillQuestion.options],
      correct: details.skillQuestion.correct,
    },
    extra_skill_questions: (details.extraSkillQuestions ?? []).map((q) => ({
      question: q.question,
      options: [...q.options],
      correct: q.correct,
    })),
    draw: {
      seed_commitment: state.seedCommitment,
      randomness_round: state.sealed?.randomness.round ?? null,
      eligible_tickets: state.sealed?.seal.eligibleTickets ?? null,
      list_hash: state.sealed?.seal.listHash ?? null,
    },
  }
}
