import {
  competitionEvents,
  competitionStream,
  competitionStreamPrefix,
  entryEvents,
  type PublicRandomness,
  type SealedRandomness,
} from '@prizes/contracts'
import { sealedChain } from '@prizes/domain'
import { type EventStore, type RecordedEvent, streamPages } from '@prizes/event-store'
import type { Logger } from '@prizes/platform'
import type { Knex } from 'knex'
import { entrantRecipient } from '../account-mail/recipient'
import type { MailOutbox } from '../mail/outbox'
import { type WinnerRandomness, winnerEmail } from '../mail/templates/winner-emails'
import { type Reactor, type RunningReactor, startReactor } from '../runner'
import { knexUserKeyReader, type UserKeyReader } from '../user-keys'

export interface WinnerEmailOptions {
  readonly store: EventStore
  /** `reactor_checkpoints`, `user_keys`. */
  readonly knex: Knex
  readonly logger: Logger
  /** Where the email is queued; a sender sends it. */
  readonly outbox: MailOutbox
  /** PUBLIC_URL, for the certificate link. */
  readonly publicUrl: string
  readonly userKeys?: UserKeyReader
  readonly retryDelayMs?: number
}

export const winnerEmailName = 'winner-email'

/**
 * The competition's title, prize and cash alternative as they stood at the draw, and the winning
 * entry's reference: the stream up to the draw, a page at a time (an event per entry before it).
 */
async function drawnCompetition(
  store: Pick<EventStore, 'readStream'>,
  draw: RecordedEvent,
  winningEntryId: string,
) {
  let title: string | undefined
  let prize: string | undefined
  let cashAlternativePence: number | undefined
  let entryReference: string | undefined
  let sealed: SealedRandomness | undefined
  for await (const page of streamPages(store, draw.streamId, { to: draw.revision })) {
    for (const event of page) {
      if (event.type === 'CompetitionClosed') {
        const parsed = competitionEvents.CompetitionClosed.safeParse(event.data)
        if (parsed.success) sealed = parsed.data.randomness
      } else if (event.type === 'CompetitionCreated' || event.type === 'CompetitionRevised') {
        const parsed = competitionEvents[event.type].safeParse(event.data)
        if (parsed.success) ({ title, prize, cashAlternativePence } = parsed.data.details)
      } else if (event.type === 'TicketsAllocated' || event.type === 'PostalEntryRecorded') {
        const parsed = entryEvents.TicketsAllocated.safeParse(event.data)
        if (parsed.success && parsed.data.entryId === winningEntryId)
          entryReference = parsed.data.entryReference
      }
    }
  }
  return title && prize && entryReference
    ? { title, prize, cashAlternativePence, entryReference, sealed }
    : undefined
}

/**
 * How the email describes the randomness: a signature was checked against the sealed chain when
 * the draw was recorded, so one present is verified (on the TEST chain, said so); none: UNVERIFIED.
 */
export function randomnessOf(
  drawn: PublicRandomness,
  sealed: SealedRandomness | undefined,
): WinnerRandomness {
  if (drawn.signature === undefined) return { round: drawn.round, verified: 'unverified' }
  const chain = sealed ? sealedChain(sealed) : undefined
  return { round: drawn.round, verified: chain?.testOnly ? 'test-chain' : 'drand' }
}

/**
 * Emails the winner when a draw completes (DrawCompleted): the prize, the winning ticket, the
 * entry reference and a link to the public draw certificate. Queued in the mail outbox under the
 * event's id, so it is sent at least once and a replay queues nothing new; an erased winner gets
 * nothing.
 */
export function createWinnerEmailReactor(options: WinnerEmailOptions): Reactor {
  const { store, knex, outbox, publicUrl } = options
  const userKeys = options.userKeys ?? knexUserKeyReader(knex)
  const logger = options.logger.child({ reactor: winnerEmailName })

  async function react(event: RecordedEvent): Promise<void> {
    const log = logger.child({ eventId: event.id, streamId: event.streamId })
    const parsed = competitionEvents.DrawCompleted.safeParse(event.data)
    if (!parsed.success) return void log.error('unreadable DrawCompleted; no email')
    const { competitionId, winnerUserId, winningEntryId, winningTicket, publicRandomness } = parsed.data
    if (event.streamId !== competitionStream(competitionId))
      return void log.error({ competitionId }, 'a draw on another stream; no email')
    const competition = await drawnCompetition(store, event, winningEntryId)
    if (!competition)
      return void log.error({ competitionId }, 'the winning entry or the title is missing; no email')
    const recipient = await entrantRecipient({ store, userKeys }, winnerUserId, log)
    if (!recipient) return
    const mail = winnerEmail({
      firstName: recipient.firstName,
      competitionId,
      competitionTitle: competition.title,
      prize: competition.prize,
      cashAlternativePence: competition.cashAlternativePence,
      ticketNumber: winningTicket,
      entryReference: competition.entryReference,
      publicUrl,
      randomness: randomnessOf(publicRandomness, competition.sealed),
    })
    const queued = await outbox.enqueue({
      key: event.id,
      template: winnerEmailName,
      userId: winnerUserId,
      mail: { to: recipient.to, ...mail },
    })
    log.info({ queued }, 'winner email')
  }

  return {
    name: winnerEmailName,
    filter: { streamPrefixes: [competitionStreamPrefix], eventTypes: ['DrawCompleted'] },
    react,
  }
}

export function startWinnerEmail(options: WinnerEmailOptions): Promise<RunningReactor> {
  return startReactor({
    store: options.store,
    knex: options.knex,
    logger: options.logger,
    reactor: createWinnerEmailReactor(options),
    ...(options.retryDelayMs === undefined ? {} : { retryDelayMs: options.retryDelayMs }),
  })
}
