import { competitionEvents, competitionStreamPrefix, entryEvents } from '@prizes/contracts'
import type { EventStore, RecordedEvent } from '@prizes/event-store'
import type { Logger } from '@prizes/platform'
import type { Knex } from 'knex'
import { entrantRecipient } from '../account-mail/recipient'
import { competitionTitles } from '../entries/competition-titles'
import type { MailOutbox } from '../mail/outbox'
import { drawResultEmail } from '../mail/templates/draw-result-emails'
import { type Reactor, type RunningReactor, startReactor } from '../runner'
import { knexUserKeyReader, type UserKeyReader } from '../user-keys'

export interface DrawResultEmailOptions {
  readonly store: EventStore
  /** `reactor_checkpoints`, `user_keys`, `draw_result_entries`, `draw_result_closes`. */
  readonly knex: Knex
  readonly logger: Logger
  readonly outbox: MailOutbox
  /** PUBLIC_URL, for the link to the dashboard. */
  readonly publicUrl: string
  readonly userKeys?: UserKeyReader
  readonly retryDelayMs?: number
  /** Entries told per batch at a close; 200 unless given. */
  readonly batchSize?: number
  readonly now?: () => Date
}

export const drawResultEmailName = 'draw-result-email'
/** The template name in `mail_outbox`. */
export const drawResultTemplate = 'draw-result'
/** The outbox key of one entry's result: one email per entry, however often the close is handled. */
export const drawResultKey = (entryId: string) => `${drawResultTemplate}:${entryId}`

/**
 * A close recorded this long before the reactor reaches it is history (a first start replaying
 * the log, its draw long done): its entrants are not told now, weeks late.
 */
const staleCloseMs = 7 * 24 * 60 * 60 * 1000

/**
 * At the close, tells each entrant whether their entry is in the draw (issue 24): one email per
 * entry, since each entry has its own reference, tickets and answer (the same entrant may
 * answer two purchases differently). The reactor keeps `draw_result_entries` as the log goes:
 * a row per allocation (paid or postal) with its answer's correctness, marked withdrawn when a
 * refund or dispute takes it off the list before the close, and put back when a dispute ends
 * with the entry reinstated, just as the seal decides. On CompetitionClosed it pages through
 * that competition's rows not yet told, `batchSize` at a time (never one query or fold over all
 * of them): each email is queued under the entry's key, then the batch is marked told. A crash
 * between the two queues the same keys again, which adds nothing; the checkpoint moves past the
 * close only once every row is told, so a restart neither sends twice nor skips anyone.
 * Withdrawn entries are marked told without an email: their refund or dispute was their news.
 */
export function createDrawResultEmailReactor(options: DrawResultEmailOptions): Reactor {
  const { store, knex, outbox, publicUrl } = options
  const userKeys = options.userKeys ?? knexUserKeyReader(knex)
  const titles = competitionTitles(store)
  const batchSize = options.batchSize ?? 200
  const now = options.now ?? (() => new Date())
  const logger = options.logger.child({ reactor: drawResultEmailName })
  const entries = () => knex('draw_result_entries')

  /** Off the list before the close; after it, the sealed list stands and nothing changes. */
  async function setWithdrawn(competitionId: string, entryId: string, withdrawn: boolean) {
    await entries()
      .where({ entry_id: entryId, competition_id: competitionId })
      .whereNotExists(
        knex('draw_result_closes').where({ competition_id: competitionId }).select(knex.raw('1')),
      )
      .update({ withdrawn })
  }

  async function tell(event: RecordedEvent, competitionId: string, log: Logger) {
    const title = (await titles.at(competitionId, event.revision)) ?? 'The competition'
    let told = 0
    for (;;) {
      const batch: Array<{
        entry_id: string
        user_id: string
        entry_reference: string
        ticket_numbers: number[]
        answer_correct: boolean
        withdrawn: boolean
      }> = await entries()
        .where({ competition_id: competitionId })
        .whereNull('told_at')
        .orderBy('entry_id')
        .limit(batchSize)
      if (batch.length === 0) break
      for (const row of batch) {
        if (row.withdrawn) continue
        const recipient = await entrantRecipient({ store, userKeys }, row.user_id, log)
        if (!recipient) continue
        const mail = drawResultEmail({
          firstName: recipient.firstName,
          competitionTitle: title,
          entryReference: row.entry_reference,
          ticketNumbers: row.ticket_numbers,
          inTheDraw: row.answer_correct,
          publicUrl,
        })
        await outbox.enqueue({
          key: drawResultKey(row.entry_id),
          template: drawResultTemplate,
          userId: row.user_id,
          mail: { to: recipient.to, ...mail },
        })
      }
      await entries()
        .whereIn(
          'entry_id',
          batch.map((row) => row.entry_id),
        )
        .update({ told_at: now() })
      told += batch.length
      if (batch.length < batchSize) break
    }
    log.info({ competitionId, told }, 'entrants told whether they are in the draw')
  }

  async function react(event: RecordedEvent): Promise<void> {
    const log = logger.child({ eventId: event.id, streamId: event.streamId })
    switch (event.type) {
      case 'TicketsAllocated':
      case 'PostalEntryRecorded': {
        const parsed = entryEvents[event.type].safeParse(event.data)
        if (!parsed.success) return void log.error(`unreadable ${event.type}; no result email`)
        const { entryId, competitionId, userId, entryReference, ticketNumbers, answerCorrect } = parsed.data
        await entries()
          .insert({
            entry_id: entryId,
            competition_id: competitionId,
            user_id: userId,
            entry_reference: entryReference,
            ticket_numbers: JSON.stringify(ticketNumbers),
            answer_correct: answerCorrect,
          })
          .onConflict('entry_id')
          .ignore()
        return
      }
      case 'EntryRefundRequested':
      case 'EntryRefunded':
      case 'EntryDisputed': {
        const parsed = entryEvents[event.type].safeParse(event.data)
        if (parsed.success) await setWithdrawn(parsed.data.competitionId, parsed.data.entryId, true)
        return
      }
      case 'EntryDisputeClosed': {
        const parsed = entryEvents.EntryDisputeClosed.safeParse(event.data)
        if (parsed.success && parsed.data.reinstated) {
          await setWithdrawn(parsed.data.competitionId, parsed.data.entryId, false)
        }
        return
      }
      case 'CompetitionClosed': {
        const parsed = competitionEvents.CompetitionClosed.safeParse(event.data)
        if (!parsed.success) return void log.error('unreadable CompetitionClosed; no result emails')
        const { competitionId } = parsed.data
        const closedAt = new Date(event.recordedAt)
        await knex('draw_result_closes')
          .insert({ competition_id: competitionId, closed_at: closedAt })
          .onConflict('competition_id')
          .ignore()
        if (now().getTime() - closedAt.getTime() > staleCloseMs) {
          return void log.warn({ competitionId }, 'a close long past; its entrants are not told now')
        }
        await tell(event, competitionId, log)
        return
      }
      default:
        return
    }
  }

  return {
    name: drawResultEmailName,
    filter: {
      streamPrefixes: [competitionStreamPrefix],
      eventTypes: [
        'TicketsAllocated',
        'PostalEntryRecorded',
        'EntryRefundRequested',
        'EntryRefunded',
        'EntryDisputed',
        'EntryDisputeClosed',
        'CompetitionClosed',
      ],
    },
    react,
  }
}

export function startDrawResultEmail(options: DrawResultEmailOptions): Promise<RunningReactor> {
  return startReactor({
    store: options.store,
    knex: options.knex,
    logger: options.logger,
    reactor: createDrawResultEmailReactor(options),
    ...(options.retryDelayMs === undefined ? {} : { retryDelayMs: options.retryDelayMs }),
  })
}
