import type { Knex } from 'knex'
import type { MailTemplate } from './plan'

const table = 'sent_emails'

/**
 * Claims the right to send the email for one event. True for exactly one caller, ever: a
 * repeat (a restart before the checkpoint moved, a second process) finds the row and gets false.
 */
export async function claimEmail(
  knex: Knex,
  eventId: string,
  template: MailTemplate | 'entry-confirmation',
): Promise<boolean> {
  const inserted = await knex(table)
    .insert({ event_id: eventId, template })
    .onConflict('event_id')
    .ignore()
    .returning('event_id')
  return inserted.length === 1
}

export async function markEmailSent(knex: Knex, eventId: string): Promise<void> {
  await knex(table).where({ event_id: eventId }).update({ sent_at: knex.fn.now(), error: null })
}

export async function markEmailFailed(knex: Knex, eventId: string, error: string): Promise<void> {
  await knex(table).where({ event_id: eventId }).update({ error })
}
